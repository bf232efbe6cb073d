package engagement

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/core/fault"
	"interno/core/kernel"
)

type world struct {
	svc   *Service
	repo  *fakeRepo
	mail  *fakeQueue
	clock time.Time
}

// Designer 1 (Sofia) belongs to account 10, designer 2 (Bea) to account 20.
// Account 30 is the customer Anna.
func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{clock: time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC), mail: &fakeQueue{}}
	now := func() time.Time { return w.clock }
	w.repo = newFakeRepo(now)
	w.repo.names[30] = "Anna"
	w.svc = NewService(Config{BaseURL: "https://interno.example/", Clock: now}, Deps{
		Repo:      w.repo,
		Designers: fakeDesigners{1: {ID: 1, UserID: 10, Name: "Sofia", Style: "C", Experience: 8}, 2: {ID: 2, UserID: 20, Name: "Bea", Style: "A"}},
		Accounts:  fakeAccounts{30: {ID: 30, Name: "Anna", Email: "anna@example.com"}},
		Mail:      w.mail, Tx: fakeTx{},
	})
	return w
}

var anna = kernel.Principal{UserID: 30}

func TestService_Likes(t *testing.T) {
	ctx := context.Background()
	t.Run("ToggleTwiceReturnsToUnliked", func(t *testing.T) {
		w := newWorld(t)
		got, err := w.svc.ToggleLike(ctx, anna, 1)
		if err != nil || !got.Liked || got.LikeCount != 1 {
			t.Fatalf("first toggle = %+v, %v", got, err)
		}
		if liked, _ := w.svc.IsLiked(ctx, anna, 1); !liked {
			t.Fatal("status says not liked")
		}
		got, _ = w.svc.ToggleLike(ctx, anna, 1)
		if got.Liked || got.LikeCount != 0 {
			t.Fatalf("second toggle = %+v", got)
		}
	})
	t.Run("DesignerCannotLikeOwnProfile", func(t *testing.T) {
		w := newWorld(t)
		owner := kernel.Principal{UserID: 10, Role: kernel.RoleDesigner}
		if _, err := w.svc.ToggleLike(ctx, owner, 1); !errors.Is(err, ErrOwnProfile) {
			t.Fatalf("err = %v", err)
		}
		if n, _ := w.svc.LikeCount(ctx, 1); n != 0 {
			t.Fatalf("count = %d", n)
		}
		// A like stored before the rule can still be taken back.
		if _, err := w.repo.ToggleLike(ctx, 10, 1); err != nil {
			t.Fatal(err)
		}
		if got, err := w.svc.ToggleLike(ctx, owner, 1); err != nil || got.Liked || got.LikeCount != 0 {
			t.Fatalf("unlike = %+v, %v", got, err)
		}
	})
	t.Run("UnknownDesigner", func(t *testing.T) {
		w := newWorld(t)
		if _, err := w.svc.ToggleLike(ctx, anna, 99); !errors.Is(err, ErrDesignerNotFound) {
			t.Fatalf("err = %v", err)
		}
		if _, err := w.svc.LikeCount(ctx, 99); !errors.Is(err, ErrDesignerNotFound) {
			t.Fatalf("count err = %v", err)
		}
	})
	t.Run("ManyCustomersConcurrently", func(t *testing.T) {
		w := newWorld(t)
		var wg sync.WaitGroup
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func(id int64) {
				defer wg.Done()
				_, _ = w.svc.ToggleLike(ctx, kernel.Principal{UserID: id}, 1)
			}(int64(100 + i))
		}
		wg.Wait()
		if n, _ := w.svc.LikeCount(ctx, 1); n != 50 {
			t.Fatalf("count = %d", n)
		}
	})
	t.Run("StatsOnlyForOwnerAndAdmin", func(t *testing.T) {
		w := newWorld(t)
		_, _ = w.svc.ToggleLike(ctx, anna, 1)
		st, err := w.svc.LikeStats(ctx, kernel.Principal{UserID: 10}, 1)
		if err != nil || st.Total != 1 || st.Likes[0].UserName != "Anna" {
			t.Fatalf("owner stats = %+v, %v", st, err)
		}
		if _, err := w.svc.LikeStats(ctx, kernel.Principal{UserID: 999, Role: kernel.RoleAdmin}, 1); err != nil {
			t.Fatalf("admin: %v", err)
		}
		for _, c := range []kernel.Principal{{}, anna, {UserID: 20}} {
			if _, err := w.svc.LikeStats(ctx, c, 1); !errors.Is(err, ErrStatsForbidden) {
				t.Fatalf("caller %+v: err = %v", c, err)
			}
			if _, err := w.svc.ShareStats(ctx, c, 1); !errors.Is(err, ErrStatsForbidden) {
				t.Fatalf("caller %+v: share err = %v", c, err)
			}
		}
	})
	t.Run("AccountDeletedDropsLikesKeepsShares", func(t *testing.T) {
		w := newWorld(t)
		_, _ = w.svc.ToggleLike(ctx, anna, 1)
		_, _ = w.svc.Share(ctx, anna, 1, "facebook")
		if err := w.svc.AccountDeleted(ctx, 30); err != nil {
			t.Fatal(err)
		}
		if n, _ := w.svc.LikeCount(ctx, 1); n != 0 {
			t.Fatalf("likes = %d", n)
		}
		st, _ := w.svc.ShareStats(ctx, kernel.Principal{UserID: 10}, 1)
		if st.Total != 1 || len(st.Sharers) != 0 {
			t.Fatalf("shares = %+v", st)
		}
	})
}

