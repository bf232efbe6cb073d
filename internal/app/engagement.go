package app

import (
	"context"
	"errors"

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/engagement"
	"interno/core/identity"
	"interno/core/matching"
)

// newEngagement builds the likes, shares and results e-mail service and
// hooks it into account deletion, so a deleted account's likes stop
// counting and its shares stay counted without its name.
func (a *app) newEngagement() *engagement.Service {
	svc := engagement.NewService(engagement.Config{BaseURL: a.cfg.BaseURL}, engagement.Deps{
		Repo: store.NewEngagementRepo(a.db), Designers: engagementDesigners{a.designers},
		Accounts: engagementAccounts{a.identity}, Mail: wakingQueue{a.mailQueue, a.dispatcher}, Tx: a.db,
		Leads: engagementLeads{a.matching},
	})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
}

// engagementDesigners gives engagement the designer profiles it needs.
type engagementDesigners struct{ d *designers.Service }

func (e engagementDesigners) Designer(ctx context.Context, id int64) (engagement.DesignerRef, error) {
	d, err := e.d.Get(ctx, id)
	if errors.Is(err, designers.ErrNotFound) {
		return engagement.DesignerRef{}, engagement.ErrDesignerNotFound
	}
	return engagement.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name, Style: string(d.DesignStyle), Experience: d.Experience}, err
}

// engagementAccounts gives engagement the name and address of an account.
type engagementAccounts struct{ id *identity.Service }

func (e engagementAccounts) Account(ctx context.Context, id int64) (engagement.Account, error) {
	u, err := e.id.Me(ctx, id)
	return engagement.Account{ID: u.ID, Name: u.Name, Email: u.Email}, err
}

// engagementLeads lets a visitor's results e-mail carry their questionnaire.
type engagementLeads struct{ m *matching.Service }

func (e engagementLeads) VisitorLead(ctx context.Context, id int64, token string) (int64, error) {
	if e.m == nil {
		return 0, matching.ErrLeadNotFound
	}
	l, err := e.m.LeadOf(ctx, id, token)
	if err == nil && l.UserID != nil {
		return 0, matching.ErrLeadTaken
	}
	return l.ID, err
}
