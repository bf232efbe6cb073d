package httpapi

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"interno/core/engagement"
	"interno/core/identity"
	"interno/core/scheduling"
)

// The named answers of handlers that once wrote ad-hoc maps: the OpenAPI
// document (openapi.go) reflects these types, so it describes what is sent.

// statusView is the liveness and readiness answer.
type statusView struct {
	Status string `json:"status"`
}

// publicConfigView is GET /api/config: the client settings that are public.
type publicConfigView struct {
	AnalyticsID    string `json:"analytics_id"`
	GoogleClientID string `json:"google_client_id"`
	BaseURL        string `json:"base_url"`
	Version        string `json:"version"`
}

// messageOnlyView is an answer that only says what happened.
type messageOnlyView struct {
	Message string `json:"message"`
}

// resetCheckView names the account a live reset token changes: the address
// the link was sent to.
type resetCheckView struct {
	Email string `json:"email"`
}

// deletedView confirms a deletion by id.
type deletedView struct {
	Message string `json:"message"`
	ID      int64  `json:"id"`
}

// tokenView is the legacy OAuth2 token answer.
type tokenView struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
}

// sessionView is the sign-in answer: the token, the account's fields, and
// what other features add (a designer's profile id, a customer's matches).
type sessionView struct {
	AccessToken    string        `json:"access_token"`
	TokenType      string        `json:"token_type"`
	ExpiresAt      string        `json:"expires_at"`
	ID             int64         `json:"id"`
	UserID         int64         `json:"user_id"`
	Name           string        `json:"name"`
	Email          string        `json:"email"`
	Role           identity.Role `json:"role"`
	IsAdmin        bool          `json:"is_admin"`
	IsDesigner     bool          `json:"is_designer"`
	Location       string        `json:"location"`
	ProfilePicture string        `json:"profile_picture"`
	// StyleAnalysis is the stored analysis, or the latest matching's.
	StyleAnalysis json.RawMessage `json:"style_analysis"`
	// DesignerID is set for designer accounts.
	DesignerID int64 `json:"designer_id,omitempty"`
	// MatchedDesigners is set for customers.
	MatchedDesigners *[]matchedDesignerView `json:"matched_designers,omitempty"`
}

// profileView is GET/PUT /api/users/me: the account, a designer's profile,
// a customer's matched designers and latest analysis.
type profileView struct {
	User             userView              `json:"user"`
	Designer         *designerView         `json:"designer"`
	MatchedDesigners []matchedDesignerView `json:"matched_designers"`
	StyleAnalysis    *analysisView         `json:"style_analysis,omitempty"`
}

// designerListView is a page of the public catalogue.
type designerListView struct {
	Designers []designerView `json:"designers"`
	Total     int            `json:"total"`
	Page      int            `json:"page"`
	Limit     int            `json:"limit"`
	HasMore   bool           `json:"has_more"`
}

// likeToggleView answers a like toggle.
type likeToggleView struct {
	DesignerID int64 `json:"designer_id"`
	Liked      bool  `json:"liked"`
	LikeCount  int   `json:"like_count"`
}

// likeStatusView says whether the caller likes a designer.
type likeStatusView struct {
	DesignerID int64 `json:"designer_id"`
	IsLiked    bool  `json:"is_liked"`
}

// likeCountView is a designer's like count.
type likeCountView struct {
	DesignerID int64 `json:"designer_id"`
	LikeCount  int   `json:"like_count"`
}

// myLikesView is the caller's favourites.
type myLikesView struct {
	Likes []likedDesignerView `json:"likes"`
	Total int                 `json:"total"`
}

// likeStatsView is who liked a designer (the designer and admins).
type likeStatsView struct {
	DesignerID   int64       `json:"designer_id"`
	TotalLikes   int         `json:"total_likes"`
	LikedByUsers []likerView `json:"liked_by_users"`
}

// shareView answers a recorded share.
type shareView struct {
	DesignerID int64  `json:"designer_id"`
	Platform   string `json:"platform"`
	ShareCount int    `json:"share_count"`
	SharedAt   string `json:"shared_at"`
}

// shareCountView is a designer's share count.
type shareCountView struct {
	DesignerID int64 `json:"designer_id"`
	ShareCount int   `json:"share_count"`
}

// shareStatsView is who shared a designer, by platform.
type shareStatsView struct {
	DesignerID       int64                       `json:"designer_id"`
	TotalShares      int                         `json:"total_shares"`
	SharesByPlatform map[engagement.Platform]int `json:"shares_by_platform"`
	SharedByUsers    []sharerView                `json:"shared_by_users"`
}

// resultsQueuedView answers POST /api/email/send-results.
type resultsQueuedView struct {
	Message    string `json:"message"`
	Email      string `json:"email"`
	TrackingID string `json:"tracking_id"`
}

