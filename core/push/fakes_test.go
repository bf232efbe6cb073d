package push

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"
)

// memStore is an in-memory Repository and Queue.
type memStore struct {
	mu     sync.Mutex
	nextID int64
	subs   map[int64]Subscription
	prefs  map[int64]Preferences
	shown  map[int64]map[string]bool // subscription → tags
	jobs   map[int64]*memJob
}

type memJob struct {
	Job
	sent, dead bool
	lease      time.Time
	lastErr    string
}

func newMemStore() *memStore {
	return &memStore{subs: map[int64]Subscription{}, prefs: map[int64]Preferences{}, shown: map[int64]map[string]bool{}, jobs: map[int64]*memJob{}}
}

func (m *memStore) id() int64 { m.nextID++; return m.nextID }

func (m *memStore) SaveSubscription(_ context.Context, s Subscription) (Subscription, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, old := range m.subs {
		if old.Endpoint == s.Endpoint {
			s.ID, s.CreatedAt = id, old.CreatedAt
			if old.UserID != s.UserID {
				delete(m.shown, id)
			}
			m.subs[id] = s
			return s, false, nil
		}
	}
	s.ID = m.id()
	m.subs[s.ID] = s
	return s, true, nil
}

func (m *memStore) Subscriptions(_ context.Context, userID int64) ([]Subscription, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Subscription
	for _, s := range m.subs {
		if s.UserID == userID {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

func (m *memStore) HasSubscriptions(ctx context.Context, userID int64) (bool, error) {
	l, _ := m.Subscriptions(ctx, userID)
	return len(l) > 0, nil
}

func (m *memStore) DeleteSubscription(_ context.Context, userID int64, endpoint string, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for sid, s := range m.subs {
		if s.UserID == userID && ((endpoint != "" && s.Endpoint == endpoint) || (endpoint == "" && sid == id)) {
			m.drop(sid)
			return nil
		}
	}
	return ErrNotFound
}

func (m *memStore) drop(id int64) {
	delete(m.subs, id)
	delete(m.shown, id)
	for jid, j := range m.jobs {
		if j.SubscriptionID == id {
			delete(m.jobs, jid)
		}
	}
}

func (m *memStore) DropSubscription(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.subs[id]; !ok {
		return ErrNotFound
	}
	m.drop(id)
	return nil
}

func (m *memStore) TrimSubscriptions(_ context.Context, userID int64, keep int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	var mine []Subscription
	for _, s := range m.subs {
		if s.UserID == userID {
			mine = append(mine, s)
		}
	}
	sort.Slice(mine, func(i, j int) bool {
		if !mine[i].UpdatedAt.Equal(mine[j].UpdatedAt) {
			return mine[i].UpdatedAt.After(mine[j].UpdatedAt)
		}
		return mine[i].ID > mine[j].ID
	})
	for _, s := range mine[min(keep, len(mine)):] {
		m.drop(s.ID)
	}
	return nil
}

func (m *memStore) Delivered(_ context.Context, id int64, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.subs[id]
	s.LastSuccessAt = &at
	m.subs[id] = s
	return nil
}

func (m *memStore) Preferences(_ context.Context, userID int64) (Preferences, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.prefs[userID]; ok {
		return p, nil
	}
	return DefaultPreferences, nil
}

func (m *memStore) SavePreferences(_ context.Context, userID int64, p Preferences, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.prefs[userID] = p
	return nil
}

func (m *memStore) MarkShown(_ context.Context, id int64, tag string, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.shown[id] == nil {
		m.shown[id] = map[string]bool{}
	}
	m.shown[id][tag] = true
	return nil
}

func (m *memStore) HasShown(_ context.Context, userID int64, tag string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, tags := range m.shown {
		if m.subs[id].UserID == userID && tags[tag] {
			return true, nil
		}
	}
	return false, nil
}

func (m *memStore) TakeShown(_ context.Context, userID int64, tag string) ([]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []int64
	for id, tags := range m.shown {
		if m.subs[id].UserID == userID && tags[tag] {
			delete(tags, tag)
			out = append(out, id)
		}
	}
	return out, nil
}

func (m *memStore) Enqueue(_ context.Context, j Job) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if j.DedupeKey != "" {
		for _, o := range m.jobs {
			if o.DedupeKey == j.DedupeKey {
				return nil
			}
		}
	}
	j.ID = m.id()
	m.jobs[j.ID] = &memJob{Job: j}
	return nil
}

func (m *memStore) Due(_ context.Context, now, leaseUntil time.Time, limit int) ([]Job, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Job
	ids := make([]int64, 0, len(m.jobs))
	for id := range m.jobs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		j := m.jobs[id]
		if j.sent || j.dead || j.SendAfter.After(now) || j.lease.After(now) || len(out) >= limit {
			continue
		}
		j.lease = leaseUntil
		out = append(out, j.Job)
		if j.SubscriptionID != 0 {
			s := m.subs[j.SubscriptionID]
			out[len(out)-1].Endpoint, out[len(out)-1].P256dh, out[len(out)-1].Auth = s.Endpoint, s.P256dh, s.Auth
		}
	}
	return out, nil
}

func (m *memStore) Expand(_ context.Context, parent Job, children []Job, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.jobs[parent.ID]
	if p == nil || p.sent {
		return nil
	}
	p.sent = true
	for _, c := range children {
		c.ID = m.id()
		m.jobs[c.ID] = &memJob{Job: c}
	}
	return nil
}

func (m *memStore) MarkSent(_ context.Context, id int64, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	j := m.jobs[id]
	if j != nil {
		j.sent, j.lease = true, time.Time{}
	}
	return j != nil, nil
}

func (m *memStore) MarkFailed(_ context.Context, id int64, _ time.Time, errText string, retryAt time.Time, dead bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if j := m.jobs[id]; j != nil {
		j.Attempts++
		j.lastErr, j.SendAfter, j.dead, j.lease = errText, retryAt, dead, time.Time{}
	}
	return nil
}

func (m *memStore) CancelKey(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, j := range m.jobs {
		if j.DedupeKey == key && !j.sent {
			delete(m.jobs, id)
		}
	}
	return nil
}

func (m *memStore) CancelTopic(_ context.Context, userID int64, kind Kind, topic string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, j := range m.jobs {
		if j.UserID == userID && j.Kind == kind && j.Topic == topic && !j.sent {
			delete(m.jobs, id)
		}
	}
	return nil
}

// pending lists the unsent, live jobs of kind (all kinds when empty).
func (m *memStore) pending(kind Kind) []memJob {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []memJob
	for _, j := range m.jobs {
		if !j.sent && !j.dead && (kind == "" || j.Kind == kind) {
			out = append(out, *j)
		}
	}
	sort.Slice(out, func(i, k int) bool { return out[i].ID < out[k].ID })
	return out
}

type directTx struct{}

func (directTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

// okEndpoints accepts https URLs and refuses hosts containing "private".
type okEndpoints struct{}

func (okEndpoints) Check(_ context.Context, endpoint string) error {
	if strings.Contains(endpoint, "private") {
		return ErrEndpointAddress
	}
	if !strings.HasPrefix(endpoint, "https://") {
		return ErrEndpoint
	}
	return nil
}

type onlineSet map[int64]bool

func (o onlineSet) Online(id int64) bool { return o[id] }

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
