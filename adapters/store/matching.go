package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"

	"interno/core/matching"
	"interno/core/style"
)

type leadRow struct {
	ID            int64
	Answers       string
	StyleAnalysis string
	DominantStyle string
	Version       string
	UserID        *int64
	TokenHash     *string
	CreatedAt     time.Time
}

func (leadRow) TableName() string { return "leads" }

func (r leadRow) toLead() matching.Lead {
	a, _ := matching.ParseAnalysis([]byte(r.StyleAnalysis))
	l := matching.Lead{ID: r.ID, Answers: jsonList[string](r.Answers), Analysis: a, Version: r.Version,
		UserID: r.UserID, CreatedAt: r.CreatedAt.UTC()}
	if r.TokenHash != nil {
		l.TokenHash = *r.TokenHash
	}
	return l
}

// MatchingRepo implements matching.Repository.
type MatchingRepo struct{ db *DB }

// NewMatchingRepo returns the repository.
func NewMatchingRepo(db *DB) *MatchingRepo { return &MatchingRepo{db: db} }

func leadErr(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return matching.ErrLeadNotFound
	}
	return translate(err)
}

// CreateLead inserts a lead.
func (r *MatchingRepo) CreateLead(ctx context.Context, l *matching.Lead) error {
	answers, err := json.Marshal(l.Answers)
	if err != nil {
		return err
	}
	row := leadRow{Answers: string(answers), StyleAnalysis: string(l.Analysis.JSON()),
		DominantStyle: string(l.Analysis.Dominant), Version: l.Version, UserID: l.UserID, CreatedAt: r.db.Now()}
	if l.TokenHash != "" {
		row.TokenHash = &l.TokenHash
	}
	if err := r.db.Conn(ctx).Create(&row).Error; err != nil {
		return translate(err)
	}
	l.ID, l.CreatedAt = row.ID, row.CreatedAt
	return nil
}

// CreateQuizLead inserts the lead of a quiz just answered. On PostgreSQL its
// transaction commits with synchronous_commit off (SET LOCAL: this
// transaction only, never the session or the pool), so the answer does not
// wait for the WAL flush; a crash can lose the last fraction of a second of
// such leads, never a row of anything else, and never half a lead. Inside a
// caller's transaction (the idempotency layer wraps a keyed POST in one) the
// setting covers that transaction, which holds only this lead and its stored
// answer, lost or kept together. SQLite keeps synchronous(FULL): the
// setting is per connection and it meets the budget without it
// (docs/matching.md).
func (r *MatchingRepo) CreateQuizLead(ctx context.Context, l *matching.Lead) error {
	if r.db.Dialect() != Postgres {
		return r.CreateLead(ctx, l)
	}
	return r.db.InTx(ctx, func(ctx context.Context) error {
		if err := r.db.Conn(ctx).Exec("SET LOCAL synchronous_commit = off").Error; err != nil {
			return translate(err)
		}
		return r.CreateLead(ctx, l)
	})
}

// Lead loads one lead.
func (r *MatchingRepo) Lead(ctx context.Context, id int64) (matching.Lead, error) {
	var row leadRow
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		return matching.Lead{}, leadErr(err)
	}
	return row.toLead(), nil
}

// LeadByToken loads the lead whose token hashes to tokenHash.
func (r *MatchingRepo) LeadByToken(ctx context.Context, tokenHash string) (matching.Lead, error) {
	if tokenHash == "" {
		return matching.Lead{}, matching.ErrLeadNotFound
	}
	var row leadRow
	if err := r.db.Conn(ctx).Where("token_hash = ?", tokenHash).Take(&row).Error; err != nil {
		return matching.Lead{}, leadErr(err)
	}
	return row.toLead(), nil
}

// ProfileLead loads the lead the account's style profile points at
// (users.lead_id, written with the profile by identity), else the account's
// most recent lead.
func (r *MatchingRepo) ProfileLead(ctx context.Context, userID int64) (matching.Lead, error) {
	var row leadRow
	err := r.db.Conn(ctx).Table("leads").Select("leads.*").
		Joins("JOIN users ON users.lead_id = leads.id AND users.id = leads.user_id").
		Where("users.id = ?", userID).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		err = r.db.Conn(ctx).Where("user_id = ?", userID).Order("id DESC").Take(&row).Error
	}
	if err != nil {
		return matching.Lead{}, leadErr(err)
	}
	return row.toLead(), nil
}

// Attach links an unattached lead to an account with one conditional update,
// so two registrations racing for the same lead cannot both win.
func (r *MatchingRepo) Attach(ctx context.Context, leadID, userID int64) error {
	res := r.db.Conn(ctx).Table("leads").Where("id = ? AND (user_id IS NULL OR user_id = ?)", leadID, userID).
		Update("user_id", userID)
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 1 {
		return nil
	}
	if _, err := r.Lead(ctx, leadID); err != nil {
		return err
	}
	// SQLite reports 0 rows when the value did not change; that is our own lead.
	var n int64
	if err := r.db.Conn(ctx).Table("leads").Where("id = ? AND user_id = ?", leadID, userID).Count(&n).Error; err != nil {
		return translate(err)
	}
	if n == 1 {
		return nil
	}
	return matching.ErrLeadTaken
}

// profileRow is the slice of a designer ranking reads.
type profileRow struct {
	ID          int64
	DesignStyle string
	Specialties string
	LikeCount   int
}

// Profiles reads every designer's ranking inputs: four narrow columns, no join.
func (r *MatchingRepo) Profiles(ctx context.Context) ([]matching.Profile, error) {
	var rows []profileRow
	if err := r.db.Conn(ctx).Table("designers").Select("id, design_style, specialties, like_count").
		Order("id").Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]matching.Profile, len(rows))
	for i, row := range rows {
		out[i] = matching.Profile{DesignerID: row.ID, DesignStyle: style.Code(row.DesignStyle),
			Specialties: jsonList[string](row.Specialties), Likes: row.LikeCount}
	}
	return out, nil
}
