package messaging

import (
	"context"
	"time"
)

// Repository stores contacts and messages.
type Repository interface {
	// Ensure returns the contact of c's designer and customer, inserting c
	// (as given) when there is none; created reports the insert. Two
	// concurrent first contacts end up in one conversation.
	Ensure(ctx context.Context, c Contact) (Contact, bool, error)
	// Get returns one contact with names and e-mails, or ErrNotFound.
	Get(ctx context.Context, id int64) (Contact, error)
	// Update locks a contact, calls fn with it (fn may add messages with
	// AddMessage in the same ctx), and saves its state when fn succeeds.
	// Returns ErrNotFound or fn's error.
	Update(ctx context.Context, id int64, fn func(ctx context.Context, c *Contact) error) (Contact, error)
	// AddMessage inserts m, setting its ID. Returns ErrClientIDTaken when the
	// sender already used m.ClientID.
	AddMessage(ctx context.Context, m *Message) error
	// MessageByClientID returns a sender's message by its client id, or ErrNotFound.
	MessageByClientID(ctx context.Context, senderID int64, clientID string) (Message, error)
	// Messages returns a page of a contact's messages in order (server time, then id).
	Messages(ctx context.Context, q MessageQuery) ([]Message, bool, error)
	// List returns a page of contacts of one customer or one designer, most
	// recently updated first, and the total.
	List(ctx context.Context, q ListQuery) ([]Contact, int, error)
	// CountUnread counts the contacts unread for one customer or designer.
	CountUnread(ctx context.Context, q ListQuery) (int, error)
	// OfUser returns every contact where userID is the customer or the
	// designer's account (account deletion).
	OfUser(ctx context.Context, userID int64) ([]Contact, error)
}

// ListQuery selects contacts of a customer (CustomerID) or of a designer
// profile (DesignerID). UpdatedAfter, when set, keeps only contacts changed
// after it (the polling cursor).
type ListQuery struct {
	CustomerID   int64
	DesignerID   int64
	UpdatedAfter time.Time
	Offset       int
	Limit        int
}

// MessageQuery selects messages of a contact: with After, the first Limit
// messages after that id; with Before, the last Limit before it; else the
// last Limit. The bool the repository returns says more exist in the
// direction asked.
type MessageQuery struct {
	ContactID int64
	After     int64
	Before    int64
	Limit     int
}

// Account is what messaging needs of the caller's account.
type Account struct {
	Name  string
	Email string
}

// Accounts looks up accounts; the identity package implements it.
type Accounts interface {
	Account(ctx context.Context, userID int64) (Account, error)
}

// Notifications drops a queued unread-message e-mail by its dedupe key once
// the conversation was read; the durable e-mail queue implements it.
type Notifications interface {
	Cancel(ctx context.Context, dedupeKey string) error
}

// Pushes queues Web Push notifications for the participants' devices, in the
// transaction of the change that causes them. May be nil.
type Pushes interface {
	// Posted is called for every new message; unread counts the recipient's
	// unread conversations (for the app badge), to be called only when needed.
	Posted(ctx context.Context, ct Contact, m Message, unread func(context.Context) (int, error)) error
	// Read is called when reader's side of ct became read: the conversation
	// was opened or marked read, or reader replied in it.
	Read(ctx context.Context, ct Contact, reader int64, unread func(context.Context) (int, error)) error
}
