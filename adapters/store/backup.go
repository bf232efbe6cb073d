package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
)

// SQLiteFile is the name of the embedded database inside the data directory.
const SQLiteFile = "interno.db"

// FileReport is what an inspection of a SQLite file found: whether the file is sound,
// which migrations it has applied and how many rows each table holds. Backups record it
// in their manifest and restores compare a copy against it before they replace anything.
type FileReport struct {
	// Integrity is "ok", or the first problems PRAGMA integrity_check and foreign_key_check reported.
	Integrity string
	// Migrations are the applied migration versions, ascending.
	Migrations []int64
	// Tables maps every user table to its row count.
	Tables map[string]int64
}

// SchemaVersion is the highest applied migration (0 for an empty database).
func (r FileReport) SchemaVersion() int64 {
	if len(r.Migrations) == 0 {
		return 0
	}
	return r.Migrations[len(r.Migrations)-1]
}

// SnapshotTo writes a transactionally consistent copy of the live SQLite database to path
// with VACUUM INTO. It is one read transaction, so under WAL the server keeps committing
// while it runs, and the copy holds exactly the transactions committed before it began.
// The copy is switched to a rollback journal so it is one self-contained file.
func (d *DB) SnapshotTo(ctx context.Context, path string) error {
	if d.dialect != SQLite {
		return errors.New("a snapshot through the database is only taken on SQLite; use pg_dump on PostgreSQL")
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("snapshot: %s already exists", path)
	}
	if _, err := d.sql.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("snapshot: VACUUM INTO: %w", err)
	}
	copyDB, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	defer copyDB.Close()
	var mode string
	if err := copyDB.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode); err != nil {
		return fmt.Errorf("snapshot: journal mode: %w", err)
	}
	if mode != "delete" {
		return fmt.Errorf("snapshot: journal mode stayed %q", mode)
	}
	return copyDB.Close()
}

// InspectSQLiteFile opens the SQLite file at path read-only and reports its integrity,
// applied migrations and row counts. A file that is not a SQLite database is an error.
func InspectSQLiteFile(ctx context.Context, path string) (FileReport, error) {
	info, err := os.Stat(path)
	if err != nil {
		return FileReport{}, err
	}
	if !info.Mode().IsRegular() {
		return FileReport{}, fmt.Errorf("%s is not a regular file", path)
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return FileReport{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var rep FileReport
	problems, err := column(ctx, db, "PRAGMA integrity_check(20)")
	if err != nil {
		return rep, fmt.Errorf("integrity check: %w", err)
	}
	rep.Integrity = strings.Join(problems, "; ")
	if rep.Integrity != "ok" {
		return rep, nil
	}
	rows, err := db.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		return rep, fmt.Errorf("foreign key check: %w", err)
	}
	var violations []string
	for rows.Next() {
		var table, parent string
		var rowid sql.NullInt64
		var fkid int64
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			rows.Close()
			return rep, err
		}
		violations = append(violations, fmt.Sprintf("%s row %d references a missing %s", table, rowid.Int64, parent))
	}
	rows.Close()
	if len(violations) > 0 {
		rep.Integrity = "foreign keys: " + strings.Join(violations[:min(len(violations), 5)], "; ")
		return rep, nil
	}
	tables, err := column(ctx, db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
	if err != nil {
		return rep, err
	}
	if rep.Tables, err = countRows(ctx, db, tables, `"%s"`); err != nil {
		return rep, err
	}
	if _, ok := rep.Tables["goose_db_version"]; !ok {
		return rep, errors.New("not an Interno database: it has no migration table")
	}
	rep.Migrations, err = appliedMigrations(ctx, db)
	return rep, err
}

// Report counts the rows of every table of the live database and lists its applied
// migrations; on PostgreSQL it covers the tables of the first schema of the search path.
// It does not check integrity: that is for copies (InspectSQLiteFile).
func (d *DB) Report(ctx context.Context) (FileReport, error) {
	rep := FileReport{Integrity: "not checked"}
	var (
		tables []string
		err    error
		quote  = `"%s"`
	)
	if d.dialect == SQLite {
		tables, err = column(ctx, d.sql, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
	} else {
		tables, err = column(ctx, d.sql, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
	}
	if err != nil {
		return rep, err
	}
	if rep.Tables, err = countRows(ctx, d.sql, tables, quote); err != nil {
		return rep, err
	}
	rep.Migrations, err = appliedMigrations(ctx, d.sql)
	return rep, err
}

// KnownMigrations lists the migration versions this binary carries for a dialect.
func KnownMigrations(dialect Dialect) ([]int64, error) {
	entries, err := fs.ReadDir(migrations, "migrations/"+string(dialect))
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		if !ok || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		v, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", e.Name(), err)
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return out, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// column runs a query whose rows are one text column.
func column(ctx context.Context, q querier, query string) ([]string, error) {
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func countRows(ctx context.Context, q querier, tables []string, quote string) (map[string]int64, error) {
	out := make(map[string]int64, len(tables))
	for _, t := range tables {
		if strings.ContainsAny(t, `"`) {
			return nil, fmt.Errorf("unexpected table name %q", t)
		}
		rows, err := q.QueryContext(ctx, "SELECT COUNT(*) FROM "+fmt.Sprintf(quote, t))
		if err != nil {
			return nil, fmt.Errorf("count %s: %w", t, err)
		}
		var n int64
		if rows.Next() {
			err = rows.Scan(&n)
		}
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("count %s: %w", t, err)
		}
		out[t] = n
	}
	return out, nil
}

// appliedMigrations folds goose's version table: the newest row of each version says
// whether it is applied. Version 0 is goose's own starting row.
func appliedMigrations(ctx context.Context, q querier) ([]int64, error) {
	rows, err := q.QueryContext(ctx, "SELECT version_id, is_applied FROM goose_db_version ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("read migration table: %w", err)
	}
	defer rows.Close()
	state := map[int64]bool{}
	for rows.Next() {
		var v int64
		var applied bool
		if err := rows.Scan(&v, &applied); err != nil {
			return nil, err
		}
		state[v] = applied
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var out []int64
	for v, applied := range state {
		if applied && v > 0 {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out, nil
}
