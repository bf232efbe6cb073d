package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"interno/core/identity"
)

type userRow struct {
	ID                   int64
	Email                string
	Name                 string
	PasswordHash         string
	GoogleSub            *string
	Role                 string
	Location             string
	ProfilePicture       string
	TokenVersion         int
	LeadID               *int64
	QuestionnaireAnswers *string
	StyleAnalysis        *string
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

func (userRow) TableName() string { return "users" }

func toUserRow(u identity.User) userRow {
	r := userRow{ID: u.ID, Email: u.Email, Name: u.Name, PasswordHash: u.PasswordHash, Role: string(u.Role),
		Location: u.Location, ProfilePicture: u.ProfilePicture, TokenVersion: u.TokenVersion, LeadID: u.LeadID,
		CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt}
	if u.GoogleSub != "" {
		s := u.GoogleSub
		r.GoogleSub = &s
	}
	r.QuestionnaireAnswers = rawPtr(u.QuestionnaireAnswers)
	r.StyleAnalysis = rawPtr(u.StyleAnalysis)
	return r
}

func (r userRow) toUser() identity.User {
	u := identity.User{ID: r.ID, Email: r.Email, Name: r.Name, PasswordHash: r.PasswordHash, Role: identity.Role(r.Role),
		Location: r.Location, ProfilePicture: r.ProfilePicture, TokenVersion: r.TokenVersion, LeadID: r.LeadID,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.GoogleSub != nil {
		u.GoogleSub = *r.GoogleSub
	}
	if r.QuestionnaireAnswers != nil {
		u.QuestionnaireAnswers = json.RawMessage(*r.QuestionnaireAnswers)
	}
	if r.StyleAnalysis != nil {
		u.StyleAnalysis = json.RawMessage(*r.StyleAnalysis)
	}
	return u
}

func rawPtr(m json.RawMessage) *string {
	if len(m) == 0 || string(m) == "null" {
		return nil
	}
	s := string(m)
	return &s
}

// UserRepo implements identity.Users.
type UserRepo struct{ db *DB }

// NewUserRepo returns the repository.
func NewUserRepo(db *DB) *UserRepo { return &UserRepo{db: db} }

func userErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return identity.ErrUserNotFound
	case UniqueViolation(err, "email"), UniqueViolation(err, "google_sub"):
		return identity.ErrEmailTaken.WithCause(err)
	}
	return translate(err)
}

// Create inserts the account.
func (r *UserRepo) Create(ctx context.Context, u *identity.User) error {
	row := toUserRow(*u)
	row.ID = 0
	if err := r.db.Conn(ctx).Create(&row).Error; err != nil {
		return userErr(err)
	}
	*u = row.toUser()
	return nil
}

func (r *UserRepo) take(ctx context.Context, query string, arg any) (identity.User, error) {
	var row userRow
	if err := r.db.Conn(ctx).Where(query, arg).Take(&row).Error; err != nil {
		return identity.User{}, userErr(err)
	}
	return row.toUser(), nil
}

// ByID loads an account by id.
func (r *UserRepo) ByID(ctx context.Context, id int64) (identity.User, error) {
	return r.take(ctx, "id = ?", id)
}

// ByEmail loads an account by normalised e-mail.
func (r *UserRepo) ByEmail(ctx context.Context, email string) (identity.User, error) {
	return r.take(ctx, "email = ?", email)
}

// ByGoogleSub loads an account by Google subject.
func (r *UserRepo) ByGoogleSub(ctx context.Context, sub string) (identity.User, error) {
	return r.take(ctx, "google_sub = ?", sub)
}

// Update reads, changes and writes the account inside one transaction; the
// row is locked on PostgreSQL so concurrent edits serialise.
func (r *UserRepo) Update(ctx context.Context, id int64, fn func(*identity.User) error) (identity.User, error) {
	var out identity.User
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		q := r.db.Conn(ctx)
		if r.db.dialect == Postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var row userRow
		if err := q.Where("id = ?", id).Take(&row).Error; err != nil {
			return userErr(err)
		}
		u := row.toUser()
		if err := fn(&u); err != nil {
			return err
		}
		u.ID, u.CreatedAt = row.ID, row.CreatedAt
		next := toUserRow(u)
		next.UpdatedAt = r.db.Now()
		if err := r.db.Conn(ctx).Select("*").Omit("created_at").Save(&next).Error; err != nil {
			return userErr(err)
		}
		out = next.toUser()
		return nil
	})
	return out, err
}

// Delete removes the account; foreign keys cascade to dependent rows.
func (r *UserRepo) Delete(ctx context.Context, id int64) error {
	res := r.db.Conn(ctx).Where("id = ?", id).Delete(&userRow{})
	if res.Error != nil {
		return userErr(res.Error)
	}
	if res.RowsAffected == 0 {
		return identity.ErrUserNotFound
	}
	return nil
}

type resetRow struct {
	ID        int64
	UserID    int64
	TokenHash string
	ExpiresAt time.Time
	UsedAt    *time.Time
	CreatedAt time.Time
}

func (resetRow) TableName() string { return "password_resets" }

// ResetRepo implements identity.Resets.
type ResetRepo struct{ db *DB }

// NewResetRepo returns the repository.
func NewResetRepo(db *DB) *ResetRepo { return &ResetRepo{db: db} }

// Create stores a pending reset.
func (r *ResetRepo) Create(ctx context.Context, p identity.PasswordReset) error {
	row := resetRow{UserID: p.UserID, TokenHash: p.TokenHash, ExpiresAt: p.ExpiresAt.UTC()}
	return translate(r.db.Conn(ctx).Create(&row).Error)
}

// Consume marks a live token used with one conditional UPDATE, so two
// concurrent uses cannot both succeed.
func (r *ResetRepo) Consume(ctx context.Context, tokenHash string, now time.Time) (int64, error) {
	var userID int64
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		res := r.db.Conn(ctx).Model(&resetRow{}).
			Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", tokenHash, now.UTC()).
			Update("used_at", now.UTC())
		if res.Error != nil {
			return translate(res.Error)
		}
		if res.RowsAffected != 1 {
			return identity.ErrResetTokenInvalid
		}
		return r.db.Conn(ctx).Model(&resetRow{}).Where("token_hash = ?", tokenHash).
			Pluck("user_id", &userID).Error
	})
	return userID, err
}

// Owner reads the user of a live token with the condition Consume updates
// by, and changes nothing.
func (r *ResetRepo) Owner(ctx context.Context, tokenHash string, now time.Time) (int64, error) {
	var userIDs []int64
	err := r.db.Conn(ctx).Model(&resetRow{}).
		Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", tokenHash, now.UTC()).
		Limit(1).Pluck("user_id", &userIDs).Error
	if err != nil {
		return 0, translate(err)
	}
	if len(userIDs) == 0 {
		return 0, identity.ErrResetTokenInvalid
	}
	return userIDs[0], nil
}

// DeleteForUser drops every token of the user.
func (r *ResetRepo) DeleteForUser(ctx context.Context, userID int64) error {
	return translate(r.db.Conn(ctx).Where("user_id = ?", userID).Delete(&resetRow{}).Error)
}
