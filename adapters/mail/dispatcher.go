package mail

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"interno/adapters/queueloop"
	"interno/core/email"
	"interno/core/trace"
)

// Store is the durable queue the dispatcher drains; the GORM store implements
// it on the table core's email.Queue writes into.
type Store interface {
	// Due returns up to limit jobs whose send_after <= now and not yet sent or
	// dead, oldest first, claiming them (lease until leaseUntil) so two
	// instances never send the same job.
	Due(ctx context.Context, now, leaseUntil time.Time, limit int) ([]QueuedJob, error)
	// MarkSent records a delivery; the job is never returned by Due again.
	MarkSent(ctx context.Context, id int64, at time.Time) error
	// MarkFailed records a failed attempt: Attempts grows by one, errText is
	// kept for operators, and the job becomes due again at retryAt unless dead.
	MarkFailed(ctx context.Context, id int64, at time.Time, errText string, retryAt time.Time, dead bool) error
}

// QueuedJob is one claimed job; Attempts counts the failed attempts so far.
type QueuedJob struct {
	ID       int64
	Kind     string
	Attempts int
	Message  email.Message
	// RequestID is the request that queued the job; its log lines name it.
	RequestID string
}

// RelevanceCheck lets a core package veto a delayed job at send time (e.g.
// "unread message" mails are skipped if the conversation was read meanwhile).
// It returns false to skip the job for good; an error retries it later.
type RelevanceCheck func(ctx context.Context, job QueuedJob) (bool, error)

// SkippedReason is the error text of jobs a RelevanceCheck vetoed. They are
// closed with MarkFailed(dead=true) so Store needs no extra method; statistics
// that count failures should leave out this text.
const SkippedReason = "skipped: no longer relevant"

// Defaults for DispatcherOptions.
const (
	DefaultPollInterval = 2 * time.Second
	DefaultBatch        = 10
	DefaultMaxAttempts  = 8
	DefaultLease        = 10 * time.Minute
)

// DispatcherOptions tune the dispatcher; zero values pick the defaults.
type DispatcherOptions struct {
	// Clock decides what is due and stamps attempts; tests pin it.
	Clock func() time.Time
	// PollInterval is how often the queue is checked without a Wake.
	PollInterval time.Duration
	// Batch is how many jobs one Due call claims.
	Batch int
	// MaxAttempts is how many transient failures a job survives; the last one
	// marks it dead.
	MaxAttempts int
	// Backoff returns the wait after the given failed attempt (1-based);
	// defaults to ExponentialBackoff(time.Minute, 2*time.Hour).
	Backoff func(attempt int) time.Duration
	// Lease is how long a claim keeps other instances away from a batch. It
	// must outlast Batch deliveries; jobs whose remaining lease is shorter than
	// SendTimeout are left for the next claim rather than risking a double send.
	Lease time.Duration
	// SendTimeout bounds one delivery; defaults to DefaultSendTimeout.
	SendTimeout time.Duration
	// Logger receives one line per failure or veto; defaults to slog.Default().
	Logger *slog.Logger
	// Relevance maps a job kind to its send-time veto.
	Relevance map[string]RelevanceCheck
}

// ExponentialBackoff doubles the wait after each failure, starting at base
// and never exceeding limit; with the defaults (1 min, 2 h) and 8 attempts a
// job is retried for about two hours before it is declared dead.
func ExponentialBackoff(base, limit time.Duration) func(attempt int) time.Duration {
	return func(attempt int) time.Duration {
		d := base
		for i := 1; i < attempt; i++ {
			d *= 2
			if d >= limit {
				return limit
			}
		}
		return min(d, limit)
	}
}

// Dispatcher delivers queued e-mails in the background: it claims due jobs,
// asks the relevance check, sends, and records the outcome, retrying transient
// failures with backoff and giving up at once on permanent ones.
type Dispatcher struct {
	store  Store
	sender email.Sender
	opts   DispatcherOptions
	wake   queueloop.Waker
}

// NewDispatcher fills in defaults; it starts nothing until Run or DrainOnce.
func NewDispatcher(store Store, sender email.Sender, opts DispatcherOptions) *Dispatcher {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = DefaultPollInterval
	}
	if opts.Batch <= 0 {
		opts.Batch = DefaultBatch
	}
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = DefaultMaxAttempts
	}
	if opts.Backoff == nil {
		opts.Backoff = ExponentialBackoff(time.Minute, 2*time.Hour)
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
	return &Dispatcher{store: store, sender: sender, opts: opts, wake: queueloop.NewWaker()}
}

