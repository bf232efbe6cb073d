package identity

import (
	"context"
	"encoding/json"
	"time"
)

// Users stores accounts.
type Users interface {
	// Create inserts u and sets its ID and timestamps. Returns ErrEmailTaken
	// when the e-mail (or Google subject) is already used.
	Create(ctx context.Context, u *User) error
	// ByID returns ErrUserNotFound when no account has that id.
	ByID(ctx context.Context, id int64) (User, error)
	// ByEmail looks up a normalised e-mail; ErrUserNotFound when unknown.
	ByEmail(ctx context.Context, email string) (User, error)
	// ByGoogleSub looks up a Google subject; ErrUserNotFound when unknown.
	ByGoogleSub(ctx context.Context, sub string) (User, error)
	// Update loads the account, applies fn and saves it in one transaction.
	// Returns ErrUserNotFound, ErrEmailTaken, or fn's error.
	Update(ctx context.Context, id int64, fn func(u *User) error) (User, error)
	// Delete removes the account; rows that depend on it go with it.
	Delete(ctx context.Context, id int64) error
}

// PasswordReset is a pending reset: only the hash of the token is stored.
type PasswordReset struct {
	UserID    int64
	TokenHash string
	ExpiresAt time.Time
}

// Resets stores password-reset tokens.
type Resets interface {
	Create(ctx context.Context, r PasswordReset) error
	// Consume marks the token used and returns its user, atomically, so a
	// token works once. Returns ErrResetTokenInvalid when unknown, used or expired.
	Consume(ctx context.Context, tokenHash string, now time.Time) (int64, error)
	// Owner returns the user of a token that Consume would accept at now,
	// without using it. Returns ErrResetTokenInvalid when unknown, used or
	// expired: the rule of Consume.
	Owner(ctx context.Context, tokenHash string, now time.Time) (int64, error)
	// DeleteForUser drops every pending token of the user.
	DeleteForUser(ctx context.Context, userID int64) error
}

// Pictures stores profile pictures as sanitised, re-encoded images.
type Pictures interface {
	// SaveProfilePicture validates and stores an upload, returning its path.
	SaveProfilePicture(ctx context.Context, data []byte) (string, error)
	// Remove deletes a stored picture; unknown paths are not an error.
	Remove(ctx context.Context, path string) error
}

// Questionnaire turns what a registering customer brings (a lead id, or
// answers and analysis kept by the client) into the verified answers and style
// analysis stored on the account. The matching package implements it.
type Questionnaire interface {
	Resolve(ctx context.Context, lead LeadClaim, answers, analysis json.RawMessage) (QuestionnaireResult, error)
	// Attach links the resolved lead to the account created with it.
	Attach(ctx context.Context, leadID, userID int64) error
	// Adopt links a lead to an existing account (a no-op when it is already
	// theirs) and returns its verified answers and analysis. A lead held by
	// another account gives ErrLeadTaken; an unknown one a not-found fault.
	Adopt(ctx context.Context, leadID, userID int64) (QuestionnaireResult, error)
	// Claim returns the id of the lead a claim's token names (its id, when
	// given, must agree); a claim without a token, or with a token that names
	// no lead or another one, is a fault (not Internal).
	Claim(ctx context.Context, lead LeadClaim) (int64, error)
}

// LeadClaim is the questionnaire a registering visitor says is theirs: the
// lead's token proves it (its id alone attaches nothing).
type LeadClaim struct {
	ID    *int64
	Token string
}

// QuestionnaireResult is a resolved questionnaire: the lead it is stored as
// and the verified answers and analysis copied onto the account.
type QuestionnaireResult struct {
	LeadID   *int64
	Answers  json.RawMessage
	Analysis json.RawMessage
}

// DeletionHook runs inside the account-deletion transaction before the row
// goes, so features can remove what the database cannot cascade (files) or
// tell counterparts (cancelled appointments).
type DeletionHook func(ctx context.Context, u User) error

// SessionsEndedHook runs inside the transaction that ends every session of
// an account at once (logout everywhere, a password reset), so what those
// sessions left behind ends too: push devices would otherwise keep receiving
// the account's notifications on a phone that is no longer signed in.
type SessionsEndedHook func(ctx context.Context, userID int64) error

// Revocations keeps the ids of tokens ended by logout until they would have
// expired anyway, so a copied token stops working at once.
type Revocations interface {
	// Revoke records tokenID as ended; revoking twice is not an error.
	Revoke(ctx context.Context, tokenID string, userID int64, expiresAt time.Time) error
	// IsRevoked reports whether tokenID was revoked.
	IsRevoked(ctx context.Context, tokenID string) (bool, error)
}

// Deferrer runs work after the request that asked for it has been answered.
// Password-reset requests use it so that an address with an account is
// answered exactly as fast as one without. A nil Deferrer runs work at once.
// ctx is the request's: the work does not run under it (the request is over
// by then) but keeps what it carries for the log, such as the request id.
type Deferrer interface {
	Defer(ctx context.Context, name string, work func(ctx context.Context) error)
}
