package scheduling

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"interno/core/fault"
	"interno/core/kernel"
)

// Get returns one appointment to its customer or its designer.
func (s *Service) Get(ctx context.Context, c kernel.Principal, id int64) (Appointment, error) {
	a, err := s.d.Repo.Get(ctx, id)
	if err != nil {
		return Appointment{}, err
	}
	if _, ok := a.PartyOf(c.UserID); !ok {
		return Appointment{}, ErrNotParticipant
	}
	return a, nil
}

// Confirm accepts a pending request: it creates the call link, e-mails the
// customer the link with a calendar invitation, and queues both reminders.
// Only a still-pending appointment is confirmed, so a double click confirms
// once and the second answers ErrTransition.
func (s *Service) Confirm(ctx context.Context, c kernel.Principal, id int64, notes string) (Appointment, error) {
	notes = strings.TrimSpace(notes)
	if utf8.RuneCountInString(notes) > MaxNotesLength {
		return Appointment{}, fault.InvalidField("designer_notes", "Notes are too long (max 2000 characters)")
	}
	room, err := newRoom()
	if err != nil {
		return Appointment{}, err
	}
	return s.act(ctx, c, id, ActConfirm, func(a *Appointment) {
		a.CallLink = s.cfg.CallBaseURL + "/" + room
		if notes != "" {
			a.DesignerNotes = notes
		}
	}, s.mail.confirmed)
}

// Reject turns a pending request down, with an optional reason the
// customer reads in the e-mail.
func (s *Service) Reject(ctx context.Context, c kernel.Principal, id int64, reason string) (Appointment, error) {
	reason, err := cleanReason(reason)
	if err != nil {
		return Appointment{}, err
	}
	return s.act(ctx, c, id, ActReject, func(a *Appointment) { a.Reason = reason }, s.mail.rejected)
}

// Cancel is the customer withdrawing a pending request; the designer is told.
func (s *Service) Cancel(ctx context.Context, c kernel.Principal, id int64, reason string) (Appointment, error) {
	reason, err := cleanReason(reason)
	if err != nil {
		return Appointment{}, err
	}
	return s.act(ctx, c, id, ActCancel, func(a *Appointment) { a.Reason = reason }, func(ctx context.Context, a Appointment) error {
		return s.mail.cancelled(ctx, a, a.DesignerEmail, "Il cliente "+a.CustomerName)
	})
}

// Complete marks a confirmed call as held; a reminder not yet sent is dropped.
func (s *Service) Complete(ctx context.Context, c kernel.Principal, id int64) (Appointment, error) {
	return s.act(ctx, c, id, ActComplete, func(*Appointment) {}, s.dropReminders)
}

// Delete removes a cancelled appointment for good; only its designer may.
func (s *Service) Delete(ctx context.Context, c kernel.Principal, id int64) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.d.Repo.Get(ctx, id)
		if err != nil {
			return err
		}
		p, ok := a.PartyOf(c.UserID)
		if !ok {
			return ErrNotParticipant
		}
		if err := a.Apply(ActDelete, p, s.cfg.Clock()); err != nil {
			return err
		}
		if err := s.d.Repo.Delete(ctx, id); err != nil {
			return err
		}
		s.publish(ctx, a, true)
		return s.pushed(ctx, a, ActDelete)
	})
}

// act runs one lifecycle step atomically: the row is locked, the caller's
// side and the current status are checked, edit fills in the step's data,
// and then (in the same transaction) notify queues the e-mails.
func (s *Service) act(ctx context.Context, c kernel.Principal, id int64, action Action, edit func(*Appointment),
	notify func(context.Context, Appointment) error) (Appointment, error) {
	var out Appointment
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.d.Repo.Update(ctx, id, func(a *Appointment) error {
			p, ok := a.PartyOf(c.UserID)
			if !ok {
				return ErrNotParticipant
			}
			if err := a.Apply(action, p, s.cfg.Clock()); err != nil {
				return err
			}
			edit(a)
			return nil
		})
		if err != nil {
			return err
		}
		out = a
		s.publish(ctx, a, false)
		if err := notify(ctx, a); err != nil {
			return err
		}
		return s.pushed(ctx, a, action)
	})
	return out, err
}