func TestService_Shares(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	for _, p := range []string{"", "Facebook", "copy", "whatsapp"} {
		if _, err := w.svc.Share(ctx, kernel.Principal{}, 1, p); err != nil {
			t.Fatalf("platform %q: %v", p, err)
		}
	}
	if _, err := w.svc.Share(ctx, anna, 1, "myspace"); !errors.Is(err, ErrPlatform) {
		t.Fatalf("bad platform err = %v", err)
	}
	_, _ = w.svc.Share(ctx, anna, 1, "telegram")
	st, err := w.svc.ShareStats(ctx, kernel.Principal{UserID: 10}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if st.Total != 5 || st.ByPlatform["link"] != 1 || st.ByPlatform["facebook"] != 1 || st.ByPlatform["linkedin"] != 0 {
		t.Fatalf("stats = %+v", st)
	}
	if len(st.Sharers) != 1 || st.Sharers[0].UserName != "Anna" || st.Sharers[0].Platform != "telegram" {
		t.Fatalf("sharers = %+v", st.Sharers)
	}
	if len(st.ByPlatform) != len(Platforms) {
		t.Fatalf("every platform should be listed: %v", st.ByPlatform)
	}
}

var result = ResultsRequest{Dominant: "C", Percentages: map[string]float64{"A": 10, "B": 15, "C": 40, "D": 20, "E": 15}, DesignerIDs: []int64{1, 99, 2, 1}}

func TestService_SendResults(t *testing.T) {
	ctx := context.Background()
	t.Run("MemberGetsItAtTheirAddressWithTrackedLinks", func(t *testing.T) {
		w := newWorld(t)
		sent, err := w.svc.SendResults(ctx, anna, ResultsRequest{Email: "other@example.com", Percentages: result.Percentages, DesignerIDs: result.DesignerIDs})
		if err != nil {
			t.Fatal(err)
		}
		if sent.Recipient != "anna@example.com" || len(w.mail.jobs) != 1 {
			t.Fatalf("sent = %+v, jobs %d", sent, len(w.mail.jobs))
		}
		m := w.mail.jobs[0].Message
		for _, want := range []string{"Il tuo stile: Minimal Contemporaneo", "Ciao Anna", "Minimal Contemporaneo: 40%", "Eclettico Creativo: 10%",
			"Sofia — Minimal e contemporaneo, 8 anni di esperienza", "Bea", "https://interno.example/api/email/track/" + sent.TrackingID + "/click?url=%2Fprofile%2F1"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("text lacks %q:\n%s", want, m.Text)
			}
		}
		if strings.Count(m.Text, "/profile/") != 0 || strings.Count(m.Text, "%2Fprofile%2F") != 2 {
			t.Errorf("designer links should be tracked, once per designer:\n%s", m.Text)
		}
		if !strings.Contains(m.HTML, "<html lang=\"it\">") || !strings.Contains(m.HTML, "Sofia") {
			t.Error("HTML part missing")
		}
	})
	t.Run("Validation", func(t *testing.T) {
		w := newWorld(t)
		bad := []ResultsRequest{
			{Email: "x@example.com"},
			{Email: "x@example.com", Percentages: map[string]float64{"A": 50, "B": 20}},
			{Email: "x@example.com", Percentages: map[string]float64{"Z": 100}},
			{Email: "x@example.com", Dominant: "A", Percentages: result.Percentages},
			{Email: "not-an-address", Percentages: result.Percentages},
			{Percentages: result.Percentages},
		}
		for i, r := range bad {
			if _, err := w.svc.SendResults(ctx, kernel.Principal{Client: "1.2.3.4"}, r); fault.CodeOf(err) != fault.Invalid {
				t.Errorf("case %d: err = %v", i, err)
			}
		}
	})
	t.Run("ThrottledPerAddressAndPerSender", func(t *testing.T) {
		w := newWorld(t)
		r := result
		r.Email = "victim@example.com"
		for i := 0; i < PerAddressPerDay; i++ {
			if _, err := w.svc.SendResults(ctx, kernel.Principal{Client: "1.2.3.4"}, r); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := w.svc.SendResults(ctx, kernel.Principal{Client: "5.6.7.8"}, r); !errors.Is(err, ErrTooManyToAddress) {
			t.Fatalf("fourth to the same address: %v", err)
		}
		for i := 0; i < PerSenderPerHour-PerAddressPerDay; i++ {
			r.Email = "p" + string(rune('a'+i)) + "@example.com"
			if _, err := w.svc.SendResults(ctx, kernel.Principal{Client: "1.2.3.4"}, r); err != nil {
				t.Fatal(err)
			}
		}
		r.Email = "last@example.com"
		if _, err := w.svc.SendResults(ctx, kernel.Principal{Client: "1.2.3.4"}, r); !errors.Is(err, ErrTooManyBySender) {
			t.Fatalf("sender over the hourly limit: %v", err)
		}
		w.clock = w.clock.Add(25 * time.Hour)
		r.Email = "victim@example.com"
		if _, err := w.svc.SendResults(ctx, kernel.Principal{Client: "1.2.3.4"}, r); err != nil {
			t.Fatalf("next day: %v", err)
		}
	})
}

// fakeLeads knows lead 7 (token "t7", unattached) and lead 8 (token "t8",
// held by an account); err makes every check fail with it.
type fakeLeads struct{ err error }

func (f fakeLeads) VisitorLead(_ context.Context, id int64, token string) (int64, error) {
	if f.err != nil {
		return 0, f.err
	}
	switch {
	case token == "t7" && (id == 0 || id == 7):
		return 7, nil
	case token == "t8" && (id == 0 || id == 8):
		return 0, fault.New(fault.Conflict, "taken").WithReason("lead_taken")
	}
	return 0, fault.New(fault.Forbidden, "wrong token").WithReason("lead_token_invalid")
}

// A visitor's results e-mail carries their lead, id and token, on every link
// when the token names an unattached lead, and no lead otherwise.
func TestService_SendResultsCarriesTheLeadWithItsToken(t *testing.T) {
	ctx := context.Background()
	send := func(leads Leads, c kernel.Principal, r ResultsRequest) (string, error) {
		w := newWorld(t)
		w.svc.d.Leads = leads
		r.Email, r.Percentages, r.DesignerIDs = "guest@example.com", result.Percentages, result.DesignerIDs
		if _, err := w.svc.SendResults(ctx, c, r); err != nil {
			return "", err
		}
		return w.mail.jobs[0].Message.Text, nil
	}
	visitor := kernel.Principal{Client: "1.2.3.4"}
	for _, r := range []ResultsRequest{{LeadToken: "t7"}, {LeadID: 7, LeadToken: "t7"}} {
		text, err := send(fakeLeads{}, visitor, r)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(text, "leadId%3D7%26leadToken%3Dt7") != 3 {
			t.Fatalf("%+v: every link (two designers, registration) should carry the lead:\n%s", r, text)
		}
	}
	for _, r := range []ResultsRequest{{LeadID: 7}, {LeadID: 8, LeadToken: "t7"}, {LeadToken: "t8"}, {LeadToken: "nope"}, {LeadID: -1, LeadToken: "t7"}} {
		text, err := send(fakeLeads{}, visitor, r)
		if err != nil || strings.Contains(text, "leadId") || strings.Contains(text, "leadToken") {
			t.Fatalf("%+v: %v\n%s", r, err, text)
		}
	}
	// Members' links go to their profile; no lead rides on them.
	if text, err := send(fakeLeads{}, anna, ResultsRequest{LeadID: 7, LeadToken: "t7"}); err != nil || strings.Contains(text, "leadToken") {
		t.Fatalf("member: %v\n%s", err, text)
	}
	// Without the port, no lead; a database failure is reported, not hidden.
	if text, err := send(nil, visitor, ResultsRequest{LeadID: 7, LeadToken: "t7"}); err != nil || strings.Contains(text, "leadToken") {
		t.Fatalf("no port: %v", err)
	}
	down := errors.New("database down")
	if _, err := send(fakeLeads{err: down}, visitor, ResultsRequest{LeadID: 7, LeadToken: "t7"}); !errors.Is(err, down) {
		t.Fatalf("err = %v", err)
	}
}

func TestService_TrackingAndStats(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	sent, err := w.svc.SendResults(ctx, anna, result)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.svc.SendResults(ctx, kernel.Principal{Client: "1.1.1.1"}, ResultsRequest{Email: "b@example.com", Percentages: result.Percentages})
	for _, ok := range []struct{ in, want string }{
		{"/profile/1", "/profile/1"},
		{"https://interno.example/profile/2?shared=true", "/profile/2?shared=true"},
		{"/login?mode=register&redirect=designers", "/login?mode=register&redirect=designers"},
	} {
		got, err := w.svc.TrackClick(ctx, sent.TrackingID, ok.in)
		if err != nil || got != ok.want {
			t.Errorf("TrackClick(%q) = %q, %v", ok.in, got, err)
		}
	}
	for _, bad := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)",
		"http://interno.example/", "https://interno.example@evil.example/", "profile/1", ""} {
		if _, err := w.svc.TrackClick(ctx, sent.TrackingID, bad); !errors.Is(err, ErrForeignURL) {
			t.Errorf("TrackClick(%q) err = %v", bad, err)
		}
	}
	if _, err := w.svc.TrackClick(ctx, "nope", "/"); !errors.Is(err, ErrTrackingNotFound) {
		t.Errorf("unknown id err = %v", err)
	}
	st, err := w.svc.EmailStats(ctx, kernel.Principal{UserID: 1, Role: kernel.RoleAdmin}, 0, "")
	if err != nil || len(st) != 1 || st[0].Sent != 2 || st[0].Clicked != 1 {
		t.Fatalf("stats = %+v, %v", st, err)
	}
	if _, err := w.svc.EmailStats(ctx, anna, 30, ""); fault.CodeOf(err) != fault.Forbidden {
		t.Fatalf("customer err = %v", err)
	}
	if _, err := w.svc.EmailStats(ctx, kernel.Principal{Role: kernel.RoleAdmin}, 400, ""); fault.CodeOf(err) != fault.Invalid {
		t.Fatalf("days err = %v", err)
	}
}
