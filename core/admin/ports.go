package admin

import (
	"context"
	"time"
)

// Directory reads the admin lists and the account counts.
type Directory interface {
	// Users lists customer and admin accounts, newest first, with the total
	// matching the search (e-mail, name or location).
	Users(ctx context.Context, q Query) ([]User, int, error)
	// Designers lists designer profiles, newest first, with the total
	// matching the search (name, e-mail, phone or city).
	Designers(ctx context.Context, q Query) ([]Designer, int, error)
	// Counts returns the totals, "new" meaning created at or after since.
	Counts(ctx context.Context, since time.Time) (Counts, error)
}

// UserEdit carries the editable account fields; nil means unchanged.
type UserEdit struct {
	Name     *string
	Email    *string
	Location *string
}

// Fields names the fields the edit sends, in API words.
func (e UserEdit) Fields() []string {
	var out []string
	for name, set := range map[string]bool{"name": e.Name != nil, "email": e.Email != nil, "location": e.Location != nil} {
		if set {
			out = append(out, name)
		}
	}
	return sorted(out)
}

// Accounts edits and deletes accounts with the owner's own rules; the
// identity package implements it.
type Accounts interface {
	// Account returns ErrUserNotFound when no account has that id.
	Account(ctx context.Context, id int64) (User, error)
	// UpdateAccount validates and applies an edit as the owner's profile edit does.
	UpdateAccount(ctx context.Context, id int64, e UserEdit) (User, error)
	// DeleteAccount removes the account, its dependent rows and its files.
	DeleteAccount(ctx context.Context, id int64) error
}

// DesignerEdit carries the editable profile fields; nil means unchanged.
// Images are not edited from the panel.
type DesignerEdit struct {
	Name, Email, Phone, City, Bio, DesignStyle, PrimaProposta           *string
	Website, Portfolio, Instagram, Facebook, YouTube, TikTok, SocialWeb *string
	WorkPreferences, Specialties                                        *[]string
	Experience, MinBudget                                               *int
}

// Fields names the fields the edit sends, in API words.
func (e DesignerEdit) Fields() []string {
	var out []string
	for name, set := range map[string]bool{
		"name": e.Name != nil, "email": e.Email != nil, "phone": e.Phone != nil, "city": e.City != nil,
		"bio": e.Bio != nil, "design_style": e.DesignStyle != nil, "prima_proposta": e.PrimaProposta != nil,
		"website": e.Website != nil, "portfolio": e.Portfolio != nil, "social_instagram": e.Instagram != nil,
		"social_facebook": e.Facebook != nil, "social_youtube": e.YouTube != nil, "social_tiktok": e.TikTok != nil,
		"social_website": e.SocialWeb != nil, "work_preferences": e.WorkPreferences != nil,
		"specialties": e.Specialties != nil, "experience": e.Experience != nil, "min_budget": e.MinBudget != nil,
	} {
		if set {
			out = append(out, name)
		}
	}
	return sorted(out)
}

// Profiles edits, verifies and deletes designer profiles with the designers
// package's rules; the designers package implements it.
type Profiles interface {
	// Designer returns ErrNotFound when no profile has that id.
	Designer(ctx context.Context, id int64) (Designer, error)
	// UpdateDesigner validates and applies an edit as the owner's edit does.
	UpdateDesigner(ctx context.Context, id int64, e DesignerEdit) (Designer, error)
	// ToggleVerified flips the verified badge and returns the profile.
	ToggleVerified(ctx context.Context, id int64) (Designer, error)
	// DeleteDesigner removes the profile's account with everything that depends on it.
	DeleteDesigner(ctx context.Context, id int64) error
}

// Appointments counts appointments by status (pending, confirmed, completed, cancelled).
type Appointments interface {
	CountByStatus(ctx context.Context) (map[string]int, error)
}

// AuditLog keeps the record of admin actions.
type AuditLog interface {
	// Record stores e and sets its ID and CreatedAt.
	Record(ctx context.Context, e *Entry) error
	// List returns entries newest first and the total.
	List(ctx context.Context, q Query) ([]Entry, int, error)
}

// ActivityCounter counts messages since a moment, likes and conversations.
type ActivityCounter interface {
	Activity(ctx context.Context, dayStart time.Time) (Activity, error)
}
