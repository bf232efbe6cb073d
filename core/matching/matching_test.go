package matching

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/style"
)

// fakeRepo keeps leads and profiles in memory.
type fakeRepo struct {
	mu       sync.Mutex
	leads    []Lead
	profiles []Profile
	reads    int
	// quizLeads counts leads stored through CreateQuizLead (may be lost in a crash).
	quizLeads int
}

func (f *fakeRepo) CreateQuizLead(ctx context.Context, l *Lead) error {
	f.mu.Lock()
	f.quizLeads++
	f.mu.Unlock()
	return f.CreateLead(ctx, l)
}

func (f *fakeRepo) CreateLead(_ context.Context, l *Lead) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	l.ID = int64(len(f.leads) + 1)
	f.leads = append(f.leads, *l)
	return nil
}

func (f *fakeRepo) Lead(_ context.Context, id int64) (Lead, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if id < 1 || int(id) > len(f.leads) {
		return Lead{}, ErrLeadNotFound
	}
	return f.leads[id-1], nil
}

func (f *fakeRepo) LeadByToken(_ context.Context, hash string) (Lead, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, l := range f.leads {
		if hash != "" && l.TokenHash == hash {
			return l, nil
		}
	}
	return Lead{}, ErrLeadNotFound
}

func (f *fakeRepo) ProfileLead(_ context.Context, userID int64) (Lead, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.leads) - 1; i >= 0; i-- {
		if u := f.leads[i].UserID; u != nil && *u == userID {
			return f.leads[i], nil
		}
	}
	return Lead{}, ErrLeadNotFound
}

func (f *fakeRepo) Attach(_ context.Context, leadID, userID int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if leadID < 1 || int(leadID) > len(f.leads) {
		return ErrLeadNotFound
	}
	l := &f.leads[leadID-1]
	if l.UserID != nil && *l.UserID != userID {
		return ErrLeadTaken
	}
	l.UserID = &userID
	return nil
}

func (f *fakeRepo) Profiles(context.Context) ([]Profile, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	return append([]Profile(nil), f.profiles...), nil
}

// answersFor picks, for each question, the option of the given style (or the
// first option when the question has none of that style).
func answersFor(codes ...style.Code) []string {
	out := make([]string, len(Default.Questions))
	for i, q := range Default.Questions {
		out[i] = q.Options[0].Text
		for _, o := range q.Options {
			if o.Style == codes[i%len(codes)] {
				out[i] = o.Text
			}
		}
	}
	return out
}

func TestQuestionnaire_Shape(t *testing.T) {
	if len(Default.Questions) != Length {
		t.Fatalf("%d questions, want 7", len(Default.Questions))
	}
	seen := map[string]bool{}
	styles := map[style.Code]bool{}
	for _, q := range Default.Questions {
		if n := len(q.Options); n < 4 || n > 5 {
			t.Errorf("question %d has %d options", q.ID, n)
		}
		for _, o := range q.Options {
			if !o.Style.Valid() || o.Image == "" || o.Text == "" {
				t.Errorf("bad option %+v", o)
			}
			if seen[o.Text] || seen[o.Image+o.ID] {
				t.Errorf("duplicate option %q", o.Text)
			}
			seen[o.Text], seen[o.Image+o.ID] = true, true
			styles[o.Style] = true
		}
	}
	if len(styles) != 5 || Default.Version == "" {
		t.Fatalf("styles %v, version %q", styles, Default.Version)
	}
}

