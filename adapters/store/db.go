// Package store keeps Interno's data in SQLite (the embedded default) or
// PostgreSQL through GORM. It owns the row structs, the versioned migrations and
// the translation of driver errors; core packages only see their own types.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"interno/core/unitofwork"
)

// Dialect names the database engine behind a DB.
type Dialect string

// The two supported engines.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Options configure Open.
type Options struct {
	// URL is empty for SQLite in DataDir, or a postgres:// URL.
	URL string
	// DataDir holds interno.db when URL is empty.
	DataDir string
	// Clock supplies "now" for created_at/updated_at; defaults to time.Now.
	Clock func() time.Time
	// Logger receives slow-query warnings; nil keeps GORM quiet.
	Logger *slog.Logger
}

// DB is the shared handle every repository uses.
type DB struct {
	gorm    *gorm.DB
	sql     *sql.DB
	dialect Dialect
	clock   func() time.Time
	url     string
}

// Open connects to the configured database; it does not migrate.
func Open(opts Options) (*DB, error) {
	clock := opts.Clock
	if clock == nil {
		clock = time.Now
	}
	cfg := &gorm.Config{
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return clock().UTC().Truncate(time.Microsecond) },
		Logger:                 logger.Discard,
		PrepareStmt:            false,
	}
	if opts.Logger != nil {
		cfg.Logger = slowLog{log: opts.Logger, threshold: SlowQuery}
	}
	var (
		dialector gorm.Dialector
		dialect   Dialect
	)
	switch {
	case opts.URL == "":
		if err := os.MkdirAll(opts.DataDir, 0o750); err != nil {
			return nil, fmt.Errorf("create data directory: %w", err)
		}
		dialector = sqlite.Open(SQLiteDSN(filepath.Join(opts.DataDir, "interno.db")))
		dialect = SQLite
	case strings.HasPrefix(opts.URL, "postgres://"), strings.HasPrefix(opts.URL, "postgresql://"):
		dialector = postgres.Open(opts.URL)
		dialect = Postgres
	default:
		return nil, errors.New("unsupported database URL: use postgres://... or leave it empty for SQLite")
	}
	g, err := gorm.Open(dialector, cfg)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dialect, err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	if dialect == SQLite {
		// One writer at a time is SQLite's rule anyway; a small pool keeps
		// readers concurrent under WAL without piling up busy writers.
		sqlDB.SetMaxOpenConns(8)
		sqlDB.SetMaxIdleConns(8)
	} else {
		// As many kept idle as may be open: a connection opened for a burst
		// stays for the next one instead of being closed as soon as it is
		// returned and opened again a moment later (a new PostgreSQL backend,
		// with cold catalogue caches, each time: docs/matching.md). Idle ones
		// still close after five minutes, so a quiet instance holds none.
		sqlDB.SetMaxOpenConns(pgMaxConns)
		sqlDB.SetMaxIdleConns(pgMaxConns)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(ctx); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("connect to %s: %w", dialect, err)
	}
	return &DB{gorm: g, sql: sqlDB, dialect: dialect, clock: clock, url: opts.URL}, nil
}

// SQLiteDSN is the connection string measured to survive concurrent writers
// (see STACK.md): WAL, a busy timeout, full fsync, foreign keys, and
// transactions that take the write lock at BEGIN so they never fail upgrading.
func SQLiteDSN(path string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=foreign_keys(1)&_txlock=immediate"
}

// Dialect reports the engine in use.
func (d *DB) Dialect() Dialect { return d.dialect }

// Now is the injected clock, in UTC.
func (d *DB) Now() time.Time { return d.clock().UTC() }

// Ping checks the database answers; used by the readiness probe.
func (d *DB) Ping(ctx context.Context) error { return d.sql.PingContext(ctx) }

// SQL exposes the pool for migrations and tests.
func (d *DB) SQL() *sql.DB { return d.sql }

// pgMaxConns is the most connections one instance opens to PostgreSQL.
const pgMaxConns = 20

// Close releases the pool.
func (d *DB) Close() error { return d.sql.Close() }

type txKey struct{}

// Conn returns the transaction carried by ctx, or the pool. Every repository
// query goes through it so that work joins the caller's transaction.
func (d *DB) Conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return d.gorm.WithContext(ctx)
}

// InTx runs fn in a transaction. Inside an existing transaction it uses a
// savepoint, so the caller's transaction decides the final outcome. Hooks
// registered with unitofwork.AfterCommit run after the outermost commit.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if outer, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return translate(outer.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			return fn(context.WithValue(ctx, txKey{}, tx))
		}))
	}
	scoped, scope := unitofwork.Begin(ctx)
	err := d.gorm.WithContext(scoped).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(scoped, txKey{}, tx))
	})
	if err != nil {
		scope.Discarded()
		return translate(err)
	}
	scope.Committed()
	return nil
}

// InTx reports whether ctx carries an open transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*gorm.DB)
	return ok
}
