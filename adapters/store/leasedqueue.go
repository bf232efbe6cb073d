package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

// The durable job queues (email_jobs, push_jobs) share one lifecycle: a job
// is due when it is not sent, not dead, its send_after has come and no lease
// holds it; a dispatcher claims due jobs by leasing them, then marks each sent
// (the lease ends) or failed (one more attempt, the error, when to retry, or
// dead: never again). These helpers are that lifecycle once; R is the table's
// row type.

// claimDue leases up to limit due jobs until leaseUntil, oldest first, and
// hands them to use inside the same transaction: on PostgreSQL with FOR
// UPDATE SKIP LOCKED, so concurrent instances claim disjoint rows; on SQLite
// the transaction holds the write lock from BEGIN. use is not called when
// nothing is due.
func claimDue[R any](ctx context.Context, db *DB, now, leaseUntil time.Time, limit int, id func(R) int64,
	use func(ctx context.Context, rows []R) error) error {
	return translate(db.InTx(ctx, func(ctx context.Context) error {
		var model R
		sel := db.Conn(ctx).Model(&model).
			Where("sent_at IS NULL AND dead = ? AND send_after <= ? AND (lease_until IS NULL OR lease_until < ?)", false, now.UTC(), now.UTC()).
			Order("send_after, id").Limit(limit)
		if db.dialect == Postgres {
			sel = sel.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
		var rows []R
		if err := sel.Find(&rows).Error; err != nil || len(rows) == 0 {
			return err
		}
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = id(r)
		}
		if err := db.Conn(ctx).Model(&model).Where("id IN ?", ids).Update("lease_until", leaseUntil.UTC()).Error; err != nil {
			return err
		}
		return use(ctx, rows)
	}))
}

// markSent records a job's delivery and ends its lease; found is false when
// the job was dropped meanwhile.
func markSent[R any](ctx context.Context, db *DB, id int64, at time.Time) (found bool, err error) {
	var model R
	res := db.Conn(ctx).Model(&model).Where("id = ?", id).
		Updates(map[string]any{"sent_at": at.UTC(), "lease_until": nil})
	return res.RowsAffected > 0, translate(res.Error)
}

// markFailed records a failed attempt and ends the lease: the job is due
// again at retryAt (at when zero) unless dead, and a dead job is never retried.
func markFailed[R any](ctx context.Context, db *DB, id int64, at time.Time, errText string, retryAt time.Time, dead bool) error {
	if retryAt.IsZero() {
		retryAt = at
	}
	var model R
	return translate(db.Conn(ctx).Model(&model).Where("id = ?", id).Updates(map[string]any{
		"attempts":    clause.Expr{SQL: "attempts + 1"},
		"last_error":  truncate(errText, 1000),
		"send_after":  retryAt.UTC(),
		"lease_until": nil,
		"dead":        dead,
	}).Error)
}
