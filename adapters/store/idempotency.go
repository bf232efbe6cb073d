package store

import (
	"context"
	"errors"
	"hash/fnv"
	"time"

	"gorm.io/gorm"

	"interno/core/fault"
)

// IdempotentResponse is a stored answer to a request sent with an Idempotency-Key.
type IdempotentResponse struct {
	RequestHash string
	Status      int
	ContentType string
	Body        []byte
	CreatedAt   time.Time
}

type idempotencyRow struct {
	ID          int64
	Caller      string
	Key         string
	RequestHash string
	Status      int
	ContentType string
	Body        []byte
	CreatedAt   time.Time
}

func (idempotencyRow) TableName() string { return "idempotency_keys" }

// ErrKeyInFlight means another request with the same caller and key is running.
var ErrKeyInFlight = fault.New(fault.Conflict, "A request with this Idempotency-Key is already in progress").WithReason("idempotency_in_progress")

// IdempotencyRepo stores responses keyed by caller and Idempotency-Key.
type IdempotencyRepo struct{ db *DB }

// NewIdempotencyRepo returns the repository.
func NewIdempotencyRepo(db *DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

// Find returns the stored response, or ErrNotFound.
func (r *IdempotencyRepo) Find(ctx context.Context, caller, key string) (IdempotentResponse, error) {
	var row idempotencyRow
	err := r.db.Conn(ctx).Where("caller = ? AND key = ?", caller, key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return IdempotentResponse{}, ErrNotFound
	}
	if err != nil {
		return IdempotentResponse{}, translate(err)
	}
	return IdempotentResponse{RequestHash: row.RequestHash, Status: row.Status,
		ContentType: row.ContentType, Body: row.Body, CreatedAt: row.CreatedAt}, nil
}

// Lock takes a transaction-scoped lock on caller and key so that, across
// several app instances on PostgreSQL, a concurrent duplicate is told apart
// from a replay. It reports false when another transaction holds the lock.
// SQLite transactions already hold the database write lock, so it is a no-op there.
func (r *IdempotencyRepo) Lock(ctx context.Context, caller, key string) (bool, error) {
	if r.db.dialect != Postgres {
		return true, nil
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(caller + "\x00" + key))
	var ok bool
	err := r.db.Conn(ctx).Raw("SELECT pg_try_advisory_xact_lock(?)", int64(h.Sum64())).Scan(&ok).Error
	return ok, translate(err)
}

// Save stores the response inside the caller's transaction, so it commits
// together with the request's effect. A duplicate key means a concurrent
// request won the race: ErrKeyInFlight.
func (r *IdempotencyRepo) Save(ctx context.Context, caller, key string, resp IdempotentResponse) error {
	row := idempotencyRow{Caller: caller, Key: key, RequestHash: resp.RequestHash, Status: resp.Status,
		ContentType: resp.ContentType, Body: resp.Body, CreatedAt: r.db.Now()}
	err := r.db.Conn(ctx).Create(&row).Error
	if UniqueViolation(err, "") {
		return ErrKeyInFlight.WithCause(err)
	}
	return translate(err)
}

// Purge deletes responses older than the cutoff and reports how many went.
func (r *IdempotencyRepo) Purge(ctx context.Context, cutoff time.Time) (int64, error) {
	res := r.db.Conn(ctx).Where("created_at < ?", cutoff.UTC()).Delete(&idempotencyRow{})
	return res.RowsAffected, translate(res.Error)
}
