package app

import (
	"context"
	"encoding/json"

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/matching"
	"interno/core/style"
)

// newMatching builds the questionnaire and matching service and plugs it into
// the accounts both ways: registration and sign-in turn a lead_token (or, at
// registration, answers kept by the client) into the account's verified style
// analysis, and a signed-in customer's questionnaire becomes their account's
// style profile.
func (a *app) newMatching() *matching.Service {
	svc := matching.NewService(matching.Config{}, store.NewMatchingRepo(a.db))
	a.identity.SetQuestionnaire(questionnaire{svc})
	svc.SetAccounts(styleProfiles{a.identity}, a.db)
	return svc
}

// styleProfiles lets matching save a signed-in customer's questionnaire on
// their account.
type styleProfiles struct{ id *identity.Service }

func (p styleProfiles) AdoptQuestionnaire(ctx context.Context, userID, leadID int64) error {
	_, err := p.id.AdoptQuestionnaire(ctx, userID, leadID)
	return err
}

// questionnaire translates matching's resolved leads for identity.
type questionnaire struct{ m *matching.Service }

func (q questionnaire) Resolve(ctx context.Context, lead identity.LeadClaim, answers, analysis json.RawMessage) (identity.QuestionnaireResult, error) {
	r, err := q.m.Resolve(ctx, lead.ID, lead.Token, answers, analysis)
	return identity.QuestionnaireResult{LeadID: r.LeadID, Answers: r.Answers, Analysis: r.Analysis}, err
}

func (q questionnaire) Attach(ctx context.Context, leadID, userID int64) error {
	return q.m.Attach(ctx, leadID, userID)
}

func (q questionnaire) Adopt(ctx context.Context, leadID, userID int64) (identity.QuestionnaireResult, error) {
	r, err := q.m.Adopt(ctx, leadID, userID)
	return identity.QuestionnaireResult{LeadID: r.LeadID, Answers: r.Answers, Analysis: r.Analysis}, err
}

func (q questionnaire) Claim(ctx context.Context, lead identity.LeadClaim) (int64, error) {
	var id int64
	if lead.ID != nil {
		id = *lead.ID
	}
	return q.m.Claim(ctx, id, lead.Token)
}

// prepaint paints the questionnaire's and the styles' pictures in the
// background, so the first visitor of a demo does not wait for them; pictures
// already on disk are skipped. Demo galleries are still painted on first view.
func (a *app) prepaint(ctx context.Context) {
	var names []string
	for _, c := range style.Codes {
		names = append(names, matching.StyleImage(c))
	}
	for _, q := range matching.Default.Questions {
		for _, o := range q.Options {
			names = append(names, o.Image)
		}
	}
	// Demo avatars are small and shown on every card: paint them too.
	if list, _, err := a.designers.List(ctx, designers.ListQuery{Limit: 200}); err == nil {
		for _, d := range list {
			if a.art.Has(d.ProfilePicture) {
				names = append(names, d.ProfilePicture)
			}
		}
	}
	for _, n := range names {
		if ctx.Err() != nil {
			return
		}
		if err := a.art.Ensure(n); err != nil {
			a.log.Warn("painting a style picture failed", "picture", n, "error", err)
		}
	}
}
