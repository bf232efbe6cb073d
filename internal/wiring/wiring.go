// Package wiring holds the glue that connects one core service to another
// or to the store: small translations with no rules of their own. Both the
// composition root (internal/app) and the HTTP adapter's tests use these very
// types, so a test runs against the wiring the binary runs and stale wiring
// fails a test. It must not import adapters/httpapi (whose in-package tests
// import it); glue that speaks httpapi's types stays in internal/app.
package wiring

import (
	"context"
	"encoding/json"

	"interno/adapters/store"
	"interno/core/admin"
	"interno/core/designers"
	"interno/core/engagement"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/matching"
	"interno/core/messaging"
	"interno/core/style"
)

// MessagingAccounts gives messaging the caller's name and e-mail.
type MessagingAccounts struct{ Identity *identity.Service }

func (m MessagingAccounts) Account(ctx context.Context, userID int64) (messaging.Account, error) {
	u, err := m.Identity.Me(ctx, userID)
	return messaging.Account{Name: u.Name, Email: u.Email}, err
}

// EngagementAccounts gives engagement the name and address of an account.
type EngagementAccounts struct{ Identity *identity.Service }

func (e EngagementAccounts) Account(ctx context.Context, id int64) (engagement.Account, error) {
	u, err := e.Identity.Me(ctx, id)
	return engagement.Account{ID: u.ID, Name: u.Name, Email: u.Email}, err
}

// EngagementLeads lets a visitor's results e-mail carry their Questionnaire.
type EngagementLeads struct{ Matching *matching.Service }

func (e EngagementLeads) VisitorLead(ctx context.Context, id int64, token string) (int64, error) {
	if e.Matching == nil {
		return 0, matching.ErrLeadNotFound
	}
	l, err := e.Matching.LeadOf(ctx, id, token)
	if err == nil && l.UserID != nil {
		return 0, matching.ErrLeadTaken
	}
	return l.ID, err
}

// Reminders drops queued reminders through the durable e-mail queue.
type Reminders struct{ Queue *store.EmailQueue }

func (r Reminders) Cancel(ctx context.Context, key string) error {
	return r.Queue.CancelByDedupeKey(ctx, key)
}

// StyleProfiles lets matching save a signed-in customer's Questionnaire on
// their account.
type StyleProfiles struct{ Identity *identity.Service }

func (p StyleProfiles) AdoptQuestionnaire(ctx context.Context, userID, leadID int64) error {
	_, err := p.Identity.AdoptQuestionnaire(ctx, userID, leadID)
	return err
}

// Questionnaire translates matching's resolved leads for identity.
type Questionnaire struct{ Matching *matching.Service }

func (q Questionnaire) Resolve(ctx context.Context, lead identity.LeadClaim, answers, analysis json.RawMessage) (identity.QuestionnaireResult, error) {
	r, err := q.Matching.Resolve(ctx, lead.ID, lead.Token, answers, analysis)
	return identity.QuestionnaireResult{LeadID: r.LeadID, Answers: r.Answers, Analysis: r.Analysis}, err
}

func (q Questionnaire) Attach(ctx context.Context, leadID, userID int64) error {
	return q.Matching.Attach(ctx, leadID, userID)
}

func (q Questionnaire) Adopt(ctx context.Context, leadID, userID int64) (identity.QuestionnaireResult, error) {
	r, err := q.Matching.Adopt(ctx, leadID, userID)
	return identity.QuestionnaireResult{LeadID: r.LeadID, Answers: r.Answers, Analysis: r.Analysis}, err
}

func (q Questionnaire) Claim(ctx context.Context, lead identity.LeadClaim) (int64, error) {
	var id int64
	if lead.ID != nil {
		id = *lead.ID
	}
	return q.Matching.Claim(ctx, id, lead.Token)
}

// AdminAccounts gives the admin panel the identity service's rules.
type AdminAccounts struct{ Identity *identity.Service }

func (s AdminAccounts) Account(ctx context.Context, id int64) (admin.User, error) {
	u, err := s.Identity.Me(ctx, id)
	return toAdminUser(u), err
}

func (s AdminAccounts) UpdateAccount(ctx context.Context, id int64, e admin.UserEdit) (admin.User, error) {
	u, err := s.Identity.UpdateProfile(ctx, id, identity.ProfileUpdate{Name: e.Name, Email: e.Email, Location: e.Location})
	return toAdminUser(u), err
}

func (s AdminAccounts) DeleteAccount(ctx context.Context, id int64) error {
	return s.Identity.DeleteAccount(ctx, id)
}

// AdminProfiles gives the admin panel the designers service's rules, acting as an admin.
type AdminProfiles struct{ Designers *designers.Service }

func (s AdminProfiles) Designer(ctx context.Context, id int64) (admin.Designer, error) {
	d, err := s.Designers.Get(ctx, id)
	return toAdminDesigner(d), err
}

func (s AdminProfiles) UpdateDesigner(ctx context.Context, id int64, e admin.DesignerEdit) (admin.Designer, error) {
	d, err := s.Designers.Update(ctx, asAdmin, id, designers.Edit{Apply: func(p *designers.Profile) { applyAdminEdit(p, e) }})
	return toAdminDesigner(d), err
}

func (s AdminProfiles) ToggleVerified(ctx context.Context, id int64) (admin.Designer, error) {
	d, err := s.Designers.ToggleVerified(ctx, asAdmin, id)
	return toAdminDesigner(d), err
}

func (s AdminProfiles) DeleteDesigner(ctx context.Context, id int64) error {
	return s.Designers.Delete(ctx, asAdmin, id)
}

func toAdminUser(u identity.User) admin.User {
	return admin.User{ID: u.ID, Email: u.Email, Name: u.Name, Location: u.Location, Role: string(u.Role),
		GoogleID: u.GoogleSub, HasPassword: u.HasPassword(), CreatedAt: u.CreatedAt}
}

var asAdmin = kernel.Principal{Role: kernel.RoleAdmin}

func toAdminDesigner(d designers.Designer) admin.Designer {
	return admin.Designer{ID: d.ID, UserID: d.UserID, Name: d.Name, Email: d.Email, Phone: d.Phone, City: d.City,
		DesignStyle: string(d.DesignStyle), PrimaProposta: d.FirstProposal, Verified: d.Verified, CreatedAt: d.CreatedAt}
}

// applyAdminEdit copies the fields an admin sent onto a profile.
func applyAdminEdit(p *designers.Profile, e admin.DesignerEdit) {
	for dst, src := range map[*string]*string{&p.Name: e.Name, &p.Email: e.Email, &p.Phone: e.Phone, &p.City: e.City,
		&p.Bio: e.Bio, &p.FirstProposal: e.PrimaProposta, &p.Website: e.Website, &p.Portfolio: e.Portfolio,
		&p.Instagram: e.Instagram, &p.Facebook: e.Facebook, &p.YouTube: e.YouTube, &p.TikTok: e.TikTok,
		&p.SocialWebsite: e.SocialWeb} {
		if src != nil {
			*dst = *src
		}
	}
	if e.DesignStyle != nil {
		p.DesignStyle = style.Code(*e.DesignStyle)
	}
	if e.WorkPreferences != nil {
		p.WorkPreferences = nil
		for _, m := range *e.WorkPreferences {
			p.WorkPreferences = append(p.WorkPreferences, style.WorkMode(m))
		}
	}
	if e.Specialties != nil {
		p.Specialties = append([]string{}, (*e.Specialties)...)
	}
	if e.Experience != nil {
		p.Experience = *e.Experience
	}
	if e.MinBudget != nil {
		p.MinBudget = *e.MinBudget
	}
}
