// Package engagement holds how customers show interest in designers — likes
// and shares — what designers may learn about it, and the style-results
// e-mail whose links are tracked so admins see which messages work.
package engagement

import (
	"time"

	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/style"
)

// Platform is where a designer was shared.
type Platform string

// DefaultPlatform is recorded when the client names none.
const DefaultPlatform Platform = "link"

// Platforms are the share targets the web app offers, plus the default.
var Platforms = []Platform{"facebook", "twitter", "whatsapp", "instagram", "linkedin", "telegram", "email", "copy", DefaultPlatform}

// Valid reports whether p is a known platform.
func (p Platform) Valid() bool {
	for _, q := range Platforms {
		if p == q {
			return true
		}
	}
	return false
}

// Like is one account's like of one designer.
type Like struct {
	UserID   int64
	UserName string
	LikedAt  time.Time
}

// LikedDesigner is a designer the caller liked, newest first.
type LikedDesigner struct {
	DesignerID int64
	LikedAt    time.Time
}

// Share is one recorded share; UserID is zero for anonymous visitors.
type Share struct {
	DesignerID int64
	UserID     int64
	UserName   string
	// UserEmail is shown to the designer (designer-side spec, share stats).
	UserEmail string
	Platform  Platform
	SharedAt  time.Time
}

// LikeStats is what a designer sees about their likes.
type LikeStats struct {
	Total int
	Likes []Like
}

// ShareStats is what a designer sees about their shares. Anonymous shares
// count in Total and ByPlatform but have no row in Sharers.
type ShareStats struct {
	Total      int
	ByPlatform map[Platform]int
	Sharers    []Share
}

// Toggled is the outcome of a like toggle.
type Toggled struct {
	Liked     bool
	LikeCount int
}

// StyleAnalysis is a questionnaire result: the dominant style and the five
// percentages, as the web app keeps it.
type StyleAnalysis struct {
	Dominant    style.Code
	Percentages map[style.Code]int
}

// Faults callers recognise.
var (
	ErrDesignerNotFound = kernel.ErrDesignerNotFound
	ErrOwnProfile       = fault.New(fault.BadRequest, "You cannot like your own designer profile").WithReason("own_profile")
	ErrStatsForbidden   = fault.New(fault.Forbidden, "Only the designer or an admin may see these statistics").WithReason("not_owner")
	ErrPlatform         = fault.InvalidField("platform", "platform must be one of facebook, twitter, whatsapp, instagram, linkedin, telegram, email, copy, link")
	ErrTrackingNotFound = fault.New(fault.NotFound, "Unknown tracking id").WithReason("tracking_not_found")
	ErrForeignURL       = fault.New(fault.BadRequest, "Links may only lead to pages of this site").WithReason("foreign_url")
	ErrTooManyToAddress = fault.New(fault.Throttled, "Too many e-mails sent to this address today; try again tomorrow").WithReason("email_throttled")
	ErrTooManyBySender  = fault.New(fault.Throttled, "Too many e-mails sent; try again in an hour").WithReason("email_throttled")
)