// Run drains the queue every PollInterval, or sooner after Wake, until ctx is
// done; it returns nil on cancellation. Store errors are logged and retried at
// the next tick, so a database blip does not stop e-mail for good.
func (d *Dispatcher) Run(ctx context.Context) error {
	queueloop.Run(ctx, d.wake, d.opts.PollInterval, d.drain, func(ctx context.Context, err error) {
		d.opts.Logger.ErrorContext(ctx, "e-mail dispatcher: queue unavailable", "err", err)
	})
	return nil
}

// Wake nudges Run to look at the queue now; call it after an enqueue so
// password-reset mails do not wait for the next poll. It never blocks.
func (d *Dispatcher) Wake() { d.wake.Wake() }

// DrainOnce claims one batch of due jobs and processes it, returning how many
// were delivered. Delivery failures are recorded on the jobs, not returned;
// the error is for the store failing or ctx ending.
func (d *Dispatcher) DrainOnce(ctx context.Context) (sent int, err error) {
	sent, _, err = d.process(ctx)
	return sent, err
}

// drain is DrainOnce for Run, also reporting whether the batch was full.
func (d *Dispatcher) drain(ctx context.Context) (full bool, err error) {
	_, claimed, err := d.process(ctx)
	return claimed >= d.opts.Batch, err
}

// process claims a batch and handles each job in order.
func (d *Dispatcher) process(ctx context.Context) (sent, claimed int, err error) {
	now := d.opts.Clock()
	leaseUntil := now.Add(d.opts.Lease)
	jobs, err := d.store.Due(ctx, now, leaseUntil, d.opts.Batch)
	if err != nil {
		return 0, 0, fmt.Errorf("claim due e-mails: %w", err)
	}
	for _, job := range jobs {
		if err := ctx.Err(); err != nil {
			return sent, len(jobs), err
		}
		if d.opts.Clock().Add(d.opts.SendTimeout).After(leaseUntil) {
			// Another instance may claim the rest once our lease ends; leave them.
			break
		}
		ok, err := d.handle(ctx, job)
		if err != nil {
			return sent, len(jobs), err
		}
		if ok {
			sent++
		}
	}
	return sent, len(jobs), nil
}

// handle processes one job: veto, send, record. It reports whether the job
// was delivered; the error is for the store or for ctx ending mid-send.
func (d *Dispatcher) handle(ctx context.Context, job QueuedJob) (bool, error) {
	ctx = trace.WithRequestID(ctx, job.RequestID)
	log := d.opts.Logger.With("job", job.ID, "kind", job.Kind, "to", job.Message.To)
	if check := d.opts.Relevance[job.Kind]; check != nil {
		relevant, err := check(ctx, job)
		if err != nil {
			if ctx.Err() != nil {
				return false, ctx.Err()
			}
			return false, d.fail(ctx, log, job, fmt.Errorf("relevance check: %w", err), false)
		}
		if !relevant {
			log.InfoContext(ctx, "e-mail skipped: no longer relevant")
			err := d.store.MarkFailed(ctx, job.ID, d.opts.Clock(), SkippedReason, time.Time{}, true)
			return false, wrapStore(err)
		}
	}
	sendCtx, cancel := context.WithTimeout(ctx, d.opts.SendTimeout)
	err := d.sender.Send(sendCtx, job.Message)
	cancel()
	if err == nil {
		log.InfoContext(ctx, "e-mail sent", "attempt", job.Attempts+1)
		return true, wrapStore(d.store.MarkSent(ctx, job.ID, d.opts.Clock()))
	}
	if ctx.Err() != nil {
		// Shutting down: not the job's fault. The lease expires and it is retried.
		return false, ctx.Err()
	}
	return false, d.fail(ctx, log, job, err, IsPermanent(err))
}

// fail records a failed attempt, dead when permanent or out of attempts.
func (d *Dispatcher) fail(ctx context.Context, log *slog.Logger, job QueuedJob, cause error, permanent bool) error {
	now := d.opts.Clock()
	attempt := job.Attempts + 1
	dead := permanent || attempt >= d.opts.MaxAttempts
	var retryAt time.Time
	if !dead {
		retryAt = now.Add(d.opts.Backoff(attempt))
	}
	text := cause.Error()
	if len(text) > 1000 {
		text = strings.ToValidUTF8(text[:1000], "")
	}
	if dead {
		log.ErrorContext(ctx, "e-mail failed for good", "attempt", attempt, "permanent", permanent, "err", cause)
	} else {
		log.WarnContext(ctx, "e-mail failed, will retry", "attempt", attempt, "retry_at", retryAt, "err", cause)
	}
	return wrapStore(d.store.MarkFailed(ctx, job.ID, now, text, retryAt, dead))
}

// wrapStore labels store errors so Run's log line says where they came from.
func wrapStore(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("record e-mail outcome: %w", err)
}
