// Package identity holds Interno's accounts: customers, designers and admins,
// their credentials, the tokens that prove who is calling, password resets and
// Google sign-in rules.
package identity

import (
	"encoding/json"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"interno/core/fault"
	"interno/core/kernel"
)

// Role says what an account may do; it is the shared kernel's.
type Role = kernel.Role

// The three roles of the spec.
const (
	RoleUser     = kernel.RoleUser
	RoleDesigner = kernel.RoleDesigner
	RoleAdmin    = kernel.RoleAdmin
)

// Valid reports whether r is one of the known roles.

// User is an account. PasswordHash is empty for Google-only accounts.
type User struct {
	ID             int64
	Email          string
	Name           string
	PasswordHash   string
	GoogleSub      string
	Role           Role
	Location       string
	ProfilePicture string
	// TokenVersion is embedded in every token; bumping it (password reset,
	// role change) invalidates every token issued before.
	TokenVersion int
	// LeadID links the account to the questionnaire taken before registering.
	LeadID *int64
	// QuestionnaireAnswers and StyleAnalysis are the customer's quiz result as
	// JSON documents owned by the matching package.
	QuestionnaireAnswers json.RawMessage
	StyleAnalysis        json.RawMessage
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

// IsAdmin reports the admin role.
func (u User) IsAdmin() bool { return u.Role == RoleAdmin }

// IsDesigner reports the designer role.
func (u User) IsDesigner() bool { return u.Role == RoleDesigner }

// HasPassword reports whether the account can sign in with a password.
func (u User) HasPassword() bool { return u.PasswordHash != "" }

// Limits on account fields.
const (
	MinPasswordLength = 8
	MaxPasswordLength = 256
	MaxNameLength     = 120
	MaxEmailLength    = 254
	MaxLocationLength = 120
)

// Faults callers can recognise.
var (
	ErrEmailTaken         = fault.New(fault.Conflict, "A user with this email already exists (email already registered)").WithReason("email_taken")
	ErrInvalidCredentials = fault.New(fault.Unauthorized, "Invalid credentials: incorrect email or password").WithReason("invalid_credentials")
	ErrUnauthenticated    = fault.New(fault.Unauthorized, "Not authenticated").WithReason("not_authenticated")
	ErrTokenInvalid       = fault.New(fault.Unauthorized, "Invalid or expired token").WithReason("token_invalid")
	ErrUserNotFound       = fault.New(fault.NotFound, "User not found").WithReason("user_not_found")
	ErrAdminRequired      = fault.New(fault.Forbidden, "Admin access required").WithReason("admin_required")
	ErrDesignerRequired   = fault.New(fault.Forbidden, "Designer access required").WithReason("designer_required")
	ErrResetTokenInvalid  = fault.New(fault.BadRequest, "Invalid or expired reset token").WithReason("reset_token_invalid")
	ErrGoogleUnverified   = fault.New(fault.Conflict, "An account with this email exists; sign in with your password first").WithReason("google_email_unverified")
)

// NormalizeEmail trims and lower-cases an address so lookups are exact.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s is a plain address ("name@domain.tld").
func ValidEmail(s string) bool {
	if s == "" || len(s) > MaxEmailLength || strings.ContainsAny(s, " \t\r\n<>,;") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".") && !strings.HasSuffix(s, ".")
}

// CheckEmail validates an address into v under field.
func CheckEmail(v *fault.Validation, field, email string) {
	if email == "" {
		v.Add(field, "Email is required")
		return
	}
	v.Check(ValidEmail(email), field, "Invalid email format")
}

// CheckName validates a display name into v.
func CheckName(v *fault.Validation, field, name string) {
	if strings.TrimSpace(name) == "" {
		v.Add(field, "Name is required")
		return
	}
	v.Check(utf8.RuneCountInString(name) <= MaxNameLength, field, "Name is too long (max 120 characters)")
}

// CheckPassword applies the password policy into v.
func CheckPassword(v *fault.Validation, field, password string) {
	n := utf8.RuneCountInString(password)
	if n < MinPasswordLength {
		v.Add(field, "Password must be at least 8 characters long")
		return
	}
	v.Check(len(password) <= MaxPasswordLength, field, "Password is too long (max 256 bytes)")
}
