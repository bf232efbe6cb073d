package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

// Migrate applies every pending versioned migration for the engine in use.
// On PostgreSQL a session lock makes concurrent instances take turns.
func (d *DB) Migrate(ctx context.Context) (applied int, err error) {
	p, err := d.provider()
	if err != nil {
		return 0, err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return len(results), fmt.Errorf("migrate: %w", err)
	}
	return len(results), nil
}

// MigrationVersion reports the current schema version.
func (d *DB) MigrationVersion(ctx context.Context) (int64, error) {
	p, err := d.provider()
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

func (d *DB) provider() (*goose.Provider, error) {
	dir := "migrations/" + string(d.dialect)
	fsys, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, err
	}
	// Migration numbers are reserved per feature (docs/engineering.md), so a
	// database may have 00007 before 00004 lands: apply such gaps, do not refuse.
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true), goose.WithAllowOutofOrder(true)}
	dialect := goose.DialectSQLite3
	if d.dialect == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(dialect, d.sql, fsys, opts...)
}
