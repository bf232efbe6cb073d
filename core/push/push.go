// Package push is Interno's Web Push capability: the devices (push
// subscriptions) each account registers, the per-kind preferences, what is
// pushed to whom in Italian when a booking, a message or a reminder happens,
// and the rules of delivery (one job per event, fanned out to the account's
// devices at send time; retries, expiry, replacement by tag and topic, closing
// a conversation's notification once it is read elsewhere).
//
// The package knows no HTTP and no cryptography: adapters/webpush encrypts
// (RFC 8291), signs (RFC 8292 VAPID) and posts (RFC 8030) what this package
// queues, and reports each outcome back.
package push

import (
	"time"

	"interno/core/fault"
)

// Category is a kind of notification a person can turn on or off, for the
// account (Preferences) and per device (Subscription.Categories).
type Category string

// The three categories of the opt-in's switches.
const (
	Messages     Category = "messages"
	Appointments Category = "appointments"
	Reminders    Category = "reminders"
)

// Categories lists every category in the order the switches show them.
var Categories = []Category{Messages, Appointments, Reminders}

// Valid reports whether c is one of the three categories.
func (c Category) Valid() bool { return c == Messages || c == Appointments || c == Reminders }

// Preferences are the account's per-category switches; an account that never
// chose has every category on.
type Preferences struct {
	Messages     bool
	Appointments bool
	Reminders    bool
}

// DefaultPreferences is what an account that never chose gets.
var DefaultPreferences = Preferences{Messages: true, Appointments: true, Reminders: true}

// Allows reports whether the account wants notifications of category c.
func (p Preferences) Allows(c Category) bool {
	switch c {
	case Messages:
		return p.Messages
	case Appointments:
		return p.Appointments
	case Reminders:
		return p.Reminders
	}
	return false
}

// Subscription is one device (browser profile, installed app) registered for
// pushes of one account: the push service's endpoint and the keys that
// encrypt for it.
type Subscription struct {
	ID     int64
	UserID int64
	// Endpoint is the push service URL the browser gave (a capability URL).
	Endpoint string
	// P256dh is the device's public key (base64url, 65-byte uncompressed P-256 point).
	P256dh string
	// Auth is the device's 16-byte authentication secret (base64url).
	Auth string
	// ExpiresAt is the browser's expirationTime, when it gave one.
	ExpiresAt *time.Time
	// Categories narrows what this device receives; empty means every category.
	Categories []Category
	// UserAgent names the device in the list of devices.
	UserAgent     string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	LastSuccessAt *time.Time
}

// Wants reports whether this device takes notifications of category c.
func (s Subscription) Wants(c Category) bool {
	if len(s.Categories) == 0 {
		return true
	}
	for _, x := range s.Categories {
		if x == c {
			return true
		}
	}
	return false
}

// Live reports whether the subscription has not expired at now.
func (s Subscription) Live(now time.Time) bool { return s.ExpiresAt == nil || s.ExpiresAt.After(now) }

// Kind is what a notification is about.
type Kind string

// The kinds of push. Close is silent: it closes a conversation's notification
// on the devices that showed it, once the conversation was read.
const (
	KindMessage          Kind = "message"
	KindBookingRequested Kind = "booking_requested"
	KindBookingCancelled Kind = "booking_cancelled"
	KindConfirmed        Kind = "appointment_confirmed"
	KindRejected         Kind = "appointment_rejected"
	KindReminder         Kind = "appointment_reminder"
	KindClose            Kind = "close"
)

// Urgency is RFC 8030's Urgency header: how readily the push service wakes a
// device on battery for the message.
type Urgency string

// The four urgencies of RFC 8030 section 5.3.
const (
	VeryLow Urgency = "very-low"
	Low     Urgency = "low"
	Normal  Urgency = "normal"
	High    Urgency = "high"
)

// Job is one queued push. A job without a subscription is an event for an
// account (the parent); when due it is fanned out into one job per device
// that wants it (the children), which are what gets delivered and retried.
type Job struct {
	ID             int64
	ParentID       int64
	SubscriptionID int64
	UserID         int64
	Kind           Kind
	// Category decides who receives it; empty for Close.
	Category Category
	// DedupeKey makes enqueueing idempotent: a second parent with the same
	// key is dropped while the first exists (a reminder is queued once).
	DedupeKey string
	// Topic is RFC 8030's Topic (the push service keeps only the newest
	// undelivered message of a topic) and the notification's tag.
	Topic   string
	Payload []byte
	Urgency Urgency
	// SendAfter delays delivery (reminders); ExpiresAt is when the push is
	// no longer worth delivering: the TTL header is what is left of it.
	SendAfter time.Time
	ExpiresAt time.Time
	Attempts  int
	// RequestID is the request that queued the job (core/trace), so the
	// dispatcher's log lines name it; children inherit it.
	RequestID string
	// The device, joined in for children.
	Endpoint string
	P256dh   string
	Auth     string
}

// Outcome is what the push service answered one delivery.
type Outcome int

// The outcomes the delivery adapter reports.
const (
	// Delivered: the push service accepted the message (201).
	Delivered Outcome = iota
	// Gone: the subscription no longer exists (404, 410) or its endpoint is
	// not a push service any more (it resolves to a refused address).
	Gone
	// Retry: a transient failure (429, 5xx, network); RetryAfter may say when.
	Retry
	// Rejected: the push service refused this message for good (400, 403, 413).
	Rejected
)

// Result is one delivery's outcome with the details the retry rule needs.
type Result struct {
	Outcome    Outcome
	RetryAfter time.Duration
	// Detail is logged and kept on the job for operators.
	Detail string
}

// The errors of the package.
var (
	ErrNotFound        = fault.New(fault.NotFound, "Push subscription not found").WithReason("subscription_not_found")
	ErrEndpoint        = fault.New(fault.Invalid, "endpoint must be the https URL of a push service").WithReason("invalid_subscription")
	ErrEndpointAddress = fault.New(fault.Invalid, "endpoint must not point at a loopback, private or link-local address").WithReason("endpoint_not_allowed")
)
