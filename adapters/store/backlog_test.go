package store_test

import (
	"context"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/email"
	"interno/core/trace"
)

// The queue depth and lateness the metrics read, and the request id a job
// keeps for its worker's log lines, on both engines.
func TestEmailQueue_BacklogAndRequestID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		q := store.NewEmailQueue(db)
		ctx := context.Background()
		now := time.Now().UTC().Truncate(time.Second)
		if n, oldest, err := q.Backlog(ctx, now); err != nil || n != 0 || !oldest.IsZero() {
			t.Fatalf("empty queue: %d %v %v", n, oldest, err)
		}
		reqCtx := trace.WithRequestID(ctx, "req-backlog-01")
		msg := func(to string) email.Message { return email.Message{To: to, Subject: "s", Text: "t"} }
		for _, j := range []email.Job{
			{Kind: "a", Message: msg("a@example.com"), SendAfter: now.Add(-90 * time.Second)},
			{Kind: "b", Message: msg("b@example.com"), SendAfter: now.Add(-10 * time.Second)},
			{Kind: "c", Message: msg("c@example.com"), SendAfter: now.Add(time.Hour)}, // scheduled, not due
		} {
			if err := q.Enqueue(reqCtx, j); err != nil {
				t.Fatal(err)
			}
		}
		n, oldest, err := q.Backlog(ctx, now)
		if err != nil || n != 3 {
			t.Fatalf("backlog: %d %v", n, err)
		}
		if got := now.Sub(oldest); got != 90*time.Second {
			t.Errorf("oldest due job is %v late, want 1m30s (oldest=%v)", got, oldest)
		}
		jobs, err := q.Due(ctx, now, now.Add(time.Minute), 10)
		if err != nil || len(jobs) != 2 {
			t.Fatalf("due: %d %v", len(jobs), err)
		}
		for _, j := range jobs {
			if j.RequestID != "req-backlog-01" {
				t.Errorf("job %d keeps request id %q", j.ID, j.RequestID)
			}
			if err := q.MarkSent(ctx, j.ID, now); err != nil {
				t.Fatal(err)
			}
		}
		if n, oldest, err := q.Backlog(ctx, now); err != nil || n != 1 || !oldest.IsZero() {
			t.Fatalf("after sending the due ones: %d %v %v (want 1 scheduled, none due)", n, oldest, err)
		}
	})
}
