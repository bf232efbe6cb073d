package pgnotify_test

import (
	"context"
	"database/sql"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"interno/adapters/pgnotify"
	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func within(t *testing.T, what string, ch <-chan string) string {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(15 * time.Second):
		t.Fatalf("no %s within 15 s", what)
		return ""
	}
}

// The designers trigger (migration 00020) announces a committed change with
// the schema as payload; a killed listening connection comes back on its own,
// OnConnect runs again (the moment to resynchronise) and notifications flow.
func TestListener_DesignerChangesAndReconnection(t *testing.T) {
	url := storetest.NewPostgresSchema(t)
	db, err := store.Open(store.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	schema, err := db.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}

	l := pgnotify.New(url, nil)
	l.MinBackoff = 10 * time.Millisecond
	got := make(chan string, 16)
	// NOTIFY is database-wide: tests of other packages running at the same
	// time change designers in their own schemas on the same channel. Only this
	// schema's announcements count here.
	l.Handle(store.DesignersChannel, func(p string) {
		if p == schema {
			got <- p
		}
	})
	var connects atomic.Int32
	l.OnConnect(func() { connects.Add(1) })
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { l.Run(runCtx); close(done) }()
	defer func() { stop(); <-done }()
	select {
	case <-l.Connected():
	case <-time.After(15 * time.Second):
		t.Fatal("listener did not connect")
	}

	change := func() {
		t.Helper()
		if _, err := db.SQL().ExecContext(ctx, "UPDATE designers SET like_count = like_count WHERE id = -1"); err != nil {
			t.Fatal(err)
		}
	}
	// Rolled back: announced to nobody.
	tx, _ := db.SQL().BeginTx(ctx, nil)
	if _, err := tx.ExecContext(ctx, "UPDATE designers SET design_style = design_style WHERE id = -1"); err != nil {
		t.Fatal(err)
	}
	_ = tx.Rollback()
	// A column the ranking does not read: no announcement.
	if _, err := db.SQL().ExecContext(ctx, "UPDATE designers SET bio = bio WHERE id = -1"); err != nil {
		t.Fatal(err)
	}
	change()
	if p := within(t, "notification", got); p != schema {
		t.Fatalf("payload %q, want the schema %q", p, schema)
	}
	select {
	case p := <-got:
		t.Fatalf("a second notification (%q): a rolled-back or unrelated change was announced", p)
	case <-time.After(100 * time.Millisecond):
	}

	admin, err := sql.Open("pgx", storetest.PostgresURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, "SELECT pg_terminate_backend($1)", int64(l.PID())); err != nil {
		t.Fatal(err)
	}
	select {
	case <-l.Connected():
	case <-time.After(15 * time.Second):
		t.Fatal("listener did not reconnect")
	}
	if n := connects.Load(); n != 2 {
		t.Fatalf("OnConnect ran %d times, want 2 (connect, reconnect)", n)
	}
	change()
	if p := within(t, "notification after reconnecting", got); p != schema {
		t.Fatalf("payload %q after reconnecting", p)
	}
}
