package mail_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"interno/adapters/mail"
	"interno/core/email"
)

// testClock is a clock tests move by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func newTestClock() *testClock { return &testClock{now: pinned} }

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// storedJob is a queue row of the fake store.
type storedJob struct {
	mail.QueuedJob
	sendAfter  time.Time
	leaseUntil time.Time
	sentAt     time.Time
	dead       bool
	errText    string
	retryAts   []time.Time
}

// fakeStore is an in-memory Store with the claiming rules of the real one.
type fakeStore struct {
	mu     sync.Mutex
	jobs   []*storedJob
	nextID int64
	dueErr error
	dues   chan struct{} // receives once per Due call when not nil
}

// add enqueues a message of kind due at sendAfter and returns its id.
func (s *fakeStore) add(kind string, to string, sendAfter time.Time) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	s.jobs = append(s.jobs, &storedJob{
		QueuedJob: mail.QueuedJob{ID: s.nextID, Kind: kind, Message: email.Message{To: to, Subject: kind, Text: "ciao"}},
		sendAfter: sendAfter,
	})
	return s.nextID
}

func (s *fakeStore) Due(_ context.Context, now, leaseUntil time.Time, limit int) ([]mail.QueuedJob, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dues != nil {
		select {
		case s.dues <- struct{}{}:
		default:
		}
	}
	if s.dueErr != nil {
		err := s.dueErr
		s.dueErr = nil
		return nil, err
	}
	var out []mail.QueuedJob
	for _, j := range s.jobs {
		if len(out) == limit {
			break
		}
		if j.sentAt.IsZero() && !j.dead && !j.sendAfter.After(now) && !j.leaseUntil.After(now) {
			j.leaseUntil = leaseUntil
			out = append(out, j.QueuedJob)
		}
	}
	return out, nil
}

func (s *fakeStore) MarkSent(_ context.Context, id int64, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	j := s.find(id)
	j.sentAt, j.leaseUntil = at, time.Time{}
	return nil
}

func (s *fakeStore) MarkFailed(_ context.Context, id int64, _ time.Time, errText string, retryAt time.Time, dead bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	j := s.find(id)
	j.Attempts++
	j.errText, j.dead, j.sendAfter, j.leaseUntil = errText, dead, retryAt, time.Time{}
	j.retryAts = append(j.retryAts, retryAt)
	return nil
}

func (s *fakeStore) find(id int64) *storedJob {
	i := slices.IndexFunc(s.jobs, func(j *storedJob) bool { return j.ID == id })
	return s.jobs[i]
}

// job returns a copy of one row.
func (s *fakeStore) job(id int64) storedJob {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.find(id)
}

// fakeSender records messages and answers with fn.
type fakeSender struct {
	mu   sync.Mutex
	fn   func(ctx context.Context, msg email.Message) error
	sent []string // recipients, in call order
}

func (f *fakeSender) Send(ctx context.Context, msg email.Message) error {
	f.mu.Lock()
	f.sent = append(f.sent, msg.To)
	fn := f.fn
	f.mu.Unlock()
	if fn == nil {
		return nil
	}
	return fn(ctx, msg)
}

func (f *fakeSender) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.sent...)
}

// eventually polls cond until it holds or two seconds pass.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
