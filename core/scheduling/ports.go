package scheduling

import (
	"context"
	"time"
)

// Repository stores weekly availability and appointments.
type Repository interface {
	// Week returns a designer's windows sorted by day and start (empty when none).
	Week(ctx context.Context, designerID int64) ([]Window, error)
	// ReplaceWeek swaps a designer's whole week for w in one transaction and
	// returns the stored windows with their ids.
	ReplaceWeek(ctx context.Context, designerID int64, w []Window) ([]Window, error)
	// CountActive counts a designer's active windows (the dashboard counter).
	CountActive(ctx context.Context, designerID int64) (int, error)

	// Busy returns the intervals of the designer's live appointments that
	// overlap [from, to). No appointment lasts longer than MaxCallLength.
	Busy(ctx context.Context, designerID int64, from, to time.Time) ([]Interval, error)
	// Book inserts a (Pending) in one write-locked transaction. It
	// serialises bookings of the same customer, counts that customer's live
	// appointments with the designer that end after now, calls check with
	// the count, and inserts unless check fails. Returns ErrSlotTaken when a
	// live appointment of the designer overlaps a — a database constraint
	// decides, so two concurrent bookings can never both succeed.
	Book(ctx context.Context, a *Appointment, now time.Time, check func(live int) error) error
	// UpcomingLive returns the designer's live appointments (pending or
	// confirmed) starting after now, soonest first, with names and e-mails.
	UpcomingLive(ctx context.Context, designerID int64, now time.Time) ([]Appointment, error)
	// Get returns one appointment with names and e-mails, or ErrNotFound.
	Get(ctx context.Context, id int64) (Appointment, error)
	// Update loads an appointment with its row locked, applies fn and saves
	// the lifecycle fields when fn succeeds, all in one transaction.
	// Returns ErrNotFound or fn's error.
	Update(ctx context.Context, id int64, fn func(a *Appointment) error) (Appointment, error)
	// Delete removes an appointment that is still cancelled; ErrNotFound
	// when it is gone, ErrTransition when its status changed meanwhile.
	Delete(ctx context.Context, id int64) error
	// List returns a page of appointments matching q and the total.
	List(ctx context.Context, q ListQuery) ([]Appointment, int, error)
	// CountByStatus counts a designer's appointments per status.
	CountByStatus(ctx context.Context, designerID int64) (map[Status]int, error)
	// LiveOf returns every live appointment where userID is the customer or
	// the designer's account (used when an account is deleted).
	LiveOf(ctx context.Context, userID int64) ([]Appointment, error)
}

// ListQuery selects a page of appointments of one customer or one designer.
// Upcoming ones come first (soonest first), then past ones (latest first).
type ListQuery struct {
	CustomerID int64
	DesignerID int64
	// Status filters when set.
	Status Status
	Now    time.Time
	Offset int
	Limit  int
}

// Reminders drops queued reminder e-mails by their dedupe key when the call
// they announce will not happen; the durable e-mail queue implements it.
type Reminders interface {
	Cancel(ctx context.Context, dedupeKey string) error
}

// Pushes queues Web Push notifications of an appointment's step for the
// parties' devices. It is called inside the step's transaction, so a push is
// queued if and only if the step commits. action is ActBook for a new
// request, the lifecycle action otherwise (for an account deleted, ActCancel
// with CancelledBy naming the side that left). May be nil.
type Pushes interface {
	Changed(ctx context.Context, a Appointment, action Action) error
}
