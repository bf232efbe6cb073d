package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

type revokedTokenRow struct {
	TokenID   string `gorm:"primaryKey"`
	UserID    int64
	ExpiresAt time.Time
	RevokedAt time.Time
}

func (revokedTokenRow) TableName() string { return "revoked_tokens" }

// RevocationRepo implements identity.Revocations: the ids of tokens ended by
// logout, kept until they would have expired.
type RevocationRepo struct{ db *DB }

// NewRevocationRepo returns the repository.
func NewRevocationRepo(db *DB) *RevocationRepo { return &RevocationRepo{db: db} }

// Revoke records a token as ended; revoking it again changes nothing.
func (r *RevocationRepo) Revoke(ctx context.Context, tokenID string, userID int64, expiresAt time.Time) error {
	row := revokedTokenRow{TokenID: tokenID, UserID: userID, ExpiresAt: expiresAt.UTC(), RevokedAt: r.db.Now()}
	return translate(r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error)
}

// IsRevoked is one primary-key look-up.
func (r *RevocationRepo) IsRevoked(ctx context.Context, tokenID string) (bool, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&revokedTokenRow{}).Where("token_id = ?", tokenID).Limit(1).Count(&n).Error
	return n > 0, translate(err)
}

// Purge drops revocations of tokens that have expired anyway (with a margin
// for the expiry leeway), so the table holds at most a month of logouts.
func (r *RevocationRepo) Purge(ctx context.Context, before time.Time) (int64, error) {
	res := r.db.Conn(ctx).Where("expires_at < ?", before.UTC()).Delete(&revokedTokenRow{})
	return res.RowsAffected, translate(res.Error)
}