// recordedView acknowledges a tracked click.
type recordedView struct {
	Recorded bool `json:"recorded"`
}

// emailStatsView is the e-mail click report.
type emailStatsView struct {
	Days         int             `json:"days"`
	EmailType    string          `json:"email_type"`
	ByType       []kindStatsView `json:"by_type"`
	TotalSent    int             `json:"total_sent"`
	TotalClicked int             `json:"total_clicked"`
	ClickRate    float64         `json:"click_rate"`
}

// ticketView is a short-lived ticket for the event stream.
type ticketView struct {
	Ticket    string `json:"ticket"`
	ExpiresIn int    `json:"expires_in"`
}

// slotsView is a designer's free slots between two dates.
type slotsView struct {
	DesignerID  int64                 `json:"designer_id"`
	StartDate   string                `json:"start_date"`
	EndDate     string                `json:"end_date"`
	Timezone    string                `json:"timezone"`
	SlotMinutes int                   `json:"slot_minutes"`
	Slots       []scheduling.SlotInfo `json:"slots"`
}

// countsByStatus counts appointments by status.
type countsByStatus struct {
	All       int `json:"all"`
	Pending   int `json:"pending"`
	Confirmed int `json:"confirmed"`
	Completed int `json:"completed"`
	Cancelled int `json:"cancelled"`
}

// customerAppointmentsView is a page of the customer's appointments.
type customerAppointmentsView struct {
	Appointments []customerAppointmentView `json:"appointments"`
	Total        int                       `json:"total"`
	Page         int                       `json:"page"`
	Limit        int                       `json:"limit"`
	HasMore      bool                      `json:"has_more"`
}

// designerAppointmentsView is a page of the designer's appointments with counts.
type designerAppointmentsView struct {
	Appointments []designerAppointmentView `json:"appointments"`
	Counts       countsByStatus            `json:"counts"`
	Total        int                       `json:"total"`
	Page         int                       `json:"page"`
	Limit        int                       `json:"limit"`
	HasMore      bool                      `json:"has_more"`
}

// designerSummaryView is the designer dashboard's appointment summary.
type designerSummaryView struct {
	DesignerID            int64          `json:"designer_id"`
	Counts                countsByStatus `json:"counts"`
	ConfirmedAppointments int            `json:"confirmed_appointments"`
	AvailabilitySettings  int            `json:"availability_settings"`
}

// appointmentDeletedView confirms a deleted appointment.
type appointmentDeletedView struct {
	Message       string `json:"message"`
	AppointmentID int64  `json:"appointment_id"`
}

// sentView answers a send: the conversation after it and the message.
type sentView struct {
	Contact   contactView `json:"contact"`
	Message   messageView `json:"message"`
	Created   bool        `json:"created"`
	Duplicate bool        `json:"duplicate"`
	ID        int64       `json:"id"`
	Status    string      `json:"status"`
}

// contactListView is a page of conversations.
type contactListView struct {
	Contacts     []contactView `json:"contacts"`
	Total        int           `json:"total"`
	Page         int           `json:"page"`
	Limit        int           `json:"limit"`
	HasMore      bool          `json:"has_more"`
	UnreadOnPage int           `json:"unread_on_page"`
}

// unreadView counts the caller's unread conversations.
type unreadView struct {
	UnreadCount int `json:"unread_count"`
	AsCustomer  int `json:"as_customer"`
	AsDesigner  int `json:"as_designer"`
}

// pushKeyView is the VAPID public key.
type pushKeyView struct {
	PublicKey string `json:"public_key"`
}

// devicesView lists the caller's push devices.
type devicesView struct {
	Subscriptions []deviceView `json:"subscriptions"`
}

// preferencesView is which kinds of push the caller receives.
type preferencesView struct {
	Messages     bool `json:"messages"`
	Appointments bool `json:"appointments"`
	Reminders    bool `json:"reminders"`
}

// Schema implements huma.SchemaProvider: huma skips the unexported embedded
// designerView, so the match fields are added to a copy of its schema.
func (matchedDesignerView) Schema(r huma.Registry) *huma.Schema {
	base := r.SchemaFromRef(r.Schema(reflect.TypeOf(designerView{}), true, "").Ref)
	s := *base
	s.Properties = maps.Clone(base.Properties)
	s.Properties["match_score"] = &huma.Schema{Type: "integer"}
	s.Properties["match_styles"] = &huma.Schema{Type: "array", Items: &huma.Schema{Type: "string"}}
	s.Properties["match_style_labels"] = &huma.Schema{Type: "array", Items: &huma.Schema{Type: "string"}}
	s.Required = append(slices.Clone(base.Required), "match_score", "match_styles", "match_style_labels")
	return &s
}
