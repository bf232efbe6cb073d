package push

import (
	"context"
	"time"
)

// Repository stores devices, preferences and which devices show a
// conversation's notification. Every method joins the caller's transaction.
type Repository interface {
	// SaveSubscription stores s by its endpoint: a new endpoint is inserted,
	// one already known (of any account) takes s's account, keys, categories
	// and expiry. created reports an insert. The stored row is returned.
	SaveSubscription(ctx context.Context, s Subscription) (Subscription, bool, error)
	// Subscriptions lists an account's devices, most recently registered first.
	Subscriptions(ctx context.Context, userID int64) ([]Subscription, error)
	// HasSubscriptions reports whether the account has any device.
	HasSubscriptions(ctx context.Context, userID int64) (bool, error)
	// DeleteSubscription removes the account's device with this endpoint,
	// or with this id when endpoint is empty; ErrNotFound when the account
	// has no such device (another account's device is not found either).
	DeleteSubscription(ctx context.Context, userID int64, endpoint string, id int64) error
	// DropSubscription removes a device the push service says is gone.
	DropSubscription(ctx context.Context, id int64) error
	// TrimSubscriptions keeps the account's keep most recently updated devices.
	TrimSubscriptions(ctx context.Context, userID int64, keep int) error
	// Delivered records a device's last successful delivery.
	Delivered(ctx context.Context, subscriptionID int64, at time.Time) error
	// Preferences returns the account's switches, DefaultPreferences when unset.
	Preferences(ctx context.Context, userID int64) (Preferences, error)
	// SavePreferences stores the account's switches.
	SavePreferences(ctx context.Context, userID int64, p Preferences, at time.Time) error
	// MarkShown remembers that a device was sent a visible notification with tag.
	MarkShown(ctx context.Context, subscriptionID int64, tag string, at time.Time) error
	// HasShown reports whether any of the account's devices was sent a
	// visible notification with tag that was not closed since.
	HasShown(ctx context.Context, userID int64, tag string) (bool, error)
	// TakeShown forgets and returns the account's devices that were sent a
	// visible notification with tag (they are the ones to close it on).
	TakeShown(ctx context.Context, userID int64, tag string) ([]int64, error)
}

// Queue is the durable push queue. Enqueue and the cancels join the caller's
// transaction, so a push is queued if and only if its cause commits.
type Queue interface {
	// Enqueue stores a parent job; one whose DedupeKey is already queued (or
	// was sent) is silently dropped.
	Enqueue(ctx context.Context, j Job) error
	// Due claims up to limit jobs due at now that are neither sent nor dead,
	// leasing them until leaseUntil so no other instance takes them; parents
	// and children alike, oldest first. Children carry their device.
	Due(ctx context.Context, now, leaseUntil time.Time, limit int) ([]Job, error)
	// Expand inserts the children of a parent and closes the parent, in one
	// transaction; a parent expanded before (by another instance) is left alone.
	Expand(ctx context.Context, parent Job, children []Job, at time.Time) error
	// MarkSent records a delivery; the job is never returned by Due again.
	// found is false when the job was dropped meanwhile (a read cancelled it
	// while it was on its way).
	MarkSent(ctx context.Context, id int64, at time.Time) (found bool, err error)
	// MarkFailed records a failed attempt: Attempts grows by one and the job
	// is due again at retryAt, unless dead.
	MarkFailed(ctx context.Context, id int64, at time.Time, errText string, retryAt time.Time, dead bool) error
	// CancelKey drops the unsent parent with this dedupe key and its unsent children.
	CancelKey(ctx context.Context, key string) error
	// CancelTopic drops an account's unsent jobs of one kind and topic.
	CancelTopic(ctx context.Context, userID int64, kind Kind, topic string) error
}

// Endpoints judges where a push may be sent: an https push service on a
// public address. It returns ErrEndpoint or ErrEndpointAddress (or another
// fault) for endpoints that must not be stored.
type Endpoints interface {
	Check(ctx context.Context, endpoint string) error
}

// Presence tells whether an account has the app open right now (an event
// stream on this instance), in which case chat messages reach it live and
// are not pushed. May be nil.
type Presence interface {
	Online(userID int64) bool
}
