package messaging

import (
	"context"
	"sort"
	"sync"

	"interno/core/email"
	"interno/core/kernel"
	"interno/core/live"
)

// memRepo is an in-memory Repository with the store's contract.
type memRepo struct {
	mu       sync.Mutex
	contacts map[int64]Contact
	msgs     []Message
	next     int64
	users    map[int64]Account
	dsg      map[int64]kernel.DesignerRef
}

func newMemRepo() *memRepo {
	return &memRepo{contacts: map[int64]Contact{}, users: map[int64]Account{}, dsg: map[int64]kernel.DesignerRef{}}
}

func (m *memRepo) fill(c Contact) Contact {
	d := m.dsg[c.DesignerID]
	c.DesignerUserID, c.DesignerName, c.DesignerEmail = d.UserID, d.Name, m.users[d.UserID].Email
	c.CustomerName, c.CustomerEmail = m.users[c.CustomerID].Name, m.users[c.CustomerID].Email
	return c
}

func (m *memRepo) Ensure(_ context.Context, c Contact) (Contact, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, x := range m.contacts {
		if x.DesignerID == c.DesignerID && x.CustomerID == c.CustomerID {
			return m.fill(x), false, nil
		}
	}
	m.next++
	c.ID = m.next
	m.contacts[c.ID] = c
	return m.fill(c), true, nil
}

func (m *memRepo) Get(_ context.Context, id int64) (Contact, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.contacts[id]
	if !ok {
		return Contact{}, ErrNotFound
	}
	return m.fill(c), nil
}

func (m *memRepo) Update(ctx context.Context, id int64, fn func(ctx context.Context, c *Contact) error) (Contact, error) {
	c, err := m.Get(ctx, id)
	if err != nil {
		return Contact{}, err
	}
	if err := fn(ctx, &c); err != nil {
		return Contact{}, err
	}
	m.mu.Lock()
	m.contacts[id] = c
	m.mu.Unlock()
	return c, nil
}

func (m *memRepo) AddMessage(_ context.Context, msg *Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, x := range m.msgs {
		if msg.ClientID != "" && x.SenderID == msg.SenderID && x.ClientID == msg.ClientID {
			return ErrClientIDTaken
		}
	}
	m.next++
	msg.ID = m.next
	m.msgs = append(m.msgs, *msg)
	return nil
}

func (m *memRepo) MessageByClientID(_ context.Context, sender int64, id string) (Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, x := range m.msgs {
		if x.SenderID == sender && x.ClientID == id {
			return x, nil
		}
	}
	return Message{}, ErrNotFound
}

func (m *memRepo) Messages(_ context.Context, q MessageQuery) ([]Message, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var all []Message
	for _, x := range m.msgs {
		if x.ContactID == q.ContactID && (q.After == 0 || x.ID > q.After) && (q.Before == 0 || x.ID < q.Before) {
			all = append(all, x)
		}
	}
	if q.After > 0 {
		if len(all) > q.Limit {
			return all[:q.Limit], true, nil
		}
		return all, false, nil
	}
	if len(all) > q.Limit {
		return all[len(all)-q.Limit:], true, nil
	}
	return all, false, nil
}

func (m *memRepo) List(_ context.Context, q ListQuery) ([]Contact, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Contact
	for _, c := range m.contacts {
		if (q.CustomerID != 0 && c.CustomerID == q.CustomerID) || (q.DesignerID != 0 && c.DesignerID == q.DesignerID) {
			out = append(out, m.fill(c))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UpdatedAt.After(out[j].UpdatedAt) })
	return out, len(out), nil
}

func (m *memRepo) CountUnread(ctx context.Context, q ListQuery) (int, error) {
	list, _, _ := m.List(ctx, q)
	n := 0
	for _, c := range list {
		if (q.CustomerID != 0 && c.UserUnread) || (q.DesignerID != 0 && c.DesignerUnread) {
			n++
		}
	}
	return n, nil
}

func (m *memRepo) OfUser(_ context.Context, userID int64) ([]Contact, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Contact
	for _, c := range m.contacts {
		c = m.fill(c)
		if c.CustomerID == userID || c.DesignerUserID == userID {
			out = append(out, c)
		}
	}
	return out, nil
}

func (m *memRepo) Designer(_ context.Context, id int64) (kernel.DesignerRef, error) {
	if d, ok := m.dsg[id]; ok {
		return d, nil
	}
	return kernel.DesignerRef{}, ErrDesignerNotFound
}

func (m *memRepo) OfUser2(userID int64) (kernel.DesignerRef, error) {
	for _, d := range m.dsg {
		if d.UserID == userID {
			return d, nil
		}
	}
	return kernel.DesignerRef{}, ErrDesignerNotFound
}

func (m *memRepo) Account(_ context.Context, id int64) (Account, error) { return m.users[id], nil }

// memDesigners adapts memRepo to Designers (OfUser clashes with the repository's).
type memDesigners struct{ m *memRepo }

func (d memDesigners) Designer(ctx context.Context, id int64) (kernel.DesignerRef, error) {
	return d.m.Designer(ctx, id)
}
func (d memDesigners) OfUser(_ context.Context, id int64) (kernel.DesignerRef, error) {
	return d.m.OfUser2(id)
}

// memQueue records queued e-mails and cancellations like the durable queue.
type memQueue struct {
	mu   sync.Mutex
	jobs map[string]email.Job
	keys []string
}

func (q *memQueue) Enqueue(_ context.Context, j email.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.jobs == nil {
		q.jobs = map[string]email.Job{}
	}
	if _, ok := q.jobs[j.DedupeKey]; ok {
		return nil
	}
	q.jobs[j.DedupeKey] = j
	q.keys = append(q.keys, j.DedupeKey)
	return nil
}

func (q *memQueue) Cancel(_ context.Context, key string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.jobs, key)
	return nil
}

func (q *memQueue) pending() []email.Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []email.Job
	for _, k := range q.keys {
		if j, ok := q.jobs[k]; ok {
			out = append(out, j)
		}
	}
	return out
}

type directTx struct{}

func (directTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

type memEvents struct {
	mu  sync.Mutex
	got []live.Event
	to  [][]int64
}

func (e *memEvents) Publish(_ context.Context, ev live.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.got = append(e.got, ev)
	e.to = append(e.to, ev.To)
}