func TestScore_SumsTo100AndTies(t *testing.T) {
	cases := []struct {
		name     string
		codes    []style.Code
		dominant style.Code
		want     map[style.Code]int
	}{
		{"all minimal", []style.Code{"C"}, "C", map[style.Code]int{"A": 0, "B": 0, "C": 100, "D": 0, "E": 0}},
		// 4 C, 3 E: 57.14 and 42.86 → 57 + 43 (largest remainder goes to E).
		{"four and three", []style.Code{"C", "E", "C", "E", "C", "E", "C"}, "C", map[style.Code]int{"A": 0, "B": 0, "C": 57, "D": 0, "E": 43}},
		// 2 E, 2 A, 2 D, 1 C: ties for the dominant go to the style chosen first (E),
		// and the spare points follow the same order: E 29, A 29, D 28, C 14.
		{"three-way tie", []style.Code{"E", "A", "D", "E", "A", "D", "C"}, "E", map[style.Code]int{"A": 29, "B": 0, "C": 14, "D": 28, "E": 29}},
		// 2 B, 2 D, then one each of A, C, E: 28.57×2 + 14.29×3 → B 29, D 29, A 14, C 14, E 14.
		{"two pairs", []style.Code{"A", "B", "D", "B", "D", "C", "E"}, "B", map[style.Code]int{"A": 14, "B": 29, "C": 14, "D": 29, "E": 14}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chosen := make([]Option, len(tc.codes))
			if len(tc.codes) == 1 {
				chosen = make([]Option, 7)
			}
			for i := range chosen {
				chosen[i] = Option{Style: tc.codes[i%len(tc.codes)]}
			}
			a := Score(chosen)
			sum := 0
			for _, p := range a.Percentages {
				sum += p
			}
			if sum != 100 || a.Dominant != tc.dominant || !a.Valid() {
				t.Fatalf("got %+v (sum %d)", a, sum)
			}
			for c, p := range tc.want {
				if a.Percentages[c] != p {
					t.Errorf("%s: %d%%, want %d%%", c, a.Percentages[c], p)
				}
			}
		})
	}
}

func TestScore_EveryCombinationSumsTo100(t *testing.T) {
	for n := 0; n < 5*5*5*5*5*5*5; n += 7 {
		chosen := make([]Option, 7)
		x := n
		for i := range chosen {
			chosen[i] = Option{Style: style.Codes[x%5]}
			x /= 5
		}
		if a := Score(chosen); !a.Valid() {
			t.Fatalf("combination %d: %+v", n, a)
		}
	}
}

