package app

import (
	"context"

	"interno/adapters/store"
	"interno/core/admin"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/style"
)

// newAdmin builds the admin panel's service on the identity and designers
// services (so edits and deletions follow the owners' rules and hooks) and
// on the store's directory, appointment counts and audit trail.
func (a *app) newAdmin() *admin.Service {
	repo := store.NewAdminRepo(a.db)
	return admin.NewService(admin.Deps{Directory: repo, Accounts: adminAccounts{a.identity}, Profiles: adminProfiles{a.designers},
		Appointments: repo, Activity: repo, Location: a.cfg.location, Audit: repo, Tx: a.db})
}

// adminAccounts gives the admin panel the identity service's rules.
type adminAccounts struct{ id *identity.Service }

func toAdminUser(u identity.User) admin.User {
	return admin.User{ID: u.ID, Email: u.Email, Name: u.Name, Location: u.Location, Role: string(u.Role),
		GoogleID: u.GoogleSub, HasPassword: u.HasPassword(), CreatedAt: u.CreatedAt}
}

func (s adminAccounts) Account(ctx context.Context, id int64) (admin.User, error) {
	u, err := s.id.Me(ctx, id)
	return toAdminUser(u), err
}

func (s adminAccounts) UpdateAccount(ctx context.Context, id int64, e admin.UserEdit) (admin.User, error) {
	u, err := s.id.UpdateProfile(ctx, id, identity.ProfileUpdate{Name: e.Name, Email: e.Email, Location: e.Location})
	return toAdminUser(u), err
}

func (s adminAccounts) DeleteAccount(ctx context.Context, id int64) error {
	return s.id.DeleteAccount(ctx, id)
}

// adminProfiles gives the admin panel the designers service's rules, acting as an admin.
type adminProfiles struct{ d *designers.Service }

var asAdmin = kernel.Principal{Role: kernel.RoleAdmin}

func toAdminDesigner(d designers.Designer) admin.Designer {
	return admin.Designer{ID: d.ID, UserID: d.UserID, Name: d.Name, Email: d.Email, Phone: d.Phone, City: d.City,
		DesignStyle: string(d.DesignStyle), PrimaProposta: d.FirstProposal, Verified: d.Verified, CreatedAt: d.CreatedAt}
}

func (s adminProfiles) Designer(ctx context.Context, id int64) (admin.Designer, error) {
	d, err := s.d.Get(ctx, id)
	return toAdminDesigner(d), err
}

func (s adminProfiles) UpdateDesigner(ctx context.Context, id int64, e admin.DesignerEdit) (admin.Designer, error) {
	d, err := s.d.Update(ctx, asAdmin, id, designers.Edit{Apply: func(p *designers.Profile) { applyAdminEdit(p, e) }})
	return toAdminDesigner(d), err
}

func (s adminProfiles) ToggleVerified(ctx context.Context, id int64) (admin.Designer, error) {
	d, err := s.d.ToggleVerified(ctx, asAdmin, id)
	return toAdminDesigner(d), err
}

func (s adminProfiles) DeleteDesigner(ctx context.Context, id int64) error {
	return s.d.Delete(ctx, asAdmin, id)
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
