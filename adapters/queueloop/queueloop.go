// Package queueloop is the run loop the dispatchers of the durable queues
// (adapters/mail for e-mail, adapters/webpush for Web Push) share: drain the
// queue every poll interval, at once after a wake-up or after a batch that
// left work behind, log a queue failure and try again at the next tick, and
// stop when the context ends. What a batch does stays with each dispatcher.
package queueloop

import (
	"context"
	"time"
)

// Waker nudges a loop to drain now. Its zero value is not usable: use NewWaker.
type Waker struct{ ch chan struct{} }

// NewWaker returns a waker for one loop.
func NewWaker() Waker { return Waker{ch: make(chan struct{}, 1)} }

// Wake asks the loop to drain now; it never blocks, and wake-ups that come
// while one is pending merge into it.
func (w Waker) Wake() {
	select {
	case w.ch <- struct{}{}:
	default:
	}
}

// Run calls drain at once, then every interval, or at once after w.Wake or
// after a drain that reported more work, until ctx ends. A drain error is
// passed to failed (to log it) and the next drain waits for the interval.
func Run(ctx context.Context, w Waker, interval time.Duration,
	drain func(context.Context) (more bool, err error), failed func(context.Context, error)) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-w.ch:
		}
		more, err := drain(ctx)
		if ctx.Err() != nil {
			return
		}
		next := interval
		if err != nil {
			failed(ctx, err)
		} else if more {
			next = 0
		}
		timer.Reset(next)
	}
}
