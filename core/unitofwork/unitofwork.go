// Package unitofwork lets core use cases group repository calls into one
// atomic step and defer side effects (push events, wake-ups) until that step
// has committed, without knowing which database runs underneath.
package unitofwork

import (
	"context"
	"sync"
)

// Transactor runs fn atomically. Calls nested inside fn join the outer
// transaction, so a use case can be composed into a larger one (for example an
// HTTP request wrapped by the idempotency layer) without changing its code.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type scopeKey struct{}

// Scope collects the hooks that must run after the outermost commit.
type Scope struct {
	mu    sync.Mutex
	hooks []func()
}

// Begin returns a context carrying a new scope, unless ctx already has one, in
// which case it returns ctx and nil: only the owner of a scope finishes it.
func Begin(ctx context.Context) (context.Context, *Scope) {
	if _, ok := ctx.Value(scopeKey{}).(*Scope); ok {
		return ctx, nil
	}
	s := &Scope{}
	return context.WithValue(ctx, scopeKey{}, s), s
}

// Committed runs the collected hooks in order; call it once, after commit.
func (s *Scope) Committed() {
	if s == nil {
		return
	}
	s.mu.Lock()
	hooks := s.hooks
	s.hooks = nil
	s.mu.Unlock()
	for _, h := range hooks {
		h()
	}
}

// Discarded drops the collected hooks; call it after a rollback.
func (s *Scope) Discarded() {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.hooks = nil
	s.mu.Unlock()
}

// AfterCommit schedules fn to run once the transaction in ctx commits, and
// never if it rolls back. Without a transaction in ctx, fn runs at once.
func AfterCommit(ctx context.Context, fn func()) {
	s, ok := ctx.Value(scopeKey{}).(*Scope)
	if !ok {
		fn()
		return
	}
	s.mu.Lock()
	s.hooks = append(s.hooks, fn)
	s.mu.Unlock()
}
