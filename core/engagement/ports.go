package engagement

import (
	"context"
	"time"

	"interno/core/kernel"
)

// Repository stores likes, shares and tracked e-mails.
type Repository interface {
	// ToggleLike adds the like of userID for designerID when there is none
	// and removes it otherwise, in one transaction that serialises toggles
	// of the same designer and sets the designer's like_count from the rows.
	// Returns ErrDesignerNotFound when the designer does not exist.
	ToggleLike(ctx context.Context, userID, designerID int64) (Toggled, error)
	// Liked reports whether userID likes designerID.
	Liked(ctx context.Context, userID, designerID int64) (bool, error)
	// LikeCount counts a designer's likes.
	LikeCount(ctx context.Context, designerID int64) (int, error)
	// Likes lists a designer's likes with the liker's name, newest first.
	Likes(ctx context.Context, designerID int64) ([]Like, error)
	// LikedBy lists the designers userID likes, newest first.
	LikedBy(ctx context.Context, userID int64) ([]LikedDesigner, error)

	// AddShare records a share (UserID zero when anonymous).
	AddShare(ctx context.Context, s Share) error
	// ShareCount counts a designer's shares.
	ShareCount(ctx context.Context, designerID int64) (int, error)
	// Shares returns the totals per platform and the signed-in sharers, newest first.
	Shares(ctx context.Context, designerID int64) (ShareStats, error)

	// ForgetUser removes an account's likes (fixing the counts of the
	// designers it liked) and detaches its shares and e-mails, which stay
	// counted anonymously.
	ForgetUser(ctx context.Context, userID int64) error

	// AddSend records a tracked e-mail.
	AddSend(ctx context.Context, s Send) error
	// CountSends counts e-mails of kind sent to recipient, or by sender,
	// since the given time (an empty filter matches all).
	CountSends(ctx context.Context, kind, recipient, sender string, since time.Time) (int, error)
	// AddClick records a click of a tracked e-mail's link; ErrTrackingNotFound
	// when the tracking id is unknown.
	AddClick(ctx context.Context, trackingID, url string, at time.Time) error
	// SendStats counts sent and clicked (at least one click) e-mails per
	// kind since the given time, optionally for one kind.
	SendStats(ctx context.Context, since time.Time, kind string) ([]KindStats, error)
}

// Send is one tracked e-mail.
type Send struct {
	TrackingID string
	Kind       string
	Recipient  string
	// Sender is "user:<id>" or "ip:<address>", for throttling.
	Sender string
	UserID int64
	SentAt time.Time
}

// KindStats is the delivery and click figures of one kind of e-mail.
type KindStats struct {
	Kind    string
	Sent    int
	Clicked int
}

// Designers looks up designer profiles; kernel.Designers (designers.Service.Refs) implements it.
type Designers interface {
	// Designer returns ErrDesignerNotFound when the profile does not exist.
	Designer(ctx context.Context, id int64) (kernel.DesignerRef, error)
}

// Account is what engagement needs of a signed-in account.
type Account struct {
	ID    int64
	Name  string
	Email string
}

// Accounts looks up accounts; the identity package implements it.
type Accounts interface {
	Account(ctx context.Context, id int64) (Account, error)
}

// Leads checks the questionnaire a visitor's results e-mail names; the
// matching package implements it.
type Leads interface {
	// VisitorLead returns the id of the lead token names when no account
	// holds it yet (id, when not zero, must be that lead's); a fault that is
	// not Internal when the token names no such lead.
	VisitorLead(ctx context.Context, id int64, token string) (int64, error)
}
