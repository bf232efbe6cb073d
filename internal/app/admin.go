package app

import (
	"interno/adapters/store"
	"interno/core/admin"
	"interno/internal/wiring"
)

// newAdmin builds the admin panel's service on the identity and designers
// services (so edits and deletions follow the owners' rules and hooks) and
// on the store's directory, appointment counts and audit trail.
func (a *app) newAdmin() *admin.Service {
	repo := store.NewAdminRepo(a.db)
	return admin.NewService(admin.Deps{Directory: repo, Accounts: wiring.AdminAccounts{Identity: a.identity}, Profiles: wiring.AdminProfiles{Designers: a.designers},
		Appointments: repo, Activity: repo, Location: a.cfg.location, Audit: repo, Tx: a.db})
}
