package mail_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"interno/adapters/mail"
	"interno/core/email"
)

var errRelayDown = errors.New("dial tcp: connection refused")

// newDispatcher wires a dispatcher to fakes with a quiet logger.
func newDispatcher(store *fakeStore, sender *fakeSender, clock *testClock, opts mail.DispatcherOptions) *mail.Dispatcher {
	opts.Clock = clock.Now
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	return mail.NewDispatcher(store, sender, opts)
}

// drain runs DrainOnce and fails the test on a store error.
func drain(t *testing.T, d *mail.Dispatcher) int {
	t.Helper()
	n, err := d.DrainOnce(context.Background())
	if err != nil {
		t.Fatalf("DrainOnce: %v", err)
	}
	return n
}

func TestDispatcher_DrainOnce(t *testing.T) {
	t.Run("SendsDueJobsOldestFirst", func(t *testing.T) {
		clock, store, sender := newTestClock(), &fakeStore{}, &fakeSender{}
		a := store.add("password_reset", "a@example.com", clock.Now().Add(-time.Minute))
		b := store.add("password_reset", "b@example.com", clock.Now())
		later := store.add("appointment_reminder", "c@example.com", clock.Now().Add(time.Hour))
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{})
		if n := drain(t, d); n != 2 {
			t.Fatalf("sent = %d, want 2", n)
		}
		if got := sender.calls(); !slices.Equal(got, []string{"a@example.com", "b@example.com"}) {
			t.Errorf("send order = %v", got)
		}
		if !store.job(a).sentAt.Equal(pinned) || store.job(b).sentAt.IsZero() || !store.job(later).sentAt.IsZero() {
			t.Errorf("sent marks wrong: %+v %+v %+v", store.job(a), store.job(b), store.job(later))
		}
		if n := drain(t, d); n != 0 {
			t.Errorf("second drain sent %d, want 0", n)
		}
	})
	t.Run("TransientFailureBacksOffThenSucceeds", func(t *testing.T) {
		clock, store := newTestClock(), &fakeStore{}
		fails := 2
		sender := &fakeSender{fn: func(context.Context, email.Message) error {
			if fails > 0 {
				fails--
				return errRelayDown
			}
			return nil
		}}
		id := store.add("password_reset", "a@example.com", clock.Now())
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{})
		if n := drain(t, d); n != 0 {
			t.Fatalf("sent = %d, want 0", n)
		}
		j := store.job(id)
		if j.Attempts != 1 || j.dead || !j.sendAfter.Equal(pinned.Add(time.Minute)) || j.errText == "" {
			t.Fatalf("after 1st failure: %+v", j)
		}
		drain(t, d) // not due yet: the sender must not be called
		if len(sender.calls()) != 1 {
			t.Fatalf("retried before the backoff elapsed")
		}
		clock.Advance(time.Minute)
		drain(t, d)
		if j := store.job(id); j.Attempts != 2 || !j.sendAfter.Equal(clock.Now().Add(2*time.Minute)) {
			t.Fatalf("after 2nd failure: %+v", j)
		}
		clock.Advance(2 * time.Minute)
		if n := drain(t, d); n != 1 || store.job(id).sentAt.IsZero() {
			t.Fatalf("third attempt: sent = %d, job %+v", n, store.job(id))
		}
	})
	t.Run("DeadAfterMaxAttempts", func(t *testing.T) {
		clock, store := newTestClock(), &fakeStore{}
		sender := &fakeSender{fn: func(context.Context, email.Message) error { return errRelayDown }}
		id := store.add("password_reset", "a@example.com", clock.Now())
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{
			MaxAttempts: 4, Backoff: mail.ExponentialBackoff(10*time.Second, 25*time.Second)})
		for range 10 {
			drain(t, d)
			clock.Advance(time.Minute)
		}
		j := store.job(id)
		if !j.dead || j.Attempts != 4 || len(sender.calls()) != 4 {
			t.Fatalf("job %+v after %d sends; want dead after 4", j, len(sender.calls()))
		}
		var waits []time.Duration
		for i, at := range j.retryAts[:3] {
			waits = append(waits, at.Sub(pinned.Add(time.Duration(i)*time.Minute)))
		}
		if want := []time.Duration{10 * time.Second, 20 * time.Second, 25 * time.Second}; !slices.Equal(waits, want) {
			t.Errorf("backoff = %v, want %v", waits, want)
		}
		if !j.retryAts[3].IsZero() {
			t.Errorf("dead job has a retry time %v", j.retryAts[3])
		}
	})
	t.Run("PermanentFailureIsDeadAtOnce", func(t *testing.T) {
		clock, store := newTestClock(), &fakeStore{}
		sender := &fakeSender{fn: func(context.Context, email.Message) error {
			return mail.Permanent(errors.New("550 5.1.1 no such user"))
		}}
		id := store.add("password_reset", "a@example.com", clock.Now())
		drain(t, newDispatcher(store, sender, clock, mail.DispatcherOptions{}))
		if j := store.job(id); !j.dead || j.Attempts != 1 {
			t.Fatalf("job %+v, want dead after one attempt", j)
		}
	})
	t.Run("RelevanceVeto", func(t *testing.T) {
		clock, store, sender := newTestClock(), &fakeStore{}, &fakeSender{}
		stale := store.add("unread_message", "read@example.com", clock.Now())
		fresh := store.add("unread_message", "unread@example.com", clock.Now())
		other := store.add("password_reset", "reset@example.com", clock.Now())
		var checked []int64
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{Relevance: map[string]mail.RelevanceCheck{
			"unread_message": func(_ context.Context, job mail.QueuedJob) (bool, error) {
				checked = append(checked, job.ID)
				return job.Message.To == "unread@example.com", nil
			},
		}})
		if n := drain(t, d); n != 2 {
			t.Fatalf("sent = %d, want 2", n)
		}
		if got := sender.calls(); !slices.Equal(got, []string{"unread@example.com", "reset@example.com"}) {
			t.Errorf("sent to %v", got)
		}
		if !slices.Equal(checked, []int64{stale, fresh}) {
			t.Errorf("checked %v; password_reset must not be checked", checked)
		}
		if j := store.job(stale); !j.dead || j.errText != mail.SkippedReason || !j.sentAt.IsZero() {
			t.Errorf("vetoed job %+v", j)
		}
		if store.job(other).sentAt.IsZero() {
			t.Errorf("unchecked kind not sent")
		}
	})
	t.Run("RelevanceErrorRetriesLater", func(t *testing.T) {
		clock, store, sender := newTestClock(), &fakeStore{}, &fakeSender{}
		id := store.add("unread_message", "a@example.com", clock.Now())
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{Relevance: map[string]mail.RelevanceCheck{
			"unread_message": func(context.Context, mail.QueuedJob) (bool, error) { return false, errors.New("db busy") },
		}})
		drain(t, d)
		if j := store.job(id); j.dead || j.Attempts != 1 || len(sender.calls()) != 0 {
			t.Fatalf("job %+v", j)
		}
	})
	t.Run("StoreErrorIsReturned", func(t *testing.T) {
		clock, store := newTestClock(), &fakeStore{dueErr: errors.New("database is locked")}
		if _, err := newDispatcher(store, &fakeSender{}, clock, mail.DispatcherOptions{}).DrainOnce(context.Background()); err == nil {
			t.Fatal("DrainOnce hid the store error")
		}
	})
	t.Run("StopsBeforeTheLeaseRunsOut", func(t *testing.T) {
		clock, store := newTestClock(), &fakeStore{}
		sender := &fakeSender{fn: func(context.Context, email.Message) error { clock.Advance(90 * time.Second); return nil }}
		for _, to := range []string{"a@example.com", "b@example.com", "c@example.com"} {
			store.add("password_reset", to, clock.Now())
		}
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{Lease: 3 * time.Minute, SendTimeout: time.Minute})
		if n := drain(t, d); n != 2 {
			t.Fatalf("sent = %d, want 2 (the third would outlive the lease)", n)
		}
	})
}

