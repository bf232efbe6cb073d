// Package admin holds what operators do in the admin panel: list and search
// accounts and designers, edit them with the owners' own rules, delete them
// with everything that depends on them, toggle designer verification, and
// keep an audit trail of every change they make.
package admin

import (
	"strings"
	"time"

	"interno/core/fault"
)

// User is an account as the admin lists show it.
type User struct {
	ID          int64
	Email       string
	Name        string
	Location    string
	Role        string
	GoogleID    string
	HasPassword bool
	CreatedAt   time.Time
}

// IsAdmin reports whether the account is an administrator.
func (u User) IsAdmin() bool { return u.Role == RoleAdmin }

// IsDesigner reports whether the account belongs to a designer profile.
func (u User) IsDesigner() bool { return u.Role == RoleDesigner }

// The role names the account store uses.
const (
	RoleUser     = "user"
	RoleDesigner = "designer"
	RoleAdmin    = "admin"
)

// Designer is a designer profile as the admin lists show it.
type Designer struct {
	ID            int64
	UserID        int64
	Name          string
	Email         string
	Phone         string
	City          string
	DesignStyle   string
	PrimaProposta string
	Verified      bool
	CreatedAt     time.Time
}

// Query selects a page of a list. Limit 0 means the whole list, which is what
// the panel asks for by default (it filters and pages locally).
type Query struct {
	Search string
	Offset int
	Limit  int
}

// Normalized trims the search text and bounds the paging values.
func (q Query) Normalized() Query {
	q.Search = strings.ToLower(strings.TrimSpace(q.Search))
	if q.Offset < 0 {
		q.Offset = 0
	}
	if q.Limit < 0 {
		q.Limit = 0
	}
	return q
}

// Counts are the figures the account store can give in one pass.
type Counts struct {
	Customers         int
	Admins            int
	Designers         int
	VerifiedDesigners int
	NewCustomers      int
	NewDesigners      int
}

// Stats is the panel header: totals, what is new this week, and appointments
// by status when scheduling is wired in.
type Stats struct {
	Counts
	// TotalUsers counts the accounts of the users tab: customers and admins.
	TotalUsers int
	Since      time.Time
	// Appointments is nil when no appointment counter is wired.
	Appointments map[string]int
	// Activity is nil when no activity counter is wired.
	Activity *Activity
	// DayStart is midnight today in the business time zone ("messages today").
	DayStart time.Time
}

// Activity is what customers and designers did: messages sent today, likes
// and conversations in total.
type Activity struct {
	MessagesToday int
	Likes         int
	Conversations int
}

// Actions recorded in the audit trail.
const (
	ActionUserUpdate       = "user.update"
	ActionUserDelete       = "user.delete"
	ActionDesignerUpdate   = "designer.update"
	ActionDesignerDelete   = "designer.delete"
	ActionDesignerVerify   = "designer.verify"
	ActionDesignerUnverify = "designer.unverify"
)

// Entry is one audit record: who did what to which account, and when.
type Entry struct {
	ID          int64
	ActorID     int64
	ActorEmail  string
	Action      string
	TargetType  string
	TargetID    int64
	TargetLabel string
	// Details names the fields an edit sent, comma-separated.
	Details   string
	CreatedAt time.Time
}

// Faults callers can recognise.
var (
	ErrAdminRequired   = fault.New(fault.Forbidden, "Admin access required").WithReason("admin_required")
	ErrUserNotFound    = fault.New(fault.NotFound, "User not found").WithReason("user_not_found")
	ErrNotFound        = fault.New(fault.NotFound, "Designer not found").WithReason("designer_not_found")
	ErrAdminProtected  = fault.New(fault.Conflict, "Admin accounts cannot be deleted from the admin panel").WithReason("admin_protected")
	ErrDesignerAccount = fault.New(fault.Conflict, "This account belongs to a designer: edit it from the designers list").WithReason("designer_account")
	ErrNothingToChange = fault.New(fault.Invalid, "Send at least one editable field").WithReason("validation")
)
