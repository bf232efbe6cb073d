// Package trace carries the id of the request that caused some work through
// context.Context, so that every log line of that work (core, store, mail,
// push, jobs) names the same request. The HTTP adapter puts the id in; the
// log handler built in internal/app writes it out; durable jobs store it with
// the job and put it back into the context of the worker that runs it.
package trace

import (
	"context"
	"log/slog"
)

type requestIDKey struct{}

// WithRequestID returns ctx carrying id; an empty id leaves ctx as it is.
func WithRequestID(ctx context.Context, id string) context.Context {
	if id == "" {
		return ctx
	}
	return context.WithValue(ctx, requestIDKey{}, id)
}

// Scope is a context carrying a request id, for a caller that allocates it
// together with the rest of its per-request state (the HTTP adapter's
// request id middleware): one allocation instead of context.WithValue's
// node and the boxed id. Context is the parent; ID must not change once
// the Scope is in use.
type Scope struct {
	context.Context
	ID string
}

// Value answers the request id with a pointer to the Scope's own field (no
// allocation per lookup); every other key goes to the parent.
func (s *Scope) Value(key any) any {
	if _, ok := key.(requestIDKey); ok {
		return &s.ID
	}
	return s.Context.Value(key)
}

// RequestID is the id carried by ctx, or "".
func RequestID(ctx context.Context) string {
	if ctx == nil {
		return ""
	}
	switch id := ctx.Value(requestIDKey{}).(type) {
	case string:
		return id
	case *string:
		return *id
	}
	return ""
}

// Handler wraps a slog.Handler so that every record logged with a context
// carrying a request id gets a "request_id" attribute: code that logs with
// InfoContext/ErrorContext(ctx, ...) never spells the id out.
func Handler(next slog.Handler) slog.Handler { return handler{next} }

type handler struct{ next slog.Handler }

func (h handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h handler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.next.Handle(ctx, r)
}

func (h handler) WithAttrs(as []slog.Attr) slog.Handler { return handler{h.next.WithAttrs(as)} }
func (h handler) WithGroup(name string) slog.Handler    { return handler{h.next.WithGroup(name)} }
