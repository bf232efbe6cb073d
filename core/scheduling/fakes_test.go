package scheduling

import (
	"context"
	"sort"
	"sync"
	"time"

	"interno/core/email"
	"interno/core/kernel"
	"interno/core/live"
	"interno/core/unitofwork"
)

// memRepo is an in-memory Repository with the same contract as the store:
// overlap of live appointments is refused, Update is atomic.
type memRepo struct {
	mu    sync.Mutex
	weeks map[int64][]Window
	appts map[int64]Appointment
	next  int64
	users map[int64][2]string // id → name, e-mail
	dsg   map[int64]kernel.DesignerRef
}

func newMemRepo() *memRepo {
	return &memRepo{weeks: map[int64][]Window{}, appts: map[int64]Appointment{}, users: map[int64][2]string{}, dsg: map[int64]kernel.DesignerRef{}}
}

func (m *memRepo) Week(_ context.Context, id int64) ([]Window, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Window{}, m.weeks[id]...), nil
}

func (m *memRepo) ReplaceWeek(_ context.Context, id int64, w []Window) ([]Window, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := append([]Window{}, w...)
	for i := range out {
		m.next++
		out[i].ID = m.next
	}
	m.weeks[id] = out
	return out, nil
}

func (m *memRepo) CountActive(_ context.Context, id int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, w := range m.weeks[id] {
		if w.Active {
			n++
		}
	}
	return n, nil
}

func (m *memRepo) Busy(_ context.Context, id int64, from, to time.Time) ([]Interval, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Interval
	for _, a := range m.appts {
		if a.DesignerID == id && a.Status.Live() && a.StartsAt.Before(to) && a.EndsAt.After(from) {
			out = append(out, Interval{a.StartsAt, a.EndsAt})
		}
	}
	return out, nil
}

func (m *memRepo) Book(_ context.Context, a *Appointment, now time.Time, check func(int) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	live := 0
	for _, o := range m.appts {
		if o.CustomerID == a.CustomerID && o.DesignerID == a.DesignerID && o.Status.Live() && o.EndsAt.After(now) {
			live++
		}
	}
	if err := check(live); err != nil {
		return err
	}
	for _, o := range m.appts {
		if o.DesignerID == a.DesignerID && o.Status.Live() && o.StartsAt.Before(a.EndsAt) && o.EndsAt.After(a.StartsAt) {
			return ErrSlotTaken
		}
	}
	m.next++
	a.ID, a.CreatedAt, a.UpdatedAt = m.next, now, now
	m.appts[a.ID] = *a
	return nil
}

func (m *memRepo) fill(a Appointment) Appointment {
	c := m.users[a.CustomerID]
	d := m.dsg[a.DesignerID]
	a.CustomerName, a.CustomerEmail = c[0], c[1]
	a.DesignerUserID, a.DesignerName, a.DesignerEmail = d.UserID, d.Name, m.users[d.UserID][1]
	return a
}

func (m *memRepo) UpcomingLive(_ context.Context, designerID int64, now time.Time) ([]Appointment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Appointment
	for _, a := range m.appts {
		if a.DesignerID == designerID && a.Status.Live() && a.StartsAt.After(now) {
			out = append(out, m.fill(a))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].StartsAt.Before(out[j].StartsAt) })
	return out, nil
}

func (m *memRepo) Get(_ context.Context, id int64) (Appointment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.appts[id]
	if !ok {
		return Appointment{}, ErrNotFound
	}
	return m.fill(a), nil
}

func (m *memRepo) Update(_ context.Context, id int64, fn func(*Appointment) error) (Appointment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.appts[id]
	if !ok {
		return Appointment{}, ErrNotFound
	}
	a = m.fill(a)
	if err := fn(&a); err != nil {
		return Appointment{}, err
	}
	m.appts[id] = a
	return a, nil
}

func (m *memRepo) Delete(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.appts[id]
	if !ok {
		return ErrNotFound
	}
	if a.Status != Cancelled {
		return ErrTransition(ActDelete, a.Status)
	}
	delete(m.appts, id)
	return nil
}

func (m *memRepo) List(_ context.Context, q ListQuery) ([]Appointment, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Appointment
	for _, a := range m.appts {
		if (q.CustomerID == 0 || a.CustomerID == q.CustomerID) && (q.DesignerID == 0 || a.DesignerID == q.DesignerID) &&
			(q.Status == "" || a.Status == q.Status) {
			out = append(out, m.fill(a))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].StartsAt.Before(out[j].StartsAt) })
	total := len(out)
	if q.Offset < len(out) {
		out = out[q.Offset:]
	} else {
		out = nil
	}
	if q.Limit > 0 && len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, total, nil
}

func (m *memRepo) CountByStatus(_ context.Context, id int64) (map[Status]int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[Status]int{}
	for _, a := range m.appts {
		if a.DesignerID == id {
			out[a.Status]++
		}
	}
	return out, nil
}

func (m *memRepo) LiveOf(_ context.Context, userID int64) ([]Appointment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Appointment
	for _, a := range m.appts {
		a = m.fill(a)
		if a.Status.Live() && (a.CustomerID == userID || a.DesignerUserID == userID) {
			out = append(out, a)
		}
	}
	return out, nil
}

func (m *memRepo) Designer(_ context.Context, id int64) (kernel.DesignerRef, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.dsg[id]
	if !ok {
		return kernel.DesignerRef{}, ErrDesignerNotFound
	}
	return d, nil
}

func (m *memRepo) OfUser(_ context.Context, userID int64) (kernel.DesignerRef, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, d := range m.dsg {
		if d.UserID == userID {
			return d, nil
		}
	}
	return kernel.DesignerRef{}, ErrDesignerNotFound
}

// memQueue records queued jobs and honours dedupe keys and cancellation.
type memQueue struct {
	mu   sync.Mutex
	jobs []email.Job
}

func (q *memQueue) Enqueue(_ context.Context, j email.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, o := range q.jobs {
		if j.DedupeKey != "" && o.DedupeKey == j.DedupeKey {
			return nil
		}
	}
	q.jobs = append(q.jobs, j)
	return nil
}

func (q *memQueue) Cancel(_ context.Context, key string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.jobs[:0]
	for _, j := range q.jobs {
		if j.DedupeKey != key {
			out = append(out, j)
		}
	}
	q.jobs = out
	return nil
}

func (q *memQueue) to(addr string) []email.Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []email.Job
	for _, j := range q.jobs {
		if j.Message.To == addr {
			out = append(out, j)
		}
	}
	return out
}

type directTx struct{}

func (directTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

// scopedTx runs fn in a unit of work: after-commit effects run only when fn
// succeeds, as with a real database transaction.
type scopedTx struct{}

func (scopedTx) InTx(ctx context.Context, fn func(context.Context) error) error {
	ctx, scope := unitofwork.Begin(ctx)
	if err := fn(ctx); err != nil {
		scope.Discarded()
		return err
	}
	scope.Committed()
	return nil
}

// memEvents records published appointment changes.
type memEvents struct {
	mu   sync.Mutex
	sent []sentChange
}

type sentChange struct {
	users []int64
	c     change
}

// change is what an appointment event says.
type change struct {
	AppointmentID int64
	Status        string
}

func (m *memEvents) Publish(_ context.Context, e live.Event) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e.Kind != live.Appointment {
		panic("scheduling published " + string(e.Kind))
	}
	m.sent = append(m.sent, sentChange{users: append([]int64(nil), e.To...), c: change{e.AppointmentID, e.Status}})
}

func (m *memEvents) take() []sentChange {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.sent
	m.sent = nil
	return out
}
