package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm/clause"

	"interno/core/email"
	"interno/core/trace"
)

type emailJobRow struct {
	ID         int64
	Kind       string
	DedupeKey  *string
	Recipient  string
	Message    string
	SendAfter  time.Time
	LeaseUntil *time.Time
	Attempts   int
	LastError  string
	SentAt     *time.Time
	Dead       bool
	RequestID  string
	CreatedAt  time.Time
}

func (emailJobRow) TableName() string { return "email_jobs" }

// EmailJob is a queued message handed to the dispatcher.
type EmailJob struct {
	ID       int64
	Kind     string
	Attempts int
	Message  email.Message
	// RequestID is the request that queued it (core/trace), or "".
	RequestID string
}

// EmailQueue is the durable e-mail queue: it implements email.Queue for core
// packages and the claim/mark operations the mail dispatcher needs.
type EmailQueue struct{ db *DB }

// NewEmailQueue returns the queue.
func NewEmailQueue(db *DB) *EmailQueue { return &EmailQueue{db: db} }

// Enqueue stores a job in the caller's transaction. A job whose DedupeKey is
// already queued (or was sent) is silently dropped.
func (q *EmailQueue) Enqueue(ctx context.Context, job email.Job) error {
	body, err := json.Marshal(job.Message)
	if err != nil {
		return err
	}
	after := job.SendAfter
	if after.IsZero() {
		after = q.db.Now()
	}
	row := emailJobRow{Kind: job.Kind, Recipient: job.Message.To, Message: string(body), SendAfter: after.UTC(), RequestID: trace.RequestID(ctx)}
	if job.DedupeKey != "" {
		k := job.DedupeKey
		row.DedupeKey = &k
	}
	return translate(q.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error)
}

// Due claims up to limit jobs ready to send, leasing them until leaseUntil so
// another instance does not send them too (claimDue).
func (q *EmailQueue) Due(ctx context.Context, now, leaseUntil time.Time, limit int) ([]EmailJob, error) {
	var jobs []EmailJob
	err := claimDue(ctx, q.db, now, leaseUntil, limit, func(r emailJobRow) int64 { return r.ID },
		func(_ context.Context, rows []emailJobRow) error {
			for _, r := range rows {
				var m email.Message
				if err := json.Unmarshal([]byte(r.Message), &m); err != nil {
					return err
				}
				jobs = append(jobs, EmailJob{ID: r.ID, Kind: r.Kind, Attempts: r.Attempts, Message: m, RequestID: r.RequestID})
			}
			return nil
		})
	return jobs, err
}

// MarkSent records delivery.
func (q *EmailQueue) MarkSent(ctx context.Context, id int64, at time.Time) error {
	_, err := markSent[emailJobRow](ctx, q.db, id, at)
	return err
}

// MarkFailed records a failed attempt; dead jobs are never retried.
func (q *EmailQueue) MarkFailed(ctx context.Context, id int64, at time.Time, errText string, retryAt time.Time, dead bool) error {
	return markFailed[emailJobRow](ctx, q.db, id, at, errText, retryAt, dead)
}

// CancelByDedupeKey drops a pending job, for example the reminder of an
// appointment that was cancelled.
func (q *EmailQueue) CancelByDedupeKey(ctx context.Context, key string) error {
	return translate(q.db.Conn(ctx).Where("dedupe_key = ? AND sent_at IS NULL", key).Delete(&emailJobRow{}).Error)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// Backlog counts the jobs not yet sent (dead ones excluded, scheduled ones
// included) and returns the send time of the oldest one already due (zero
// when none is due): a queue that falls behind shows as that time receding.
func (q *EmailQueue) Backlog(ctx context.Context, now time.Time) (int64, time.Time, error) {
	return backlog(ctx, q.db, "email_jobs", now)
}

// backlog reads a durable queue's depth and its oldest due job.
func backlog(ctx context.Context, db *DB, table string, now time.Time) (int64, time.Time, error) {
	var n int64
	conn := db.Conn(ctx).Table(table).Where("sent_at IS NULL AND dead = ?", false)
	if err := conn.Count(&n).Error; err != nil || n == 0 {
		return n, time.Time{}, translate(err)
	}
	var oldest struct{ SendAfter time.Time }
	err := db.Conn(ctx).Table(table).Select("send_after").
		Where("sent_at IS NULL AND dead = ? AND send_after <= ?", false, now.UTC()).
		Order("send_after").Limit(1).Scan(&oldest).Error
	return n, oldest.SendAfter, translate(err)
}
