package scheduling

import (
	"fmt"
	"time"

	"interno/core/fault"
	"interno/core/kernel"
)

// Status is where an appointment is in its lifecycle.
type Status string

// The four statuses of the spec. Pending and confirmed appointments are
// "live": they hold their slot.
const (
	Pending   Status = "pending"
	Confirmed Status = "confirmed"
	Cancelled Status = "cancelled"
	Completed Status = "completed"
)

// Live reports whether the status holds the slot.
func (s Status) Live() bool { return s == Pending || s == Confirmed }

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool {
	return s == Pending || s == Confirmed || s == Cancelled || s == Completed
}

// Party says which side of an appointment acted.
type Party string

// The two sides of an appointment.
const (
	ByCustomer Party = "customer"
	ByDesigner Party = "designer"
)

// Action is a step of the lifecycle; each belongs to one party.
type Action string

// The lifecycle's actions.
const (
	ActConfirm  Action = "confirm"  // designer: pending → confirmed
	ActReject   Action = "reject"   // designer: pending → cancelled
	ActCancel   Action = "cancel"   // customer: pending → cancelled
	ActComplete Action = "complete" // designer: confirmed → completed
	ActDelete   Action = "delete"   // designer: a cancelled one disappears
	// ActBook names the booking itself for Pushes; it is not a transition.
	ActBook Action = "book"
)

// Transitions is the whole lifecycle: for each action, the party that may
// take it, the status it starts from and the status it leads to (Delete
// leads nowhere: the row is removed). Anything else is ErrTransition.
var Transitions = map[Action]struct {
	By       Party
	From, To Status
}{
	ActConfirm:  {ByDesigner, Pending, Confirmed},
	ActReject:   {ByDesigner, Pending, Cancelled},
	ActCancel:   {ByCustomer, Pending, Cancelled},
	ActComplete: {ByDesigner, Confirmed, Completed},
	ActDelete:   {ByDesigner, Cancelled, ""},
}

// Appointment is a video call booked by a customer with a designer.
// StartsAt/EndsAt are instants (stored in UTC). The names and e-mails are
// read along with the row so lists and e-mails need no extra look-ups.
type Appointment struct {
	ID            int64
	DesignerID    int64
	CustomerID    int64
	StartsAt      time.Time
	EndsAt        time.Time
	Status        Status
	Message       string
	CustomerPhone string
	DesignerNotes string
	Reason        string
	CancelledBy   Party
	CallLink      string
	ConfirmedAt   *time.Time
	CancelledAt   *time.Time
	CompletedAt   *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time

	CustomerName    string
	CustomerEmail   string
	DesignerUserID  int64
	DesignerName    string
	DesignerEmail   string
	DesignerPicture string
}

// Limits on what a booking carries.
const (
	MaxMessageLength = 2000
	MaxPhoneLength   = 40
	MaxNotesLength   = 2000
	MaxReasonLength  = 500
	// MaxLivePerPair is how many pending or confirmed appointments that have
	// not ended yet one customer may hold with one designer: enough for a
	// first call and a follow-up or two, not enough to hoard a calendar.
	MaxLivePerPair = 3
)

// Faults callers recognise.
var (
	ErrNotFound         = fault.New(fault.NotFound, "Appointment not found").WithReason("appointment_not_found")
	ErrDesignerNotFound = kernel.ErrDesignerNotFound
	ErrNotParticipant   = fault.New(fault.Forbidden, "Only the appointment's customer or designer may do this").WithReason("not_participant")
	ErrWrongParty       = fault.New(fault.Forbidden, "This action belongs to the other side of the appointment").WithReason("wrong_party")
	ErrNotOwner         = fault.New(fault.Forbidden, "Only the designer of this profile may change its availability").WithReason("not_owner")
	ErrNoProfile        = fault.New(fault.Forbidden, "Designer access required: this account has no designer profile").WithReason("designer_required")
	ErrOwnProfile       = fault.New(fault.BadRequest, "You cannot book a call with your own designer profile").WithReason("own_profile")
	ErrSlotTaken        = fault.New(fault.Conflict, "The selected time is no longer available (slot taken)").WithReason("slot_taken")
	ErrSlotUnavailable  = fault.New(fault.Conflict, "The selected time is not available (not offered)").WithReason("slot_unavailable")
	// ErrAvailabilityConflict refuses a new week that no longer offers the
	// time of upcoming appointments the designer has not acknowledged.
	ErrAvailabilityConflict = fault.New(fault.Conflict, "The new availability no longer offers the time of upcoming appointments; list the ones to keep in keep, or change the week").WithReason("availability_conflict")
	ErrBookingLimit         = fault.New(fault.Conflict, fmt.Sprintf("You already have %d upcoming appointments with this designer", MaxLivePerPair)).WithReason("booking_limit")
	// ErrCallNotStarted refuses to mark a call as held before its start time;
	// the answer carries the start as "starts_at".
	ErrCallNotStarted = fault.New(fault.Conflict, "The call has not started yet: it can be marked completed from its start time").WithReason("call_not_started")
)

// ErrTransition is the 409 for an action the current status does not allow.
func ErrTransition(a Action, from Status) error {
	return fault.Newf(fault.Conflict, "Cannot %s an appointment that is %s", a, from).
		WithReason("invalid_transition").With("status", string(from))
}

// Apply runs action a by party p at now, checking the lifecycle table (and
// that a call is marked completed only from its start on) and updating the
// status and timestamps. It does not check who the caller is;
// the service does that first.
func (ap *Appointment) Apply(a Action, p Party, now time.Time) error {
	t, ok := Transitions[a]
	if !ok {
		return fault.Newf(fault.Invalid, "Unknown action %q", a).WithReason("validation")
	}
	if t.By != p {
		return ErrWrongParty
	}
	if ap.Status != t.From {
		return ErrTransition(a, ap.Status)
	}
	if a == ActComplete && now.Before(ap.StartsAt) {
		return ErrCallNotStarted.With("starts_at", ap.StartsAt.UTC().Format(time.RFC3339))
	}
	if t.To == "" {
		return nil
	}
	ap.Status = t.To
	now = now.UTC()
	switch t.To {
	case Confirmed:
		ap.ConfirmedAt = &now
	case Cancelled:
		ap.CancelledAt = &now
		ap.CancelledBy = p
	case Completed:
		ap.CompletedAt = &now
	}
	return nil
}

// PartyOf says which side userID is on, given the designer profile's
// account; false when userID is neither.
func (ap Appointment) PartyOf(userID int64) (Party, bool) {
	switch userID {
	case ap.DesignerUserID:
		return ByDesigner, true
	case ap.CustomerID:
		return ByCustomer, true
	}
	return "", false
}
