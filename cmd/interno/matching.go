package main

import (
	"context"
	"encoding/json"

	"interno/adapters/store"
	"interno/core/identity"
	"interno/core/matching"
)

// newMatching builds the questionnaire and matching service and plugs it into
// registration, so a lead_id (or answers kept by the client) becomes the new
// account's verified style analysis.
func (a *app) newMatching() *matching.Service {
	svc := matching.NewService(matching.Config{}, store.NewMatchingRepo(a.db))
	a.identity.SetQuestionnaire(questionnaire{svc})
	return svc
}

// questionnaire translates matching's resolved leads for identity.
type questionnaire struct{ m *matching.Service }

func (q questionnaire) Resolve(ctx context.Context, leadID *int64, answers, analysis json.RawMessage) (identity.QuestionnaireResult, error) {
	r, err := q.m.Resolve(ctx, leadID, answers, analysis)
	return identity.QuestionnaireResult{LeadID: r.LeadID, Answers: r.Answers, Analysis: r.Analysis}, err
}

func (q questionnaire) Attach(ctx context.Context, leadID, userID int64) error {
	return q.m.Attach(ctx, leadID, userID)
}
