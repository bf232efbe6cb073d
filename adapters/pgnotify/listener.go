// Package pgnotify listens to PostgreSQL notifications (LISTEN/NOTIFY) on one
// dedicated connection per instance, so a change committed by any instance
// reaches every other one within milliseconds. It reconnects with backoff,
// and calls OnConnect after every (re)connection once its channels are
// listened to, because PostgreSQL does not replay what was notified while the
// connection was down: whoever relies on notifications resynchronises there.
//
// LISTEN needs a session: point the URL at PostgreSQL itself or at a
// session-pooled PgBouncer, never at a transaction-pooled one.
package pgnotify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// Handler receives one notification's payload.
type Handler func(payload string)

// Listener is one listening connection and the handlers of its channels.
type Listener struct {
	url       string
	log       *slog.Logger
	mu        sync.Mutex
	handlers  map[string][]Handler
	onConnect []func()
	// MinBackoff and MaxBackoff bound the wait between reconnection attempts.
	MinBackoff, MaxBackoff time.Duration
	// connected is signalled after each successful (re)connection (tests).
	connected chan struct{}
	// backendPID is the listening connection's server process (tests kill it).
	pid uint32
}

// New returns a listener for the database at url (a postgres:// URL).
func New(url string, log *slog.Logger) *Listener {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Listener{url: url, log: log, handlers: map[string][]Handler{},
		MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second, connected: make(chan struct{}, 1)}
}

// Handle registers fn for channel; call before Run. (fn is a plain func type,
// so other packages can name this method in an interface of their own.)
func (l *Listener) Handle(channel string, fn func(payload string)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.handlers[channel] = append(l.handlers[channel], fn)
}

// OnConnect registers fn, called after every (re)connection once the
// channels are listened to; call before Run.
func (l *Listener) OnConnect(fn func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.onConnect = append(l.onConnect, fn)
}

// PID is the server process id of the current listening connection, 0 when
// disconnected.
func (l *Listener) PID() uint32 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.pid
}

// Connected is signalled after each successful (re)connection.
func (l *Listener) Connected() <-chan struct{} { return l.connected }

// Run listens until ctx ends, reconnecting with exponential backoff.
func (l *Listener) Run(ctx context.Context) {
	wait := l.MinBackoff
	for ctx.Err() == nil {
		started := time.Now()
		err := l.session(ctx)
		if ctx.Err() != nil {
			return
		}
		if time.Since(started) > l.MaxBackoff {
			wait = l.MinBackoff // it ran for a while: start over
		}
		l.log.Warn("database notifications interrupted, reconnecting", "error", err, "retry_in", wait.String())
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, l.MaxBackoff)
	}
}

// session connects, listens to every channel and dispatches notifications
// until the connection fails or ctx ends.
func (l *Listener) session(ctx context.Context) error {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.Connect(cctx, l.url)
	cancel()
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer func() {
		l.mu.Lock()
		l.pid = 0
		l.mu.Unlock()
		cctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	l.mu.Lock()
	listen := make([]string, 0, len(l.handlers))
	for ch := range l.handlers {
		listen = append(listen, "LISTEN "+pgx.Identifier{ch}.Sanitize())
	}
	connected := append([]func(){}, l.onConnect...)
	l.mu.Unlock()
	// Every channel in one round trip (simple protocol, several statements);
	// in a fixed order, so the connection's last query (pg_stat_activity)
	// names all its channels.
	slices.Sort(listen)
	if len(listen) > 0 {
		if _, err := conn.Exec(ctx, strings.Join(listen, "; ")); err != nil {
			return fmt.Errorf("listen: %w", err)
		}
	}
	l.mu.Lock()
	l.pid = conn.PgConn().PID()
	l.mu.Unlock()
	for _, fn := range connected {
		fn()
	}
	select {
	case l.connected <- struct{}{}:
	default:
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return ctx.Err()
			}
			return err
		}
		l.mu.Lock()
		hs := l.handlers[n.Channel]
		l.mu.Unlock()
		for _, h := range hs {
			h(n.Payload)
		}
	}
}
