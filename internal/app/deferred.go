package app

import (
	"context"
	"log/slog"
	"time"

	"interno/core/trace"
)

// deferredQueue bounds the work waiting to run after its request was
// answered; beyond it new work is dropped with a warning (the throttles in
// front of the only user, password-reset requests, keep it far from full).
const deferredQueue = 1024

// deferred runs work after the request that asked for it has been answered
// (identity.Deferrer): one worker, a bounded queue, each job with a
// deadline; at shutdown the queue is drained with the jobs' own deadlines.
type deferred struct {
	jobs chan deferredJob
	log  *slog.Logger
}

type deferredJob struct {
	name      string
	requestID string
	work      func(context.Context) error
}

func newDeferred(log *slog.Logger) *deferred {
	return &deferred{jobs: make(chan deferredJob, deferredQueue), log: log}
}

// Defer queues work; it never blocks the request. The work runs under a
// context of its own that keeps the request's id (core/trace).
func (d *deferred) Defer(ctx context.Context, name string, work func(context.Context) error) {
	select {
	case d.jobs <- deferredJob{name, trace.RequestID(ctx), work}:
	default:
		d.log.WarnContext(ctx, "deferred work dropped: queue full", "work", name)
	}
}

// run works through the queue until ctx ends, then finishes what is queued.
func (d *deferred) run(ctx context.Context) {
	for {
		select {
		case j := <-d.jobs:
			d.exec(j)
		case <-ctx.Done():
			for {
				select {
				case j := <-d.jobs:
					d.exec(j)
				default:
					return
				}
			}
		}
	}
}

func (d *deferred) exec(j deferredJob) {
	ctx, cancel := context.WithTimeout(trace.WithRequestID(context.Background(), j.requestID), 30*time.Second)
	defer cancel()
	if err := j.work(ctx); err != nil {
		d.log.ErrorContext(ctx, "deferred work failed", "work", j.name, "error", err)
	}
}
