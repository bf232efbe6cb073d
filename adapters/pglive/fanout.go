// Package pglive spreads live updates between the instances that share one
// PostgreSQL database, with LISTEN/NOTIFY. It implements the core/live port
// around an instance's own hub (adapters/realtime, given as a live.Local):
//
//   - Publish delivers to the local hub at once, then NOTIFYs the other
//     instances with the event's ids (never content; well under the 8000-byte
//     payload limit) and this instance's origin id.
//   - One dedicated connection per instance LISTENs; a notification from
//     another origin is delivered to the local hub, one from this origin is
//     skipped, so no stream sees an event twice.
//   - When the listening connection fails it reconnects with backoff, and
//     once it listens again every local stream gets a resync (events of the
//     outage may have been missed); a failed NOTIFY is retried once, then
//     logged.
//
// The channel is named after the connection's schema, so instances (and
// tests) on different schemas of one database never hear each other.
package pglive

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"interno/core/live"
)

// Options tune the fan-out.
type Options struct {
	Log *slog.Logger
	// MinBackoff and MaxBackoff bound the wait between reconnections
	// (defaults 100 ms and 5 s).
	MinBackoff, MaxBackoff time.Duration
}

// Fanout is the live port across instances.
type Fanout struct {
	local   live.Local
	url     string
	pool    *pgxpool.Pool
	channel string
	origin  string
	opts    Options

	mu        sync.Mutex
	listening bool
	ready     chan struct{} // closed once the first LISTEN succeeded
	readyOnce sync.Once
	// listenerPID is the listening connection's backend (tests end it to
	// simulate an outage).
	listenerPID uint32
}

var (
	_ live.Publisher  = (*Fanout)(nil)
	_ live.Subscriber = (*Fanout)(nil)
)

// payload is what a notification carries: ids only.
type payload struct {
	Origin        string    `json:"o"`
	Kind          live.Kind `json:"k"`
	To            []int64   `json:"to"`
	ContactID     int64     `json:"c,omitempty"`
	MessageID     int64     `json:"m,omitempty"`
	AppointmentID int64     `json:"a,omitempty"`
	Status        string    `json:"s,omitempty"`
}

// New connects the publishing pool to the database at url and names the
// channel after its schema. Run starts listening.
func New(ctx context.Context, url string, local live.Local, opts Options) (*Fanout, error) {
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	if opts.MinBackoff <= 0 {
		opts.MinBackoff = 100 * time.Millisecond
	}
	if opts.MaxBackoff < opts.MinBackoff {
		opts.MaxBackoff = 5 * time.Second
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("live fan-out: %w", err)
	}
	cfg.MaxConns = 2
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("live fan-out: %w", err)
	}
	var schema string
	if err := pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("live fan-out: %w", err)
	}
	id := make([]byte, 8)
	if _, err := rand.Read(id); err != nil {
		pool.Close()
		return nil, err
	}
	return &Fanout{local: local, url: url, pool: pool, channel: "interno_live." + schema, origin: hex.EncodeToString(id),
		opts: opts, ready: make(chan struct{})}, nil
}

// Close releases the publishing pool (Run ends with its context).
func (f *Fanout) Close() { f.pool.Close() }

// Subscribe opens a stream on the local hub, which receives every instance's events.
func (f *Fanout) Subscribe(ctx context.Context, userID int64, lastID uint64) live.Subscription {
	return f.local.Subscribe(ctx, userID, lastID)
}

// Publish delivers e here at once and tells the other instances.
func (f *Fanout) Publish(ctx context.Context, e live.Event) {
	f.local.Publish(ctx, e)
	data, err := json.Marshal(payload{Origin: f.origin, Kind: e.Kind, To: e.To, ContactID: e.ContactID,
		MessageID: e.MessageID, AppointmentID: e.AppointmentID, Status: e.Status})
	if err != nil {
		f.opts.Log.Error("live fan-out: event not encoded", "error", err)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	for attempt := 0; ; attempt++ {
		_, err = f.pool.Exec(ctx, "SELECT pg_notify($1, $2)", f.channel, string(data))
		if err == nil || attempt == 1 {
			break
		}
	}
	if err != nil {
		f.opts.Log.Warn("live fan-out: other instances not told; their screens catch up by polling", "kind", e.Kind, "error", err)
	}
}

// Ready is closed once the first LISTEN is in place.
func (f *Fanout) Ready() <-chan struct{} { return f.ready }

// Run listens until ctx ends, reconnecting with backoff.
func (f *Fanout) Run(ctx context.Context) {
	wait := f.opts.MinBackoff
	outage := false
	for ctx.Err() == nil {
		err := f.listen(ctx, outage, func() { wait = f.opts.MinBackoff })
		if ctx.Err() != nil {
			return
		}
		outage = true
		f.opts.Log.Warn("live fan-out: listening connection lost; reconnecting", "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, f.opts.MaxBackoff)
	}
}

// listen holds one listening connection until it fails; after an outage
// the local streams are told to resync once it listens again.
func (f *Fanout) listen(ctx context.Context, outage bool, connected func()) error {
	conn, err := pgx.Connect(ctx, f.url)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{f.channel}.Sanitize()); err != nil {
		return err
	}
	f.mu.Lock()
	f.listening, f.listenerPID = true, conn.PgConn().PID()
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.listening = false
		f.mu.Unlock()
	}()
	connected()
	if outage {
		f.local.ResyncAll()
	}
	f.readyOnce.Do(func() { close(f.ready) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var p payload
		if err := json.Unmarshal([]byte(n.Payload), &p); err != nil {
			f.opts.Log.Warn("live fan-out: unreadable notification ignored", "error", err)
			continue
		}
		if p.Origin == f.origin {
			continue // delivered here when published
		}
		f.local.Publish(ctx, live.Event{Kind: p.Kind, To: p.To, ContactID: p.ContactID, MessageID: p.MessageID,
			AppointmentID: p.AppointmentID, Status: p.Status})
	}
}

// ListenerPID is the backend pid of the listening connection, or an error
// when it is not listening (for tests that cut it).
func (f *Fanout) ListenerPID() (uint32, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.listening {
		return 0, errors.New("not listening")
	}
	return f.listenerPID, nil
}
