package admin

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"interno/core/kernel"
	"interno/core/unitofwork"
)

// Week is how far back "new" reaches in the stats.
const Week = 7 * 24 * time.Hour

// MaxAuditPage bounds one page of the audit trail.
const MaxAuditPage = 200

// Deps are the ports the service uses. Appointments and Activity may be nil.
type Deps struct {
	Directory    Directory
	Accounts     Accounts
	Profiles     Profiles
	Appointments Appointments
	Activity     ActivityCounter
	// Location is the business time zone that decides when "today" starts (default UTC).
	Location *time.Location
	Audit    AuditLog
	Tx       unitofwork.Transactor
	Clock    func() time.Time
}

// Service runs the admin panel's use cases. Every method checks that the
// actor is an admin, so no caller can skip the rule.
type Service struct{ d Deps }

// NewService returns the service.
func NewService(d Deps) *Service {
	if d.Clock == nil {
		d.Clock = time.Now
	}
	if d.Location == nil {
		d.Location = time.UTC
	}
	return &Service{d: d}
}

func allowed(a kernel.Principal) error {
	if !a.IsAdmin() {
		return ErrAdminRequired
	}
	return nil
}

// Stats returns the panel header figures.
func (s *Service) Stats(ctx context.Context, a kernel.Principal) (Stats, error) {
	if err := allowed(a); err != nil {
		return Stats{}, err
	}
	now := s.d.Clock().In(s.d.Location)
	since := now.Add(-Week).UTC()
	dayStart := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, s.d.Location).UTC()
	c, err := s.d.Directory.Counts(ctx, since)
	if err != nil {
		return Stats{}, err
	}
	st := Stats{Counts: c, TotalUsers: c.Customers + c.Admins, Since: since, DayStart: dayStart}
	if s.d.Activity != nil {
		a, err := s.d.Activity.Activity(ctx, dayStart)
		if err != nil {
			return Stats{}, err
		}
		st.Activity = &a
	}
	if s.d.Appointments != nil {
		if st.Appointments, err = s.d.Appointments.CountByStatus(ctx); err != nil {
			return Stats{}, err
		}
	}
	return st, nil
}

// Users lists customer and admin accounts.
func (s *Service) Users(ctx context.Context, a kernel.Principal, q Query) ([]User, int, error) {
	if err := allowed(a); err != nil {
		return nil, 0, err
	}
	return s.d.Directory.Users(ctx, q.Normalized())
}

// Designers lists designer profiles.
func (s *Service) Designers(ctx context.Context, a kernel.Principal, q Query) ([]Designer, int, error) {
	if err := allowed(a); err != nil {
		return nil, 0, err
	}
	return s.d.Directory.Designers(ctx, q.Normalized())
}

// AuditTrail lists recorded admin actions, newest first.
func (s *Service) AuditTrail(ctx context.Context, a kernel.Principal, q Query) ([]Entry, int, error) {
	if err := allowed(a); err != nil {
		return nil, 0, err
	}
	q = q.Normalized()
	if q.Limit == 0 || q.Limit > MaxAuditPage {
		q.Limit = MaxAuditPage
	}
	return s.d.Audit.List(ctx, q)
}

// UpdateUser edits a customer or admin account with the owner's rules.
// Designer accounts are edited through their profile, which keeps the
// profile's name and e-mail in step with the account.
func (s *Service) UpdateUser(ctx context.Context, a kernel.Principal, id int64, e UserEdit) (User, error) {
	if err := allowed(a); err != nil {
		return User{}, err
	}
	fields := e.Fields()
	if len(fields) == 0 {
		return User{}, ErrNothingToChange
	}
	var out User
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.d.Accounts.Account(ctx, id)
		if err != nil {
			return err
		}
		if u.IsDesigner() {
			return ErrDesignerAccount
		}
		if out, err = s.d.Accounts.UpdateAccount(ctx, id, e); err != nil {
			return err
		}
		return s.record(ctx, a, ActionUserUpdate, "user", id, out.Email, strings.Join(fields, ","))
	})
	return out, err
}

// DeleteUser removes an account and everything that depends on it. Admin
// accounts are never deleted this way, whatever the client sends.
func (s *Service) DeleteUser(ctx context.Context, a kernel.Principal, id int64) error {
	if err := allowed(a); err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.d.Accounts.Account(ctx, id)
		if err != nil {
			return err
		}
		if u.IsAdmin() {
			return ErrAdminProtected
		}
		if err := s.d.Accounts.DeleteAccount(ctx, id); err != nil {
			return err
		}
		return s.record(ctx, a, ActionUserDelete, "user", id, u.Email, u.Role)
	})
}

// UpdateDesigner edits a designer profile with the owner's edit rules.
func (s *Service) UpdateDesigner(ctx context.Context, a kernel.Principal, id int64, e DesignerEdit) (Designer, error) {
	if err := allowed(a); err != nil {
		return Designer{}, err
	}
	fields := e.Fields()
	if len(fields) == 0 {
		return Designer{}, ErrNothingToChange
	}
	var out Designer
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if out, err = s.d.Profiles.UpdateDesigner(ctx, id, e); err != nil {
			return err
		}
		return s.record(ctx, a, ActionDesignerUpdate, "designer", id, out.Email, strings.Join(fields, ","))
	})
	return out, err
}

// DeleteDesigner removes a designer's account, profile, files and dependent data.
func (s *Service) DeleteDesigner(ctx context.Context, a kernel.Principal, id int64) error {
	if err := allowed(a); err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		d, err := s.d.Profiles.Designer(ctx, id)
		if err != nil {
			return err
		}
		u, err := s.d.Accounts.Account(ctx, d.UserID)
		if err != nil && !errors.Is(err, ErrUserNotFound) {
			return err
		}
		if u.IsAdmin() {
			return ErrAdminProtected
		}
		if err := s.d.Profiles.DeleteDesigner(ctx, id); err != nil {
			return err
		}
		return s.record(ctx, a, ActionDesignerDelete, "designer", id, d.Email, d.Name)
	})
}

// ToggleVerified flips a designer's verified badge.
func (s *Service) ToggleVerified(ctx context.Context, a kernel.Principal, id int64) (Designer, error) {
	if err := allowed(a); err != nil {
		return Designer{}, err
	}
	var out Designer
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if out, err = s.d.Profiles.ToggleVerified(ctx, id); err != nil {
			return err
		}
		action := ActionDesignerUnverify
		if out.Verified {
			action = ActionDesignerVerify
		}
		return s.record(ctx, a, action, "designer", id, out.Email, out.Name)
	})
	return out, err
}

func (s *Service) record(ctx context.Context, a kernel.Principal, action, targetType string, targetID int64, label, details string) error {
	var actorEmail string
	if u, err := s.d.Accounts.Account(ctx, a.UserID); err == nil {
		actorEmail = u.Email
	}
	return s.d.Audit.Record(ctx, &Entry{ActorID: a.UserID, ActorEmail: actorEmail, Action: action,
		TargetType: targetType, TargetID: targetID, TargetLabel: label, Details: details})
}

func sorted(in []string) []string {
	slices.Sort(in)
	return in
}
