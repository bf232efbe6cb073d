package queueloop

import (
	"context"
	"errors"
	"testing"
	"time"
)

// With an interval far beyond the test, every drain after the first comes
// from a wake-up or from the previous drain reporting more work; an error is
// reported and the loop waits (here: for the next wake-up); cancelling ends it.
func TestRun_DrainsAtStartOnWakeAndWhileMoreAndReportsErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := NewWaker()
	type result struct {
		more bool
		err  error
	}
	answers := make(chan result)
	drains := make(chan struct{})
	failures := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, w, time.Hour, func(context.Context) (bool, error) {
			drains <- struct{}{}
			r := <-answers
			return r.more, r.err
		}, func(_ context.Context, err error) { failures <- err })
	}()
	step := func(what string, r result) {
		t.Helper()
		select {
		case <-drains:
		case <-time.After(10 * time.Second):
			t.Fatalf("no drain %s", what)
		}
		answers <- r
	}
	step("at start", result{})
	w.Wake()
	w.Wake() // merges with the pending one
	step("after a wake-up", result{more: true})
	step("after a drain that left work", result{err: errors.New("database down")})
	select {
	case err := <-failures:
		if err.Error() != "database down" {
			t.Fatalf("reported %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the failure was not reported")
	}
	select {
	case <-drains:
		t.Fatal("drained again right after a failure instead of waiting")
	default:
	}
	w.Wake()
	step("after the next wake-up", result{})
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not end with its context")
	}
}
