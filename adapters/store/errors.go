package store

import (
	"errors"
	"strings"

	gosqlite "github.com/glebarez/go-sqlite"
	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"interno/core/fault"
)

// ErrNotFound is returned by repositories when a row does not exist; core
// packages usually replace it with their own, more specific fault.
var ErrNotFound = fault.New(fault.NotFound, "Not found").WithReason("not_found")

// sqlite extended result codes for constraint failures (sqlite3.h).
const (
	sqliteConstraintUnique     = 2067
	sqliteConstraintPrimaryKey = 1555
	sqliteConstraintForeignKey = 787
	sqliteBusy                 = 5
)

// UniqueViolation reports whether err is a unique-constraint failure whose
// index or column description contains hint (for example "email"). An empty
// hint matches any unique failure. Index names in migrations are chosen so
// that the column name appears in them on both engines.
func UniqueViolation(err error, hint string) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505" && strings.Contains(pgErr.ConstraintName+" "+pgErr.Detail, hint)
	}
	var sqErr *gosqlite.Error
	if errors.As(err, &sqErr) {
		code := sqErr.Code()
		return (code == sqliteConstraintUnique || code == sqliteConstraintPrimaryKey) &&
			strings.Contains(sqErr.Error(), hint)
	}
	return false
}

// ForeignKeyViolation reports whether err is a foreign-key failure.
func ForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23503"
	}
	var sqErr *gosqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqliteConstraintForeignKey
	}
	return false
}

// ExclusionViolation reports whether err is a PostgreSQL exclusion-constraint
// failure (used for overlapping appointments).
func ExclusionViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23P01"
}

// translate turns driver errors that callers commonly need into faults while
// keeping the original as the cause. Core faults pass through untouched.
func translate(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := fault.As(err); ok {
		return err
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound.WithCause(err)
	}
	if UniqueViolation(err, "") {
		return fault.New(fault.Conflict, "Already exists").WithReason("duplicate").WithCause(err)
	}
	var sqErr *gosqlite.Error
	if errors.As(err, &sqErr) && sqErr.Code()&0xff == sqliteBusy {
		return fault.New(fault.Unavailable, "The database is busy; please retry").WithReason("busy").WithCause(err)
	}
	return err
}

// Translate is translate for repositories in other files of this package and
// for adapters that run raw queries.
func Translate(err error) error { return translate(err) }
