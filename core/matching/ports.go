package matching

import (
	"context"
	"time"
)

// Lead is a questionnaire taken by someone: the answers, the analysis they
// gave, the questionnaire version, and the account it belongs to once the
// taker registers (or when a signed-in customer took it).
type Lead struct {
	ID int64
	// Token is the lead's secret, known only when it is created; TokenHash
	// (its SHA-256, hex) is what is stored and looked up.
	Token     string
	TokenHash string
	Answers   []string
	Analysis  Analysis
	Version   string
	UserID    *int64
	CreatedAt time.Time
}

// Repository stores leads and reads the designer profiles ranking needs.
type Repository interface {
	// CreateLead inserts l and sets its ID and CreatedAt.
	CreateLead(ctx context.Context, l *Lead) error
	// Lead returns ErrLeadNotFound when missing.
	Lead(ctx context.Context, id int64) (Lead, error)
	// LeadByToken finds a lead by the hash of its token, or ErrLeadNotFound.
	LeadByToken(ctx context.Context, tokenHash string) (Lead, error)
	// LatestOfUser returns the account's most recent lead, or ErrLeadNotFound.
	LatestOfUser(ctx context.Context, userID int64) (Lead, error)
	// Attach links an unattached lead to an account in one statement; a lead
	// already linked to another account gives ErrLeadTaken, a missing one
	// ErrLeadNotFound. Attaching again to the same account is a no-op.
	Attach(ctx context.Context, leadID, userID int64) error
	// Profiles returns every designer's ranking inputs.
	Profiles(ctx context.Context) ([]Profile, error)
}

// Caller is who asks. UserID 0 is an anonymous visitor.
type Caller struct {
	UserID     int64
	IsAdmin    bool
	IsCustomer bool
}
