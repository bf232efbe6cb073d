// Package pglive spreads live updates between the instances that share one
// PostgreSQL database, with LISTEN/NOTIFY. It implements the core/live port
// around an instance's own hub (adapters/realtime, given as a live.Local):
//
//   - Publish delivers to the local hub at once, then NOTIFYs the other
//     instances with the event's ids (never content; well under the 8000-byte
//     payload limit) and this instance's origin id.
//   - The instance's one listening connection (adapters/pgnotify, shared
//     with the designers' announcements) LISTENs on the fan-out's channel
//     too (Listen); a notification from another origin is delivered to the
//     local hub, one from this origin is skipped, so no stream sees an
//     event twice.
//   - When that connection fails the listener reconnects with backoff, and
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
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"interno/core/live"
)

// Options tune the fan-out.
type Options struct {
	Log *slog.Logger
}

// Fanout is the live port across instances.
type Fanout struct {
	local   live.Local
	pool    *pgxpool.Pool
	channel string
	origin  string
	opts    Options

	mu        sync.Mutex
	connected bool          // the listener has connected at least once
	ready     chan struct{} // closed once the first LISTEN succeeded
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
// channel after its schema. Listen attaches it to the instance's listener.
func New(ctx context.Context, url string, local live.Local, opts Options) (*Fanout, error) {
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
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
	return &Fanout{local: local, pool: pool, channel: "interno_live." + schema, origin: hex.EncodeToString(id),
		opts: opts, ready: make(chan struct{})}, nil
}

// Close releases the publishing pool (the listener stops with its own context).
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

// Notifications is the instance's one listening connection, as the fan-out
// uses it: adapters/pgnotify's Listener, wired in internal/app (adapters talk
// only through ports).
type Notifications interface {
	// Handle registers fn for a channel's payloads; before the listener runs.
	Handle(channel string, fn func(payload string))
	// OnConnect registers fn, called after every (re)connection.
	OnConnect(fn func())
}

// Listen registers the fan-out's channel on l, the instance's one listening
// connection; call before l runs.
func (f *Fanout) Listen(l Notifications) {
	l.Handle(f.channel, f.notified)
	l.OnConnect(f.listening)
}

// listening runs after every (re)connection of the listener: after the first
// the fan-out is ready; after a later one the local streams are told to
// resync, since what was notified during the outage is not replayed.
func (f *Fanout) listening() {
	f.mu.Lock()
	again := f.connected
	f.connected = true
	f.mu.Unlock()
	if again {
		f.local.ResyncAll()
		return
	}
	close(f.ready)
}

// notified delivers another instance's event to the local streams; this
// instance's own events were delivered when published.
func (f *Fanout) notified(data string) {
	var p payload
	if err := json.Unmarshal([]byte(data), &p); err != nil {
		f.opts.Log.Warn("live fan-out: unreadable notification ignored", "error", err)
		return
	}
	if p.Origin == f.origin {
		return
	}
	f.local.Publish(context.Background(), live.Event{Kind: p.Kind, To: p.To, ContactID: p.ContactID, MessageID: p.MessageID,
		AppointmentID: p.AppointmentID, Status: p.Status})
}