func (s *Service) dropReminders(ctx context.Context, a Appointment) error {
	if s.d.Reminders == nil {
		return nil
	}
	for _, p := range []Party{ByCustomer, ByDesigner} {
		if err := s.d.Reminders.Cancel(ctx, ReminderKey(a.ID, p)); err != nil {
			return err
		}
	}
	return nil
}

func cleanReason(r string) (string, error) {
	r = strings.TrimSpace(r)
	if utf8.RuneCountInString(r) > MaxReasonLength {
		return "", fault.InvalidField("reason", "Reason is too long (max 500 characters)")
	}
	return r, nil
}

// Page is a page of appointments with the total that match.
type Page struct {
	Items []Appointment
	Total int
	// Counts per status over all the designer's appointments (designer lists only).
	Counts map[Status]int
}

// CustomerAppointments lists the caller's own bookings.
func (s *Service) CustomerAppointments(ctx context.Context, c kernel.Principal, offset, limit int) (Page, error) {
	items, total, err := s.d.Repo.List(ctx, ListQuery{CustomerID: c.UserID, Now: s.cfg.Clock(), Offset: offset, Limit: limit})
	return Page{Items: items, Total: total}, err
}

// DesignerAppointments lists the appointments of the caller's designer
// profile, optionally of one status, with counts per status for the tabs.
func (s *Service) DesignerAppointments(ctx context.Context, c kernel.Principal, status Status, offset, limit int) (Page, error) {
	if status != "" && !status.Valid() {
		return Page{}, fault.InvalidField("status", "status must be pending, confirmed, cancelled or completed")
	}
	d, err := s.ownProfile(ctx, c)
	if err != nil {
		return Page{}, err
	}
	items, total, err := s.d.Repo.List(ctx, ListQuery{DesignerID: d.ID, Status: status, Now: s.cfg.Clock(), Offset: offset, Limit: limit})
	if err != nil {
		return Page{}, err
	}
	counts, err := s.d.Repo.CountByStatus(ctx, d.ID)
	return Page{Items: items, Total: total, Counts: counts}, err
}

// Summary is the designer dashboard's counters.
type Summary struct {
	DesignerID    int64
	Counts        map[Status]int
	ActiveWindows int
}

// DesignerSummary returns the caller's dashboard counters.
func (s *Service) DesignerSummary(ctx context.Context, c kernel.Principal) (Summary, error) {
	d, err := s.ownProfile(ctx, c)
	if err != nil {
		return Summary{}, err
	}
	counts, err := s.d.Repo.CountByStatus(ctx, d.ID)
	if err != nil {
		return Summary{}, err
	}
	active, err := s.d.Repo.CountActive(ctx, d.ID)
	if err != nil {
		return Summary{}, err
	}
	return Summary{DesignerID: d.ID, Counts: counts, ActiveWindows: active}, nil
}

func (s *Service) ownProfile(ctx context.Context, c kernel.Principal) (kernel.DesignerRef, error) {
	d, err := s.d.Designers.OfUser(ctx, c.UserID)
	if errors.Is(err, ErrDesignerNotFound) {
		return kernel.DesignerRef{}, ErrNoProfile
	}
	return d, err
}

// AccountDeleted runs inside an account deletion, before the database
// cascades the account's appointments away: each live appointment's other
// side is told the call is off, and queued reminders are dropped.
func (s *Service) AccountDeleted(ctx context.Context, userID int64) error {
	live, err := s.d.Repo.LiveOf(ctx, userID)
	if err != nil {
		return err
	}
	now := s.cfg.Clock()
	for _, a := range live {
		if err := s.dropReminders(ctx, a); err != nil {
			return err
		}
		// The database cascades the row away with the account: the other side's screens drop it.
		s.publish(ctx, a, true)
		if !a.EndsAt.After(now) {
			continue
		}
		a.Reason = "account eliminato"
		to, who := a.DesignerEmail, "Il cliente "+a.CustomerName
		a.CancelledBy = ByCustomer
		if userID == a.DesignerUserID {
			to, who = a.CustomerEmail, "Il designer "+a.DesignerName
			a.CancelledBy = ByDesigner
		}
		if err := s.mail.cancelled(ctx, a, to, who); err != nil {
			return err
		}
		if err := s.pushed(ctx, a, ActCancel); err != nil {
			return err
		}
	}
	return nil
}

// ParseInstant reads an appointment time: RFC 3339 with an offset, or a
// local "YYYY-MM-DDTHH:MM[:SS]" taken as business-zone wall time.
func ParseInstant(s string, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
