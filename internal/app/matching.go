package app

import (
	"context"

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/matching"
	"interno/core/style"
	"interno/internal/wiring"
)

// newMatching builds the questionnaire and matching service and plugs it into
// the accounts both ways: registration and sign-in turn a lead_token (or, at
// registration, answers kept by the client) into the account's verified style
// analysis, and a signed-in customer's questionnaire becomes their account's
// style profile.
func (a *app) newMatching() *matching.Service {
	svc := matching.NewService(matching.Config{}, store.NewMatchingRepo(a.db))
	a.identity.SetQuestionnaire(wiring.Questionnaire{Matching: svc})
	svc.SetAccounts(wiring.StyleProfiles{Identity: a.identity}, a.db)
	return svc
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
