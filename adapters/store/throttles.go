package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"interno/core/throttle"
)

// ThrottleStore implements throttle.Store in the database, so every instance
// on one database counts the same failures and tokens (issue 19). The same SQL
// runs on SQLite and PostgreSQL: each Update reads the row, lets the policy
// compute the next entry, and writes it with one conditional upsert that only
// lands when the row's version is still the one read (a compare-and-swap). A
// lost race reads again, so concurrent updates of one key from any number of
// instances are applied one after another and none is lost.
//
// Times are kept as microseconds since the Unix epoch (BIGINT), so both
// engines compare them the same way. Counters always use the pool, never the
// caller's transaction: a failed sign-in must count even when its work is
// rolled back.
type ThrottleStore struct {
	db  *DB
	now func() time.Time
}

// NewThrottleStore returns the store; expiry is judged by the database
// handle's clock.
func NewThrottleStore(db *DB) *ThrottleStore { return &ThrottleStore{db: db, now: db.Now} }

// maxThrottleAttempts bounds the compare-and-swap retries of one Update; a
// key this contended (hundreds of writers at the same instant) is refused
// as busy rather than spun on forever.
const maxThrottleAttempts = 200

type throttleRow struct {
	N         float64
	ChangedUS int64
	ExpiresUS int64
	Version   int64
}

func (s *ThrottleStore) read(ctx context.Context, key string) (throttleRow, bool, error) {
	var r throttleRow
	err := s.db.gorm.WithContext(ctx).Raw(
		`SELECT n, changed_us, expires_us, version FROM throttles WHERE key = ?`, key,
	).Row().Scan(&r.N, &r.ChangedUS, &r.ExpiresUS, &r.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return throttleRow{}, false, nil
	}
	if err != nil {
		return throttleRow{}, false, translate(err)
	}
	return r, true, nil
}

// Get returns key's entry unless it is missing or expired.
func (s *ThrottleStore) Get(ctx context.Context, key string) (throttle.Entry, bool, error) {
	r, ok, err := s.read(ctx, key)
	if err != nil || !ok || s.now().UnixMicro() >= r.ExpiresUS {
		return throttle.Entry{}, false, err
	}
	return throttle.Entry{N: r.N, At: time.UnixMicro(r.ChangedUS).UTC()}, true, nil
}

// Update applies fn to key's entry atomically across every instance. fn may
// run more than once (after a lost race) and must depend only on its
// arguments.
func (s *ThrottleStore) Update(ctx context.Context, key string, fn func(throttle.Entry, bool) (throttle.Entry, time.Duration)) error {
	conn := s.db.gorm.WithContext(ctx)
	for attempt := range maxThrottleAttempts {
		r, exists, err := s.read(ctx, key)
		if err != nil {
			return err
		}
		now := s.now()
		found := exists && now.UnixMicro() < r.ExpiresUS
		var cur throttle.Entry
		if found {
			cur = throttle.Entry{N: r.N, At: time.UnixMicro(r.ChangedUS).UTC()}
		}
		next, ttl := fn(cur, found)
		var res = conn
		switch {
		case ttl <= 0 && !exists:
			return nil
		case ttl <= 0:
			res = conn.Exec(`DELETE FROM throttles WHERE key = ? AND version = ?`, key, r.Version)
		default:
			// version 0 never matches a stored row (they start at 1): when the
			// row was missing, a concurrent insert makes this a lost race.
			res = conn.Exec(`INSERT INTO throttles (key, n, changed_us, expires_us, version) VALUES (?, ?, ?, ?, 1)
ON CONFLICT (key) DO UPDATE SET n = excluded.n, changed_us = excluded.changed_us,
    expires_us = excluded.expires_us, version = throttles.version + 1
WHERE throttles.version = ?`,
				key, next.N, next.At.UnixMicro(), now.Add(ttl).UnixMicro(), r.Version)
		}
		if res.Error != nil {
			return translate(res.Error)
		}
		if res.RowsAffected == 1 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if attempt >= 3 {
			// Many writers on one key: spread the retries out a little.
			backoff := time.Duration(rand.Int64N(int64(min(attempt, 20)) * int64(time.Millisecond)))
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(backoff):
			}
		}
	}
	return fmt.Errorf("throttle counter %q: too many concurrent updates", key)
}

// Purge deletes counters that expired before the cutoff and reports how many went.
func (s *ThrottleStore) Purge(ctx context.Context, before time.Time) (int64, error) {
	res := s.db.gorm.WithContext(ctx).Exec(`DELETE FROM throttles WHERE expires_us < ?`, before.UnixMicro())
	return res.RowsAffected, translate(res.Error)
}