func TestResolve_RejectsBadAnswers(t *testing.T) {
	good := answersFor("C")
	if _, err := Default.Resolve(good); err != nil {
		t.Fatal(err)
	}
	short := good[:6]
	if _, err := Default.Resolve(short); !errors.Is(err, ErrWrongCount) {
		t.Fatalf("6 answers: %v", err)
	}
	bad := append([]string(nil), good...)
	bad[2] = "Una risposta inventata"
	_, err := Default.Resolve(bad)
	if f, ok := fault.As(err); !ok || f.Code != fault.Invalid || f.Reason != "unknown_answer" {
		t.Fatalf("unknown answer: %v", err)
	}
	swapped := append([]string(nil), good...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	if _, err := Default.Resolve(swapped); err == nil {
		t.Fatal("answers out of question order were accepted")
	}
}

func TestRank_SimilarityThenLikesThenID(t *testing.T) {
	a := Analysis{Dominant: "C", Percentages: map[style.Code]int{"A": 0, "B": 0, "C": 57, "D": 0, "E": 43}}
	ps := []Profile{
		{DesignerID: 1, DesignStyle: "D", Specialties: []string{"Industrial"}},
		{DesignerID: 2, DesignStyle: "C", Specialties: []string{"Mediterraneo"}, Likes: 1},
		{DesignerID: 3, DesignStyle: "C", Specialties: []string{"Mediterraneo"}, Likes: 5},
		{DesignerID: 4, DesignStyle: "C", Specialties: []string{"Mediterraneo"}, Likes: 5},
		{DesignerID: 5, DesignStyle: "C", Specialties: []string{"Minimal"}},
	}
	got := Rank(a, ps)
	order := fmt.Sprint(ids(got))
	if order != "[3 4 2 5]" {
		t.Fatalf("order %s", order)
	}
	if got[0].Score < 90 || got[0].Score > 100 || len(got[0].Styles) != 2 || got[0].Styles[0] != "C" || got[0].Styles[1] != "E" {
		t.Fatalf("top match %+v", got[0])
	}
	if len(got) != 4 {
		t.Fatalf("an industrial designer has no affinity with C/E and is no match: %+v", got)
	}
	pure := Rank(Analysis{Dominant: "C", Percentages: map[style.Code]int{"C": 100}}, ps[4:])
	if pure[0].Score != 100 || len(pure[0].Styles) != 1 {
		t.Fatalf("identical profiles: %+v", pure[0])
	}
}

func ids(ms []Match) []int64 {
	out := make([]int64, len(ms))
	for i, m := range ms {
		out[i] = m.DesignerID
	}
	return out
}

func newTestService(n int) (*Service, *fakeRepo, *time.Time) {
	repo := &fakeRepo{}
	for i := 1; i <= n; i++ {
		repo.profiles = append(repo.profiles, Profile{DesignerID: int64(i), DesignStyle: style.Codes[i%5],
			Specialties: []string{style.Specialties[i%len(style.Specialties)]}, Likes: i % 3})
	}
	now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	svc := NewService(Config{Clock: func() time.Time { return now }}, repo)
	return svc, repo, &now
}

func TestService_MatchPagesAndAccess(t *testing.T) {
	ctx := context.Background()
	svc, repo, now := newTestService(12)
	p, err := svc.Match(ctx, kernel.Principal{}, answersFor("C", "E", "A", "B", "D"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.LeadID == 0 || len(p.Matches) != 5 || p.Total != 12 || !p.HasMore || p.Analysis.Dominant != "C" {
		t.Fatalf("first page %+v", p)
	}
	if raw, err := base64.RawURLEncoding.DecodeString(p.LeadToken); err != nil || len(raw) != 32 {
		t.Fatalf("lead token %q is not 256 random bits", p.LeadToken)
	}
	if stored := repo.leads[p.LeadID-1]; stored.TokenHash != HashLeadToken(p.LeadToken) || strings.Contains(stored.TokenHash, p.LeadToken) {
		t.Fatalf("the store keeps %q, not the token's hash", stored.TokenHash)
	}
	// The id alone reads nothing; the token does, with or without the id.
	if _, err := svc.Matches(ctx, kernel.Principal{}, Query{LeadID: p.LeadID}); !errors.Is(err, ErrLeadTokenRequired) {
		t.Fatalf("id alone: %v", err)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{UserID: 9, Role: kernel.RoleUser}, Query{LeadID: p.LeadID}); !errors.Is(err, ErrLeadTokenRequired) {
		t.Fatalf("id alone, signed in: %v", err)
	}
	other, _ := svc.Match(ctx, kernel.Principal{}, answersFor("A"), 0)
	for _, q := range []Query{{LeadToken: "nope"}, {LeadID: p.LeadID, LeadToken: other.LeadToken}} {
		if _, err := svc.Matches(ctx, kernel.Principal{}, q); !errors.Is(err, ErrLeadTokenInvalid) {
			t.Fatalf("%+v: %v", q, err)
		}
	}
	if _, err := svc.Matches(ctx, kernel.Principal{UserID: 1, Role: kernel.RoleAdmin}, Query{LeadID: p.LeadID}); err != nil {
		t.Fatalf("admin by id: %v", err)
	}
	byToken, err := svc.Matches(ctx, kernel.Principal{}, Query{LeadToken: p.LeadToken})
	if err != nil || byToken.LeadID != p.LeadID || byToken.LeadToken != "" {
		t.Fatalf("by token %+v %v (the token is never sent back)", byToken, err)
	}
	last, err := svc.Matches(ctx, kernel.Principal{}, Query{LeadID: p.LeadID, LeadToken: p.LeadToken, Page: 3})
	if err != nil || len(last.Matches) != 2 || last.HasMore {
		t.Fatalf("last page %+v %v", last, err)
	}
	beyond, _ := svc.Matches(ctx, kernel.Principal{}, Query{LeadToken: p.LeadToken, Page: 9})
	if len(beyond.Matches) != 0 || beyond.HasMore || beyond.Total != 12 {
		t.Fatalf("beyond %+v", beyond)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{}, Query{LeadToken: p.LeadToken, Limit: 51}); fault.CodeOf(err) != fault.Invalid {
		t.Fatalf("limit 51: %v", err)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{}, Query{}); !errors.Is(err, ErrNoSubject) {
		t.Fatalf("no subject: %v", err)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{}, Query{LeadID: 99}); !errors.Is(err, ErrLeadNotFound) {
		t.Fatalf("missing lead: %v", err)
	}

	// Once attached, only its account (or an admin) reads the lead.
	if err := svc.Attach(ctx, p.LeadID, 7); err != nil {
		t.Fatal(err)
	}
	for _, q := range []Query{{LeadID: p.LeadID}, {LeadToken: p.LeadToken}} {
		if _, err := svc.Matches(ctx, kernel.Principal{}, q); !errors.Is(err, ErrUnauthenticated) {
			t.Fatalf("anonymous on attached lead %+v: %v", q, err)
		}
	}
	if _, err := svc.Matches(ctx, kernel.Principal{UserID: 7, Role: kernel.RoleUser}, Query{LeadID: p.LeadID}); err != nil {
		t.Fatalf("its account by id: %v", err)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{UserID: 8, Role: kernel.RoleUser}, Query{LeadID: p.LeadID}); !errors.Is(err, ErrForbidden) {
		t.Fatalf("other customer: %v", err)
	}
	for _, c := range []kernel.Principal{{UserID: 7, Role: kernel.RoleUser}, {UserID: 1, Role: kernel.RoleAdmin}} {
		if _, err := svc.Matches(ctx, c, Query{UserID: 7}); err != nil {
			t.Fatalf("%+v reading user 7: %v", c, err)
		}
	}
	if _, err := svc.Matches(ctx, kernel.Principal{UserID: 8, Role: kernel.RoleUser}, Query{UserID: 7}); !errors.Is(err, ErrForbidden) {
		t.Fatalf("other customer by user id: %v", err)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{}, Query{UserID: 7}); !errors.Is(err, ErrUnauthenticated) {
		t.Fatalf("anonymous by user id: %v", err)
	}
	none, err := svc.Matches(ctx, kernel.Principal{UserID: 8, Role: kernel.RoleUser}, Query{UserID: 8})
	if err != nil || none.Analysis != nil || len(none.Matches) != 0 || none.Total != 0 {
		t.Fatalf("customer without quiz: %+v %v", none, err)
	}

	// Ranking inputs are cached for the TTL, then read again.
	repo.mu.Lock()
	reads := repo.reads
	repo.mu.Unlock()
	_, _ = svc.Matches(ctx, kernel.Principal{}, Query{LeadToken: other.LeadToken, Page: 2})
	_, _ = svc.Matches(ctx, kernel.Principal{UserID: 7}, Query{UserID: 7, Page: 2})
	if repo.reads != reads {
		t.Fatalf("profiles read %d more times within the TTL", repo.reads-reads)
	}
	// Past the TTL the stale index still answers at once and is refreshed in the background.
	*now = now.Add(11 * time.Second)
	if _, err := svc.Matches(ctx, kernel.Principal{UserID: 7}, Query{UserID: 7}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		repo.mu.Lock()
		n := repo.reads
		repo.mu.Unlock()
		if n == reads+1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("profiles not reloaded after the TTL (%d reads)", n-reads)
		}
	}
}

func TestService_SignedInCustomerOwnsTheLead(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newTestService(3)
	p, err := svc.Match(ctx, kernel.Principal{UserID: 4, Role: kernel.RoleUser}, answersFor("B"), 5)
	if err != nil {
		t.Fatal(err)
	}
	mine, err := svc.Matches(ctx, kernel.Principal{UserID: 4, Role: kernel.RoleUser}, Query{UserID: 4})
	if err != nil || mine.LeadID != p.LeadID || mine.Analysis.Dominant != "B" {
		t.Fatalf("%+v %v", mine, err)
	}
	d, err := svc.Match(ctx, kernel.Principal{UserID: 5}, answersFor("B"), 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Matches(ctx, kernel.Principal{}, Query{LeadToken: d.LeadToken}); err != nil {
		t.Fatalf("a designer's quiz stays an unattached lead: %v", err)
	}
}

// fakeAccounts records the style profiles saved on accounts; fail makes the
// account refuse (a deleted account, a database error).
type fakeAccounts struct {
	adopted map[int64]int64
	fail    error
}

func (f *fakeAccounts) AdoptQuestionnaire(_ context.Context, userID, leadID int64) error {
	if f.fail != nil {
		return f.fail
	}
	f.adopted[userID] = leadID
	return nil
}

// countingTx runs fn directly and counts the transactions opened.
type countingTx struct{ n int }

func (c *countingTx) InTx(ctx context.Context, fn func(context.Context) error) error {
	c.n++
	return fn(ctx)
}

func TestService_SignedInQuizBecomesTheAccountsStyleProfile(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newTestService(3)
	accounts, tx := &fakeAccounts{adopted: map[int64]int64{}}, &countingTx{}
	svc.SetAccounts(accounts, tx)
	t.Run("Customer", func(t *testing.T) {
		p, err := svc.Match(ctx, kernel.Principal{UserID: 4, Role: kernel.RoleUser}, answersFor("B"), 5)
		if err != nil || accounts.adopted[4] != p.LeadID || tx.n != 1 {
			t.Fatalf("adopted %v for lead %d (%d transactions): %v", accounts.adopted, p.LeadID, tx.n, err)
		}
	})
	t.Run("VisitorAndDesignerLeadsStayUnattached", func(t *testing.T) {
		for _, c := range []kernel.Principal{{}, {UserID: 5}} {
			if _, err := svc.Match(ctx, c, answersFor("B"), 5); err != nil {
				t.Fatal(err)
			}
		}
		if len(accounts.adopted) != 1 {
			t.Fatalf("adopted %v", accounts.adopted)
		}
	})
	t.Run("AnAccountThatRefusesFailsTheMatch", func(t *testing.T) {
		// Lead and account are written in one transaction (rolled back by the real one).
		accounts.fail = fault.New(fault.NotFound, "User not found")
		if _, err := svc.Match(ctx, kernel.Principal{UserID: 6, Role: kernel.RoleUser}, answersFor("C"), 5); fault.CodeOf(err) != fault.NotFound {
			t.Fatalf("err = %v", err)
		}
	})
}

// Every lead gets a token, whichever way it is stored: the visitor's quiz lead
// (CreateQuizLead), the signed-in customer's (CreateLead with the account, in
// one transaction) and registration's; the token names that lead and no other.
func TestService_EveryLeadHasAToken(t *testing.T) {
	ctx := context.Background()
	svc, repo, _ := newTestService(3)
	svc.SetAccounts(&fakeAccounts{adopted: map[int64]int64{}}, &countingTx{})
	visitor, err := svc.Match(ctx, kernel.Principal{}, answersFor("A"), 5)
	if err != nil {
		t.Fatal(err)
	}
	customer, err := svc.Match(ctx, kernel.Principal{UserID: 4, Role: kernel.RoleUser}, answersFor("B"), 5)
	if err != nil {
		t.Fatal(err)
	}
	answers, _ := json.Marshal(answersFor("C"))
	registered, err := svc.Resolve(ctx, nil, "", answers, nil)
	if err != nil {
		t.Fatal(err)
	}
	if repo.quizLeads != 1 || len(repo.leads) != 3 {
		t.Fatalf("%d quiz leads of %d", repo.quizLeads, len(repo.leads))
	}
	seen := map[string]bool{}
	for _, l := range repo.leads {
		if len(l.TokenHash) != 64 || seen[l.TokenHash] {
			t.Fatalf("lead %d stored token hash %q", l.ID, l.TokenHash)
		}
		seen[l.TokenHash] = true
	}
	for _, p := range []Page{visitor, customer} {
		if id, err := svc.Claim(ctx, 0, p.LeadToken); err != nil || id != p.LeadID {
			t.Fatalf("claim of lead %d: %d %v", p.LeadID, id, err)
		}
	}
	if _, err := svc.Claim(ctx, *registered.LeadID, visitor.LeadToken); !errors.Is(err, ErrLeadTokenInvalid) {
		t.Fatalf("a token names another lead than the id given: %v", err)
	}
	if _, err := svc.Claim(ctx, visitor.LeadID, ""); !errors.Is(err, ErrLeadTokenRequired) {
		t.Fatalf("an id alone: %v", err)
	}
}

func TestService_ResolveForRegistration(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newTestService(3)
	p, _ := svc.Match(ctx, kernel.Principal{}, answersFor("D"), 5)
	id := p.LeadID
	// The id alone attaches nothing: the answers sent with it are scored as a new lead.
	res, err := svc.Resolve(ctx, &id, "", json.RawMessage(`["`+strings.Join(answersFor("A"), `","`)+`"]`), nil)
	if err != nil || res.LeadID == nil || *res.LeadID == id {
		t.Fatalf("id without token: %+v %v", res, err)
	}
	if res, err := svc.Resolve(ctx, &id, "", nil, nil); err != nil || res.LeadID != nil {
		t.Fatalf("id alone: %+v %v", res, err)
	}
	wrong := id + 1
	if _, err := svc.Resolve(ctx, &wrong, p.LeadToken, nil, nil); fault.CodeOf(err) != fault.Invalid {
		t.Fatalf("token of another lead than lead_id: %v", err)
	}
	res, err = svc.Resolve(ctx, &id, p.LeadToken, nil, json.RawMessage(`{"dominant_style":"A"}`))
	if err != nil || res.LeadID == nil || *res.LeadID != id {
		t.Fatalf("%+v %v", res, err)
	}
	if a, ok := ParseAnalysis(res.Analysis); !ok || a.Dominant != "D" {
		t.Fatalf("the lead's analysis wins over the client's: %s", res.Analysis)
	}
	if err := svc.Attach(ctx, id, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Resolve(ctx, nil, p.LeadToken, nil, nil); !errors.Is(err, ErrLeadTaken) {
		t.Fatalf("taken lead: %v", err)
	}
	if _, err := svc.Resolve(ctx, nil, "unknown-token", nil, nil); fault.CodeOf(err) != fault.Invalid {
		t.Fatalf("unknown token: %v", err)
	}
	m := map[string]string{}
	for i, a := range answersFor("E") {
		m[fmt.Sprint(i)] = a
	}
	raw, _ := json.Marshal(m)
	res, err = svc.Resolve(ctx, nil, "", raw, nil)
	if err != nil || res.LeadID == nil {
		t.Fatalf("answers map: %+v %v", res, err)
	}
	if a, _ := ParseAnalysis(res.Analysis); a.Dominant != "E" {
		t.Fatalf("scored again on the server: %s", res.Analysis)
	}
	if _, err := svc.Resolve(ctx, nil, "", json.RawMessage(`["nope"]`), nil); !errors.Is(err, ErrBadAnswers) {
		t.Fatalf("bad answers: %v", err)
	}
	if res, err := svc.Resolve(ctx, nil, "", nil, nil); err != nil || res.LeadID != nil {
		t.Fatalf("nothing sent: %+v %v", res, err)
	}
	only := json.RawMessage(`{"dominant_style":"E","style_percentages":{"A":5,"B":10,"C":25,"D":0,"E":60}}`)
	res, err = svc.Resolve(ctx, nil, "", nil, only)
	if a, ok := ParseAnalysis(res.Analysis); err != nil || res.LeadID == nil || !ok || a.Percentages["E"] != 60 {
		t.Fatalf("analysis only: %+v %v", res, err)
	}
	for _, bad := range []string{`{"dominant_style":"A","style_percentages":{"A":5,"E":60}}`, `{"dominant_style":"Z"}`, `"x"`} {
		if res, err := svc.Resolve(ctx, nil, "", nil, json.RawMessage(bad)); err != nil || res.LeadID != nil {
			t.Fatalf("malformed analysis %s is ignored: %+v %v", bad, res, err)
		}
	}
}

// TestRank_GroupedEqualsBruteForce checks the grouped ranking against a plain
// sort of every designer by (similarity, likes, id).
func TestRank_GroupedEqualsBruteForce(t *testing.T) {
	var ps []Profile
	for i := 1; i <= 600; i++ {
		ps = append(ps, Profile{DesignerID: int64(i), DesignStyle: style.Codes[(i*7)%5],
			Specialties: []string{style.Specialties[i%len(style.Specialties)], style.Specialties[(i*3)%len(style.Specialties)]}, Likes: (i * 13) % 9})
	}
	for n := 0; n < 5*5*5*5*5*5*5; n += 331 {
		chosen := make([]Option, 7)
		x := n
		for i := range chosen {
			chosen[i] = Option{Style: style.Codes[x%5]}
			x /= 5
		}
		a := Score(chosen)
		got := Rank(a, ps)
		c := a.Vector()
		cn := norm(c)
		var want []Match
		for _, p := range ps {
			if m := affinity(c, cn, newRankable(p)); m.sim > 0 {
				want = append(want, m)
			}
		}
		sortMatches(want)
		if fmt.Sprint(ids(got)) != fmt.Sprint(ids(want)) {
			t.Fatalf("analysis %+v: grouped ranking differs", a)
		}
		r := newIndex(ps).rank(a)
		for from := 0; from < len(want)+7; from += 7 {
			page := r.slice(from, from+5)
			start := min(from, len(want))
			end := max(start, min(from+5, len(want)))
			if fmt.Sprint(ids(page)) != fmt.Sprint(ids(want[start:end])) {
				t.Fatalf("page from %d of %d differs: %v vs %v", from, len(want), ids(page), ids(want[start:end]))
			}
		}
	}
}

func sortMatches(ms []Match) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0; j-- {
			x, y := ms[j], ms[j-1]
			if x.sim > y.sim || (x.sim == y.sim && (x.likes > y.likes || (x.likes == y.likes && x.DesignerID < y.DesignerID))) {
				ms[j], ms[j-1] = ms[j-1], ms[j]
			} else {
				break
			}
		}
	}
}

// TestService_OnlyTheQuizLeadMayBeLost: the quiz's own lead goes through
// CreateQuizLead (which may skip the disk flush); the leads made at
// registration go through the durable CreateLead.
func TestService_OnlyTheQuizLeadMayBeLost(t *testing.T) {
	ctx := context.Background()
	svc, repo, _ := newTestService(3)
	if _, err := svc.Match(ctx, kernel.Principal{}, answersFor("C"), 5); err != nil {
		t.Fatal(err)
	}
	if repo.quizLeads != 1 || len(repo.leads) != 1 {
		t.Fatalf("quiz: %d quiz leads of %d", repo.quizLeads, len(repo.leads))
	}
	answers, _ := json.Marshal(answersFor("D"))
	if _, err := svc.Resolve(ctx, nil, "", answers, nil); err != nil {
		t.Fatal(err)
	}
	analysis := Analysis{Dominant: "A", Percentages: map[style.Code]int{"A": 100, "B": 0, "C": 0, "D": 0, "E": 0}}.JSON()
	if _, err := svc.Resolve(ctx, nil, "", nil, analysis); err != nil {
		t.Fatal(err)
	}
	if repo.quizLeads != 1 || len(repo.leads) != 3 {
		t.Fatalf("registration: %d quiz leads of %d", repo.quizLeads, len(repo.leads))
	}
}
