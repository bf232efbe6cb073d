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
	// CreateLead inserts l and sets its ID and CreatedAt; the lead is durable
	// when the call returns (registration relies on it).
	CreateLead(ctx context.Context, l *Lead) error
	// CreateQuizLead inserts the lead of a quiz just answered (the visitor sees
	// its result at once). Losing it in a crash costs one re-answered quiz, so
	// the store may acknowledge it before it reaches the disk, and only it: the
	// call must not weaken the durability of anything else.
	CreateQuizLead(ctx context.Context, l *Lead) error
	// Lead returns ErrLeadNotFound when missing.
	Lead(ctx context.Context, id int64) (Lead, error)
	// LeadByToken finds a lead by the hash of its token, or ErrLeadNotFound.
	LeadByToken(ctx context.Context, tokenHash string) (Lead, error)
	// ProfileLead returns the lead the account's style profile is (the
	// questionnaire the account adopted last), else its most recent lead, or
	// ErrLeadNotFound when it has none.
	ProfileLead(ctx context.Context, userID int64) (Lead, error)
	// Attach links an unattached lead to an account in one statement; a lead
	// already linked to another account gives ErrLeadTaken, a missing one
	// ErrLeadNotFound. Attaching again to the same account is a no-op.
	Attach(ctx context.Context, leadID, userID int64) error
	// Profiles returns every designer's ranking inputs.
	Profiles(ctx context.Context) ([]Profile, error)
}

// Accounts keeps a customer's style profile on their account (the identity
// package implements it; internal/app wires it).
type Accounts interface {
	// AdoptQuestionnaire makes the lead the account's one style profile.
	AdoptQuestionnaire(ctx context.Context, userID, leadID int64) error
}
