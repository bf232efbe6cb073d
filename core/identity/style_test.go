package identity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"interno/core/fault"
)

var (
	errTestLeadTaken     = fault.New(fault.Conflict, "lead taken").WithReason("lead_taken")
	errTestLeadMissing   = fault.New(fault.NotFound, "lead missing").WithReason("lead_not_found")
	errTestDown          = errors.New("database down")
	errTestTokenRequired = fault.New(fault.Forbidden, "token required").WithReason("lead_token_required")
	errTestTokenInvalid  = fault.New(fault.Forbidden, "token invalid").WithReason("lead_token_invalid")
)

// memLeads is a questionnaire port over leads kept in memory.
type memLeads struct {
	mu    sync.Mutex
	owner map[int64]int64
	fail  error
}

func (m *memLeads) Resolve(context.Context, LeadClaim, json.RawMessage, json.RawMessage) (QuestionnaireResult, error) {
	return QuestionnaireResult{}, nil
}

// leadToken is the token of lead id in memLeads.
func leadToken(id int64) string { return fmt.Sprintf("token-of-%d", id) }

func (m *memLeads) Claim(_ context.Context, c LeadClaim) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return 0, m.fail
	}
	if c.Token == "" {
		return 0, errTestTokenRequired
	}
	for id := range m.owner {
		if leadToken(id) == c.Token && (c.ID == nil || *c.ID == id) {
			return id, nil
		}
	}
	return 0, errTestTokenInvalid
}

func (m *memLeads) Attach(_ context.Context, leadID, userID int64) error {
	_, err := m.Adopt(context.Background(), leadID, userID)
	return err
}

func (m *memLeads) Adopt(_ context.Context, leadID, userID int64) (QuestionnaireResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return QuestionnaireResult{}, m.fail
	}
	owner, ok := m.owner[leadID]
	if !ok {
		return QuestionnaireResult{}, errTestLeadMissing
	}
	if owner != 0 && owner != userID {
		return QuestionnaireResult{}, errTestLeadTaken
	}
	m.owner[leadID] = userID
	id := leadID
	return QuestionnaireResult{LeadID: &id, Answers: json.RawMessage(`["a"]`),
		Analysis: json.RawMessage(`{"dominant_style":"C","style_percentages":{"A":0,"B":0,"C":100,"D":0,"E":0}}`)}, nil
}

func TestService_AdoptQuestionnaire(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (*fixture, *memLeads, Session) {
		f := newFixture(t)
		leads := &memLeads{owner: map[int64]int64{7: 0, 8: 0}}
		f.svc.SetQuestionnaire(leads)
		return f, leads, f.register(t, "anna@example.com")
	}
	t.Run("OK", func(t *testing.T) {
		f, leads, s := setup(t)
		u, err := f.svc.AdoptQuestionnaire(ctx, s.User.ID, 7)
		if err != nil || u.LeadID == nil || *u.LeadID != 7 || len(u.StyleAnalysis) == 0 || leads.owner[7] != s.User.ID {
			t.Fatalf("adopt: %+v %v", u, err)
		}
		stored, _ := f.users.ByID(ctx, s.User.ID)
		if string(stored.StyleAnalysis) != string(u.StyleAnalysis) || *stored.LeadID != 7 {
			t.Fatalf("the account does not hold the profile: %+v", stored)
		}
	})
	t.Run("ErrLeadTaken", func(t *testing.T) {
		f, leads, s := setup(t)
		leads.owner[8] = 999
		if _, err := f.svc.AdoptQuestionnaire(ctx, s.User.ID, 8); !errors.Is(err, errTestLeadTaken) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrNotCustomer", func(t *testing.T) {
		f, _, _ := setup(t)
		d, err := f.svc.CreateAccount(ctx, "studio@example.com", "Studio", "password1", RoleDesigner)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.AdoptQuestionnaire(ctx, d.ID, 7); !errors.Is(err, ErrNotCustomer) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestService_SignIn(t *testing.T) {
	ctx := context.Background()
	lead := func(id int64) LeadClaim { return LeadClaim{Token: leadToken(id)} }
	signIn := func(email, password string, l LeadClaim) SignInRequest {
		return SignInRequest{Credentials: Credentials{Email: email, Password: password, Client: "192.0.2.1"}, Lead: l}
	}
	f := newFixture(t)
	leads := &memLeads{owner: map[int64]int64{7: 0, 8: 999, 11: 0}}
	f.svc.SetQuestionnaire(leads)
	f.register(t, "anna@example.com")
	t.Run("WithoutLeadKeepsTheProfile", func(t *testing.T) {
		got, err := f.svc.SignIn(ctx, signIn("anna@example.com", "password1", LeadClaim{}))
		if err != nil || got.User.LeadID != nil {
			t.Fatalf("sign in: %+v %v", got.User, err)
		}
	})
	t.Run("ALeadIDWithoutItsTokenAttachesNothing", func(t *testing.T) {
		id := int64(11)
		got, err := f.svc.SignIn(ctx, signIn("anna@example.com", "password1", LeadClaim{ID: &id}))
		if err != nil || got.User.LeadID != nil || leads.owner[11] != 0 {
			t.Fatalf("sign in: %+v %v", got.User, err)
		}
	})
	t.Run("AdoptsTheLeadBroughtAlong", func(t *testing.T) {
		id := int64(7)
		for _, c := range []LeadClaim{lead(7), {ID: &id, Token: leadToken(7)}} {
			got, err := f.svc.SignIn(ctx, signIn("anna@example.com", "password1", c))
			if err != nil || got.User.LeadID == nil || *got.User.LeadID != 7 || got.Token == "" {
				t.Fatalf("sign in: %+v %v", got.User, err)
			}
		}
	})
	t.Run("ALeadThatCannotBeAdoptedNeverFailsTheSignIn", func(t *testing.T) {
		other := int64(11)
		for _, c := range []LeadClaim{lead(8), lead(404), {Token: "made-up"}, {ID: &other, Token: leadToken(7)}} {
			got, err := f.svc.SignIn(ctx, signIn("anna@example.com", "password1", c))
			if err != nil || got.User.LeadID == nil || *got.User.LeadID != 7 || leads.owner[11] != 0 {
				t.Fatalf("lead %+v: %+v %v", c, got.User, err)
			}
		}
	})
	t.Run("ServerFailureIsReported", func(t *testing.T) {
		leads.fail = errTestDown
		defer func() { leads.fail = nil }()
		if _, err := f.svc.SignIn(ctx, signIn("anna@example.com", "password1", lead(7))); !errors.Is(err, errTestDown) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("WrongPasswordAdoptsNothing", func(t *testing.T) {
		leads.owner[9] = 0
		if _, err := f.svc.SignIn(ctx, signIn("anna@example.com", "nope-nope", lead(9))); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("err = %v", err)
		}
		if leads.owner[9] != 0 {
			t.Fatal("a failed sign-in adopted the lead")
		}
	})
	t.Run("DesignersIgnoreTheLead", func(t *testing.T) {
		if _, err := f.svc.CreateAccount(ctx, "studio@example.com", "Studio", "password1", RoleDesigner); err != nil {
			t.Fatal(err)
		}
		leads.owner[10] = 0
		got, err := f.svc.SignIn(ctx, signIn("studio@example.com", "password1", lead(10)))
		if err != nil || got.User.LeadID != nil || leads.owner[10] != 0 {
			t.Fatalf("designer sign in: %+v %v", got.User, err)
		}
	})
}