func TestExponentialBackoff(t *testing.T) {
	backoff := mail.ExponentialBackoff(time.Minute, 2*time.Hour)
	want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
		16 * time.Minute, 32 * time.Minute, 64 * time.Minute, 2 * time.Hour, 2 * time.Hour}
	for i, w := range want {
		if got := backoff(i + 1); got != w {
			t.Errorf("attempt %d: %v, want %v", i+1, got, w)
		}
	}
	if got := backoff(1000); got != 2*time.Hour {
		t.Errorf("attempt 1000: %v (overflow?)", got)
	}
}

// startRun runs d.Run in the background; stop cancels it and returns Run's
// result, failing the test if Run does not return promptly.
func startRun(t *testing.T, d *mail.Dispatcher) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	stopped := false
	stop = func() error {
		t.Helper()
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(2 * time.Second):
			t.Fatal("Run did not return after cancellation")
			return nil
		}
	}
	t.Cleanup(func() {
		if !stopped {
			_ = stop()
		}
	})
	return stop
}

func TestDispatcher_Run(t *testing.T) {
	t.Run("WakeSendsPromptly", func(t *testing.T) {
		clock, sender := newTestClock(), &fakeSender{}
		store := &fakeStore{dues: make(chan struct{}, 1)}
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{PollInterval: time.Hour})
		startRun(t, d)
		<-store.dues // the first drain runs at start, on an empty queue
		store.add("password_reset", "a@example.com", clock.Now())
		d.Wake()
		eventually(t, "the woken dispatcher sends", func() bool { return len(sender.calls()) == 1 })
	})
	t.Run("WakeNeverBlocks", func(t *testing.T) {
		d := newDispatcher(&fakeStore{}, &fakeSender{}, newTestClock(), mail.DispatcherOptions{})
		for range 100 {
			d.Wake() // nobody runs the loop
		}
	})
	t.Run("PollsWithoutWake", func(t *testing.T) {
		clock, store, sender := newTestClock(), &fakeStore{}, &fakeSender{}
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{PollInterval: 10 * time.Millisecond})
		startRun(t, d)
		store.add("password_reset", "a@example.com", clock.Now())
		eventually(t, "the poll sends", func() bool { return len(sender.calls()) == 1 })
	})
	t.Run("FullBatchDrainsAtOnce", func(t *testing.T) {
		clock, store, sender := newTestClock(), &fakeStore{}, &fakeSender{}
		for range 7 {
			store.add("results", "a@example.com", clock.Now())
		}
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{PollInterval: time.Hour, Batch: 2})
		startRun(t, d)
		eventually(t, "all batches are sent", func() bool { return len(sender.calls()) == 7 })
	})
	t.Run("SurvivesStoreErrors", func(t *testing.T) {
		clock, sender := newTestClock(), &fakeSender{}
		store := &fakeStore{dueErr: errors.New("database is locked")}
		store.add("password_reset", "a@example.com", clock.Now())
		d := newDispatcher(store, sender, clock, mail.DispatcherOptions{PollInterval: 10 * time.Millisecond})
		startRun(t, d)
		eventually(t, "the next poll sends", func() bool { return len(sender.calls()) == 1 })
	})
	t.Run("ReturnsNilOnCancel", func(t *testing.T) {
		d := newDispatcher(&fakeStore{}, &fakeSender{}, newTestClock(), mail.DispatcherOptions{})
		if err := startRun(t, d)(); err != nil {
			t.Fatalf("Run = %v, want nil", err)
		}
	})
	t.Run("CancelMidSendLeavesJobForLater", func(t *testing.T) {
		clock, store := newTestClock(), &fakeStore{}
		sending := make(chan struct{})
		sender := &fakeSender{fn: func(ctx context.Context, _ email.Message) error {
			close(sending)
			<-ctx.Done()
			return ctx.Err()
		}}
		id := store.add("password_reset", "a@example.com", clock.Now())
		stop := startRun(t, newDispatcher(store, sender, clock, mail.DispatcherOptions{}))
		<-sending
		if err := stop(); err != nil {
			t.Fatalf("Run = %v, want nil", err)
		}
		if j := store.job(id); j.Attempts != 0 || j.dead || !j.sentAt.IsZero() {
			t.Fatalf("shutdown counted against the job: %+v", j)
		}
	})
}
