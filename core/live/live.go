// Package live is the port of live updates: after a change commits, a core
// service publishes a small Event (ids and a status only, never content) for
// the accounts concerned, and every open screen of those accounts receives
// it and refetches what it shows. The HTTP adapter turns a subscription into
// server-sent events (their wire format is its business); the in-process hub
// (adapters/realtime) implements the port today, and a fan-out between
// instances (PostgreSQL LISTEN/NOTIFY) can implement the same port without
// any change to core or to the HTTP adapter.
package live

import "context"

// Kind names what changed; it is the event's type on the stream.
type Kind string

// The kinds of change that flow today.
const (
	// Message: a new message in a conversation (ContactID, MessageID).
	Message Kind = "message"
	// Contact: a conversation changed otherwise: read, status (ContactID).
	Contact Kind = "contact"
	// Appointment: an appointment was requested, changed state or was
	// deleted (AppointmentID, Status; Status "deleted" when it is gone).
	Appointment Kind = "appointment"
)

// StatusDeleted is an Appointment event's Status when the appointment is gone.
const StatusDeleted = "deleted"

// Event is one change, addressed to accounts.
type Event struct {
	Kind Kind
	// To are the accounts whose open screens are told.
	To            []int64
	ContactID     int64
	MessageID     int64
	AppointmentID int64
	Status        string
}

// Publisher delivers events to the open streams of their accounts. Services
// call it after the change committed (unitofwork.AfterCommit); it never
// blocks on a slow stream and never fails the change.
type Publisher interface {
	Publish(ctx context.Context, e Event)
}

// Delivered is an event as a stream sees it, numbered for resumption.
type Delivered struct {
	// ID increases along the stream; a client resumes after the last it saw.
	ID uint64
	Event
}

// Subscription is one open stream of an account.
type Subscription struct {
	// Backlog holds the kept events after the id the client resumed from.
	Backlog []Delivered
	// Events are the account's events from now on.
	Events <-chan Delivered
	// Resync fires when events may have been lost (the stream fell behind,
	// the resumption point is no longer kept, the fan-out between instances
	// was interrupted): the client must refetch what it shows.
	Resync <-chan struct{}
	// Cancel closes the stream; it may be called more than once.
	Cancel func()
}

// Subscriber opens streams.
type Subscriber interface {
	// Subscribe opens a stream for userID, resuming after lastID (0: none).
	Subscribe(ctx context.Context, userID int64, lastID uint64) Subscription
}

// Local is one instance's own hub: a fan-out between instances delivers the
// other instances' events into it and, after an outage of the fan-out, tells
// its streams to resync.
type Local interface {
	Publisher
	Subscriber
	ResyncAll()
}
