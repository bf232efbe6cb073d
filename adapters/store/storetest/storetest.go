// Package storetest gives tests a freshly migrated database on each engine:
// a temporary SQLite file, and a throw-away schema on the local PostgreSQL.
// PostgreSQL being unreachable fails the test; it is never skipped.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver for schema set-up

	"interno/adapters/store"
)

// DefaultPostgresURL is the local server every machine of this project runs.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresURL returns the server tests use, overridable with INTERNO_TEST_POSTGRES_URL.
func PostgresURL() string {
	if u := os.Getenv("INTERNO_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// Options tune a test database.
type Options struct {
	Clock func() time.Time
}

// Each runs fn as a subtest once per engine, each with its own fresh database.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d, Options{}))
		})
	}
}

// Open returns a migrated database of the given engine, removed after the test.
func Open(t testing.TB, dialect store.Dialect, opts Options) *store.DB {
	t.Helper()
	var so store.Options
	so.Clock = opts.Clock
	if dialect == store.Postgres {
		so.URL = NewPostgresSchema(t)
	} else {
		so.DataDir = t.TempDir()
	}
	db, err := store.Open(so)
	if err != nil {
		t.Fatalf("open %s: %v", dialect, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", dialect, err)
	}
	return db
}

// NewPostgresSchema creates an empty schema and returns a URL whose
// search_path points at it (then public, where shared extensions live); the
// schema is dropped when the test ends.
func NewPostgresSchema(t testing.TB) string {
	t.Helper()
	base := PostgresURL()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		_ = admin.Close()
		t.Fatalf("PostgreSQL is required at %s (start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start): %v", base, err)
	}
	schema := "t_" + randomHex(8)
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		_ = admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE")
		_ = admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse postgres URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
