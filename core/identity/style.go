package identity

import (
	"context"

	"interno/core/fault"
)

// ErrNotCustomer is returned when a questionnaire is adopted by an account
// that has no style profile (designers and admins).
var ErrNotCustomer = fault.New(fault.Forbidden, "Only customers have a style profile").WithReason("not_customer")

// AdoptQuestionnaire makes a questionnaire the customer took (a lead) their
// account's one style profile: the lead is linked to the account and the
// account points at it, with its verified answers and analysis, in one
// transaction. Every later read of the account (profile, login answer,
// matches) then agrees. A lead held by another account gives the
// questionnaire's ErrLeadTaken; an unknown one its not-found fault.
func (s *Service) AdoptQuestionnaire(ctx context.Context, userID, leadID int64) (User, error) {
	if s.d.Questions == nil {
		return User{}, fault.New(fault.Unavailable, "Questionnaire not available").WithReason("questionnaire_unavailable")
	}
	var out User
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.d.Users.ByID(ctx, userID)
		if err != nil {
			return err
		}
		if u.Role != RoleUser {
			return ErrNotCustomer
		}
		res, err := s.d.Questions.Adopt(ctx, leadID, userID)
		if err != nil {
			return err
		}
		out, err = s.d.Users.Update(ctx, userID, func(u *User) error {
			u.LeadID, u.QuestionnaireAnswers, u.StyleAnalysis = res.LeadID, res.Answers, res.Analysis
			return nil
		})
		return err
	})
	return out, err
}

// SignInRequest is a password sign-in; Lead, when it carries a token, is a
// questionnaire taken on this device before signing in.
type SignInRequest struct {
	Credentials
	Lead LeadClaim
}

// SignIn checks the credentials like Login and, for a customer who brings a
// questionnaire taken before signing in, makes it their style profile (the
// newest result is the one that describes them). The questionnaire is named
// by its token: a lead id alone attaches nothing. A lead that cannot be
// adopted (no token, a wrong one, unknown, or another account's) never fails
// the sign-in: the account keeps the profile it had.
func (s *Service) SignIn(ctx context.Context, r SignInRequest) (Session, error) {
	sess, err := s.Login(ctx, r.Credentials)
	if err != nil || r.Lead.Token == "" || sess.User.Role != RoleUser || s.d.Questions == nil {
		return sess, err
	}
	leadID, err := s.d.Questions.Claim(ctx, r.Lead)
	if err == nil {
		var u User
		if u, err = s.AdoptQuestionnaire(ctx, sess.User.ID, leadID); err == nil {
			sess.User = u
		}
	}
	if err != nil && fault.CodeOf(err) == fault.Internal {
		return Session{}, err
	}
	return sess, nil
}
