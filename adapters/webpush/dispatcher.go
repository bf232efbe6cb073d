package webpush

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"interno/adapters/queueloop"
	"interno/core/push"
	"interno/core/trace"
)

// Deliverer sends one device job; Sender is the real one.
type Deliverer interface {
	Send(ctx context.Context, j push.Job, ttl time.Duration) push.Result
}

// Defaults for DispatcherOptions.
const (
	DefaultPollInterval = 2 * time.Second
	DefaultBatch        = 20
	DefaultLease        = 2 * time.Minute
	DefaultSendTimeout  = 20 * time.Second
)

// DispatcherOptions tune the dispatcher; zero values pick the defaults.
type DispatcherOptions struct {
	PollInterval time.Duration
	Batch        int
	// Lease is how long a claim keeps other instances away from a batch;
	// jobs whose remaining lease is shorter than SendTimeout are left for
	// the next claim rather than risking a second delivery.
	Lease       time.Duration
	SendTimeout time.Duration
	Logger      *slog.Logger
}

// Dispatcher drains the push queue: it claims due jobs, fans account events
// out to devices, delivers device jobs and records each outcome through
// core/push's rules. Every instance runs one; claims keep them apart.
type Dispatcher struct {
	svc    *push.Service
	sender Deliverer
	opts   DispatcherOptions
	wake   queueloop.Waker
}

// NewDispatcher fills in defaults; it starts nothing until Run or DrainOnce.
func NewDispatcher(svc *push.Service, sender Deliverer, opts DispatcherOptions) *Dispatcher {
	if opts.PollInterval <= 0 {
		opts.PollInterval = DefaultPollInterval
	}
	if opts.Batch <= 0 {
		opts.Batch = DefaultBatch
	}
	if opts.SendTimeout <= 0 {
		opts.SendTimeout = DefaultSendTimeout
	}
	if opts.Lease <= 0 {
		opts.Lease = DefaultLease
	}
	if opts.Lease <= opts.SendTimeout {
		opts.Lease = 2 * opts.SendTimeout
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Dispatcher{svc: svc, sender: sender, opts: opts, wake: queueloop.NewWaker()}
}

// Wake makes Run look at the queue now; it never blocks.
func (d *Dispatcher) Wake() { d.wake.Wake() }

// Run drains the queue every PollInterval, or at once after Wake or after a
// batch that left work behind, until ctx ends; it returns nil then. Queue
// errors are logged and retried at the next tick.
func (d *Dispatcher) Run(ctx context.Context) error {
	queueloop.Run(ctx, d.wake, d.opts.PollInterval, d.process, func(ctx context.Context, err error) {
		d.opts.Logger.ErrorContext(ctx, "push dispatcher: queue unavailable", "err", err)
	})
	return nil
}

// DrainOnce claims and processes one batch; it reports whether more work
// may be waiting (a full batch, or events just fanned out to devices).
func (d *Dispatcher) DrainOnce(ctx context.Context) (more bool, err error) {
	return d.process(ctx)
}

func (d *Dispatcher) process(ctx context.Context) (more bool, err error) {
	jobs, err := d.svc.Due(ctx, d.opts.Lease, d.opts.Batch)
	if err != nil {
		return false, fmt.Errorf("claim due pushes: %w", err)
	}
	leaseEnd := d.svc.Now().Add(d.opts.Lease)
	for _, j := range jobs {
		ctx := trace.WithRequestID(ctx, j.RequestID)
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if d.svc.Now().Add(d.opts.SendTimeout).After(leaseEnd) {
			return true, nil // the rest is left for the next claim once our lease ends
		}
		if j.SubscriptionID == 0 {
			n, err := d.svc.Expand(ctx, j)
			if err != nil {
				return false, fmt.Errorf("fan out push %d: %w", j.ID, err)
			}
			more = more || n > 0
			continue
		}
		if err := d.deliver(ctx, j); err != nil {
			return false, err
		}
	}
	return more || len(jobs) >= d.opts.Batch, nil
}

// deliver sends one device job and records the outcome.
func (d *Dispatcher) deliver(ctx context.Context, j push.Job) error {
	log := d.opts.Logger.With("push", j.ID, "kind", j.Kind, "user", j.UserID, "device", j.SubscriptionID)
	if j.Endpoint == "" {
		return d.svc.Record(ctx, j, push.Result{Outcome: push.Gone, Detail: "device deleted"})
	}
	ttl, ok := d.svc.TTL(j)
	if !ok {
		log.InfoContext(ctx, "push expired before delivery")
		return d.svc.Expired(ctx, j)
	}
	sctx, cancel := context.WithTimeout(ctx, d.opts.SendTimeout)
	r := d.sender.Send(sctx, j, ttl)
	cancel()
	if ctx.Err() != nil {
		// Shutting down: the lease runs out and the job is retried.
		return ctx.Err()
	}
	switch r.Outcome {
	case push.Delivered:
		log.DebugContext(ctx, "push delivered")
	case push.Gone:
		log.InfoContext(ctx, "push device gone, deleting it", "answer", r.Detail)
	case push.Rejected:
		log.ErrorContext(ctx, "push refused for good", "answer", r.Detail)
	case push.Retry:
		log.WarnContext(ctx, "push failed, will retry", "attempt", j.Attempts+1, "retry_after", r.RetryAfter, "answer", r.Detail)
	}
	if err := d.svc.Record(ctx, j, r); err != nil {
		return fmt.Errorf("record push %d: %w", j.ID, err)
	}
	return nil
}
