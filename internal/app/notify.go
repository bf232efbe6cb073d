package app

import (
	"context"
	"fmt"

	"interno/adapters/pgnotify"
	"interno/adapters/store"
)

// newNotifications is, on PostgreSQL, the instance's one listening
// connection. It hears what other instances (and this one) commit: a change
// of the designers' ranking inputs refreshes this instance's ranking index at
// once, and so does every (re)connection, since what was announced while the
// connection was down is not replayed. The live-event fan-out listens on it
// too (pglive.Fanout.Listen). SQLite serves one instance: nothing to listen to.
func (a *app) newNotifications(ctx context.Context) (*pgnotify.Listener, error) {
	if a.db.Dialect() != store.Postgres {
		return nil, nil
	}
	schema, err := a.db.Schema(ctx)
	if err != nil {
		return nil, fmt.Errorf("INTERNO_DATABASE_URL: reading the schema: %w", err)
	}
	l := pgnotify.New(a.db.URL(), a.log)
	l.Handle(store.DesignersChannel, func(payload string) {
		// One database may hold several Interno schemas: only ours counts.
		if payload == schema {
			a.matching.Changed()
		}
	})
	l.OnConnect(a.matching.Changed)
	return l, nil
}

// runNotifications listens until ctx ends (PostgreSQL only).
func (a *app) runNotifications(ctx context.Context) {
	if a.notify == nil {
		return
	}
	a.background.Add(1)
	go func() {
		defer a.background.Done()
		a.notify.Run(ctx)
	}()
}
