package app

import (
	"context"

	"interno/adapters/store"
	"interno/core/engagement"
	"interno/core/identity"
	"interno/internal/wiring"
)

// newEngagement builds the likes, shares and results e-mail service and
// hooks it into account deletion, so a deleted account's likes stop
// counting and its shares stay counted without its name.
func (a *app) newEngagement() *engagement.Service {
	svc := engagement.NewService(engagement.Config{BaseURL: a.cfg.BaseURL}, engagement.Deps{
		Repo: store.NewEngagementRepo(a.db), Designers: a.designers.Refs(),
		Accounts: wiring.EngagementAccounts{Identity: a.identity}, Mail: wakingQueue{a.mailQueue, a.dispatcher}, Tx: a.db,
		Leads: wiring.EngagementLeads{Matching: a.matching},
	})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
}
