package store

import (
	"context"
	"errors"
)

// DesignersChannel is where PostgreSQL announces committed changes of what the
// ranking reads (migration 00020), with the schema as payload.
const DesignersChannel = "interno_designers"

// Schema is the schema this database's tables live in (its search_path), the
// payload of its notifications; PostgreSQL only.
func (d *DB) Schema(ctx context.Context) (string, error) {
	if d.dialect != Postgres {
		return "", errors.New("schema: PostgreSQL only")
	}
	var s string
	err := d.sql.QueryRowContext(ctx, "SELECT current_schema()").Scan(&s)
	return s, err
}

// URL is the connection URL Open was given ("" for SQLite).
func (d *DB) URL() string { return d.url }
