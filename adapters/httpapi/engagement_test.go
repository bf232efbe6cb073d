package httpapi

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/email"
	"interno/core/engagement"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/matching"
	"interno/internal/wiring"
)

// engEnv is a router with engagement wired in and a cast: designers Sofia
// and Bea, customers Anna and Bruno, and an admin.
type engEnv struct {
	*testEnv
	sofia, bea, anna, bruno, admin string
	sofiaID, beaID, annaID         int64
	leads                          *matching.Service
}

func newEngEnv(t *testing.T, db *store.DB) *engEnv {
	t.Helper()
	var svc *engagement.Service
	leads := matching.NewService(matching.Config{}, store.NewMatchingRepo(db))
	env := newEnv(t, db, func(cfg *Config, d *Deps) {
		svc = engagement.NewService(engagement.Config{BaseURL: cfg.BaseURL, Clock: cfg.Clock}, engagement.Deps{
			Repo: store.NewEngagementRepo(db), Designers: d.Designers.Refs(), Accounts: wiring.EngagementAccounts{Identity: d.Identity},
			Mail: store.NewEmailQueue(db), Tx: db, Leads: wiring.EngagementLeads{Matching: leads}})
		d.Engagement = svc
	})
	env.id.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	e := &engEnv{testEnv: env, leads: leads}
	e.sofia, e.sofiaID = env.newDesignerAccount("sofia@example.com")
	e.bea, e.beaID = env.newDesignerAccount("bea@example.com")
	e.anna, e.annaID = env.account("anna@example.com")
	e.bruno, _ = env.account("bruno@example.com")
	e.admin, _ = env.withRole("admin@example.com", identity.RoleAdmin)
	return e
}

func eachEng(t *testing.T, fn func(t *testing.T, e *engEnv)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newEngEnv(t, db)) })
}

func TestEngagement_Likes(t *testing.T) {
	eachEng(t, func(t *testing.T, e *engEnv) {
		like := func(token, key string, id int64) map[string]any {
			t.Helper()
			return e.expect(req{method: "POST", path: "/api/likes", token: token, key: key, body: map[string]any{"designer_id": id}}, 200).JSON(t)
		}
		t.Run("ToggleAndReplay", func(t *testing.T) {
			got := like(e.anna, "k1", e.sofiaID)
			if got["liked"] != true || got["like_count"].(float64) != 1 {
				t.Fatalf("%v", got)
			}
			if again := like(e.anna, "k1", e.sofiaID); again["liked"] != true || again["like_count"].(float64) != 1 {
				t.Fatalf("replay toggled again: %v", again)
			}
			st := e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/status/%d", e.sofiaID), token: e.anna}, 200).JSON(t)
			if st["is_liked"] != true {
				t.Fatalf("%v", st)
			}
			n := e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/designer/%d/count", e.sofiaID)}, 200).JSON(t)
			if n["like_count"].(float64) != 1 {
				t.Fatalf("%v", n)
			}
			d := e.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/%d", e.sofiaID)}, 200).JSON(t)
			if d["like_count"].(float64) != 1 {
				t.Fatalf("designer like_count %v", d["like_count"])
			}
			mine := e.expect(req{method: "GET", path: "/api/likes/mine", token: e.anna}, 200).JSON(t)
			if mine["total"].(float64) != 1 || mine["likes"].([]any)[0].(map[string]any)["designer"].(map[string]any)["name"] == "" {
				t.Fatalf("%v", mine)
			}
			if got := like(e.anna, "k2", e.sofiaID); got["liked"] != false || got["like_count"].(float64) != 0 {
				t.Fatalf("unlike %v", got)
			}
		})
		t.Run("BadInput", func(t *testing.T) {
			e.expect(req{method: "POST", path: "/api/likes", token: e.anna, body: map[string]any{}}, 422)
			e.expect(req{method: "POST", path: "/api/likes", token: e.anna, body: map[string]any{"designer_id": "x"}}, 422)
			r := e.expect(req{method: "POST", path: "/api/likes", token: e.anna, body: map[string]any{"designer_id": 9999}}, 404).JSON(t)
			if r["reason"] != "designer_not_found" {
				t.Fatalf("%v", r)
			}
			e.expect(req{method: "GET", path: "/api/likes/designer/9999/count"}, 404)
			e.expect(req{method: "GET", path: "/api/likes/status/abc", token: e.anna}, 422)
		})
		t.Run("WhoMayCall", func(t *testing.T) {
			body := map[string]any{"designer_id": e.sofiaID}
			e.expect(req{method: "POST", path: "/api/likes", body: body}, 401)
			e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/status/%d", e.sofiaID)}, 401)
			e.expect(req{method: "GET", path: "/api/likes/mine"}, 401)
			for _, tok := range []string{e.anna, e.bruno, e.sofia, e.bea, e.admin} {
				e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/status/%d", e.sofiaID), token: tok}, 200)
				e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/designer/%d/count", e.sofiaID), token: tok}, 200)
			}
			like(e.bruno, "b1", e.sofiaID)
			path := fmt.Sprintf("/api/likes/stats/%d", e.sofiaID)
			e.expect(req{method: "GET", path: path}, 401)
			for _, tok := range []string{e.anna, e.bruno, e.bea} {
				if r := e.expect(req{method: "GET", path: path, token: tok}, 403).JSON(t); r["reason"] != "not_owner" {
					t.Fatalf("%v", r)
				}
			}
			for _, tok := range []string{e.sofia, e.admin} {
				st := e.expect(req{method: "GET", path: path, token: tok}, 200).JSON(t)
				users := st["liked_by_users"].([]any)
				if st["total_likes"].(float64) != 1 || users[0].(map[string]any)["user_name"] != "Test bruno@example.com" ||
					users[0].(map[string]any)["liked_at"] == "" {
					t.Fatalf("%v", st)
				}
			}
			e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/stats/%d", e.beaID), token: e.sofia}, 403)
			// A designer likes another's profile, never their own.
			if r := e.expect(req{method: "POST", path: "/api/likes", token: e.sofia, body: body}, 400).JSON(t); r["reason"] != "own_profile" || r["detail"] != "You cannot like your own designer profile" {
				t.Fatalf("%v", r)
			}
			like(e.bea, "bea1", e.sofiaID)
			like(e.bea, "bea2", e.sofiaID)
		})
		t.Run("AccountDeletionDropsItsLikes", func(t *testing.T) {
			tok, _ := e.account("carla@example.com")
			like(tok, "c1", e.beaID)
			e.expect(req{method: "DELETE", path: "/api/users/me", token: tok}, 200)
			n := e.expect(req{method: "GET", path: fmt.Sprintf("/api/likes/designer/%d/count", e.beaID)}, 200).JSON(t)
			d := e.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/%d", e.beaID)}, 200).JSON(t)
			if n["like_count"].(float64) != 0 || d["like_count"].(float64) != 0 {
				t.Fatalf("count %v, designer %v", n, d["like_count"])
			}
		})
	})
}

func TestEngagement_Shares(t *testing.T) {
	eachEng(t, func(t *testing.T, e *engEnv) {
		share := func(token, platform string, status int) map[string]any {
			t.Helper()
			body := map[string]any{"designer_id": e.sofiaID}
			if platform != "-" {
				body["platform"] = platform
			}
			return e.expect(req{method: "POST", path: "/api/shares", token: token, body: body}, status).JSON(t)
		}
		if r := share("", "-", 201); r["platform"] != "link" || r["share_count"].(float64) != 1 {
			t.Fatalf("anonymous default: %v", r)
		}
		for _, tok := range []string{e.anna, e.bruno, e.sofia, e.bea, e.admin} {
			share(tok, "whatsapp", 201)
		}
		share(e.anna, "facebook", 201)
		if r := share(e.anna, "myspace", 422); r["reason"] != "validation" {
			t.Fatalf("bad platform: %v", r)
		}
		e.expect(req{method: "POST", path: "/api/shares", body: map[string]any{"designer_id": 9999, "platform": "copy"}}, 404)
		n := e.expect(req{method: "GET", path: fmt.Sprintf("/api/shares/designer/%d/count", e.sofiaID)}, 200).JSON(t)
		if n["share_count"].(float64) != 7 {
			t.Fatalf("%v", n)
		}
		path := fmt.Sprintf("/api/shares/stats/%d", e.sofiaID)
		e.expect(req{method: "GET", path: path}, 401)
		for _, tok := range []string{e.anna, e.bruno, e.bea} {
			e.expect(req{method: "GET", path: path, token: tok}, 403)
		}
		for _, tok := range []string{e.sofia, e.admin} {
			st := e.expect(req{method: "GET", path: path, token: tok}, 200).JSON(t)
			by := st["shares_by_platform"].(map[string]any)
			if st["total_shares"].(float64) != 7 || by["whatsapp"].(float64) != 5 || by["link"].(float64) != 1 || by["telegram"].(float64) != 0 ||
				len(st["shared_by_users"].([]any)) != 6 || st["shared_by_users"].([]any)[0].(map[string]any)["user_email"] == "" {
				t.Fatalf("%v", st)
			}
		}
	})
}

func hasSubject(msgs []email.Message, subject string) bool {
	for _, m := range msgs {
		if m.Subject == subject {
			return true
		}
	}
	return false
}

func TestEngagement_ResultsEmail(t *testing.T) {
	eachEng(t, func(t *testing.T, e *engEnv) {
		body := func(addr string) map[string]any {
			return map[string]any{"email": addr, "designer_ids": []any{e.sofiaID, fmt.Sprint(e.beaID)},
				"style_analysis": map[string]any{"dominant_style": "C", "style_percentages": map[string]any{"A": 10, "B": 15, "C": 40, "D": 20, "E": 15}}}
		}
		var tracking string
		t.Run("VisitorSendsToAnAddress", func(t *testing.T) {
			quiz, err := e.leads.Match(context.Background(), kernel.Principal{}, quizAnswers("C"), 5)
			if err != nil {
				t.Fatal(err)
			}
			withLead := body("guest@example.com")
			withLead["lead_id"], withLead["lead_token"] = quiz.LeadID, quiz.LeadToken
			r := e.expect(req{method: "POST", path: "/api/email/send-results", body: withLead}, 202).JSON(t)
			tracking = r["tracking_id"].(string)
			msgs := e.dueMail("guest@example.com")
			if len(msgs) != 1 || !strings.Contains(msgs[0].Text, "Minimal Contemporaneo: 40%") ||
				!strings.Contains(msgs[0].HTML, "/api/email/track/"+tracking+"/click?url=%2Fprofile%2F") {
				t.Fatalf("%+v", msgs)
			}
			// The visitor's questionnaire (id and token) rides on every link, so
			// registering from the e-mail, later and anywhere, keeps it.
			lead := url.QueryEscape(fmt.Sprintf("leadId=%d&leadToken=%s", quiz.LeadID, quiz.LeadToken))
			for _, link := range []string{url.QueryEscape("/login?mode=register&redirect=designers&") + lead, url.QueryEscape(fmt.Sprintf("/profile/%d?", e.sofiaID)) + lead} {
				if !strings.Contains(msgs[0].Text, link) {
					t.Fatalf("no %s in %s", link, msgs[0].Text)
				}
			}
			// A click is counted without the token: statistics hold no secret.
			page := fmt.Sprintf("/profile/%d?leadId=%d&leadToken=%s", e.sofiaID, quiz.LeadID, quiz.LeadToken)
			res := e.expect(req{method: "GET", path: "/api/email/track/" + tracking + "/click?url=" + url.QueryEscape(page)}, 302)
			if res.Header.Get("Location") != "http://interno.test"+page {
				t.Fatalf("redirect to %q", res.Header.Get("Location"))
			}
			var urls []string
			if err := e.db.Conn(context.Background()).Table("email_clicks").Pluck("url", &urls).Error; err != nil {
				t.Fatal(err)
			}
			if len(urls) != 1 || strings.Contains(urls[0], quiz.LeadToken) || !strings.Contains(urls[0], fmt.Sprintf("leadId=%d", quiz.LeadID)) {
				t.Fatalf("clicks stored %v", urls)
			}
		})
		t.Run("LinksCarryNoLeadWithoutItsToken", func(t *testing.T) {
			quiz, err := e.leads.Match(context.Background(), kernel.Principal{}, quizAnswers("B"), 5)
			if err != nil {
				t.Fatal(err)
			}
			other, err := e.leads.Match(context.Background(), kernel.Principal{}, quizAnswers("D"), 5)
			if err != nil {
				t.Fatal(err)
			}
			for i, lead := range []map[string]any{
				{"lead_id": quiz.LeadID},
				{"lead_id": quiz.LeadID, "lead_token": "made-up"},
				{"lead_id": quiz.LeadID, "lead_token": other.LeadToken},
			} {
				addr := fmt.Sprintf("nolead%d@example.com", i)
				b := body(addr)
				for k, v := range lead {
					b[k] = v
				}
				e.expect(req{method: "POST", path: "/api/email/send-results", body: b}, 202)
				msgs := e.dueMail(addr)
				if len(msgs) != 1 || strings.Contains(msgs[0].Text, "leadId") || strings.Contains(msgs[0].Text, "leadToken") {
					t.Fatalf("%v: %+v", lead, msgs)
				}
			}
		})
		t.Run("CustomerGetsItAtTheirOwnAddress", func(t *testing.T) {
			r := e.expect(req{method: "POST", path: "/api/email/send-results", token: e.anna, body: body("someone@example.com")}, 202).JSON(t)
			// Due leases what it returns, so the queue is read once.
			now := e.db.Now().Add(time.Hour)
			jobs, err := e.mail.Due(context.Background(), now, now.Add(time.Minute), 100)
			if err != nil {
				t.Fatal(err)
			}
			var mine []email.Message
			for _, j := range jobs {
				if j.Message.To == "someone@example.com" {
					t.Fatal("sent to the address in the body instead of the account's")
				}
				if j.Message.To == "anna@example.com" {
					mine = append(mine, j.Message)
				}
			}
			if r["email"] != "anna@example.com" || !hasSubject(mine, "I tuoi risultati di stile su Interno") {
				t.Fatalf("%v", r)
			}
		})
		t.Run("BadInput", func(t *testing.T) {
			e.expect(req{method: "POST", path: "/api/email/send-results", body: map[string]any{"email": "x@example.com"}}, 422)
			e.expect(req{method: "POST", path: "/api/email/send-results", body: body("nope")}, 422)
			badLead := body("x@example.com")
			badLead["lead_id"] = -1
			e.expect(req{method: "POST", path: "/api/email/send-results", body: badLead}, 422)
		})
		t.Run("Throttled", func(t *testing.T) {
			for i := 0; i < 2; i++ {
				e.expect(req{method: "POST", path: "/api/email/send-results", body: body("guest@example.com")}, 202)
			}
			r := e.expect(req{method: "POST", path: "/api/email/send-results", body: body("guest@example.com")}, 429).JSON(t)
			if r["reason"] != "email_throttled" {
				t.Fatalf("%v", r)
			}
		})
		t.Run("ClickRedirectsOnlyToThisSite", func(t *testing.T) {
			r := e.expect(req{method: "GET", path: "/api/email/track/" + tracking + "/click?url=%2Fprofile%2F1%3Fshared%3Dtrue"}, 302)
			if loc := r.Header.Get("Location"); loc != "http://interno.test/profile/1?shared=true" {
				t.Fatalf("Location %q", loc)
			}
			for _, bad := range []string{"https%3A%2F%2Fevil.example%2F", "%2F%2Fevil.example", "javascript%3Aalert(1)", "%2F%5Cevil.example"} {
				r := e.expect(req{method: "GET", path: "/api/email/track/" + tracking + "/click?url=" + bad}, 400)
				if r.Header.Get("Location") != "" || r.JSON(t)["reason"] != "foreign_url" {
					t.Fatalf("%s: %s", bad, r.Body)
				}
			}
			e.expect(req{method: "GET", path: "/api/email/track/unknown/click?url=%2F"}, 302)
			e.expect(req{method: "POST", path: "/api/email/track/" + tracking + "/click", body: map[string]any{"tracking_id": tracking, "clicked_url": "/user-profile"}}, 200)
			e.expect(req{method: "POST", path: "/api/email/track/unknown/click", body: map[string]any{"clicked_url": "/"}}, 404)
			e.expect(req{method: "POST", path: "/api/email/track/" + tracking + "/click", body: map[string]any{"clicked_url": "https://evil.example"}}, 400)
		})
		t.Run("StatsForAdminsOnly", func(t *testing.T) {
			e.expect(req{method: "GET", path: "/api/email/stats"}, 401)
			for _, tok := range []string{e.anna, e.bruno, e.sofia, e.bea} {
				e.expect(req{method: "GET", path: "/api/email/stats", token: tok}, 403)
			}
			st := e.expect(req{method: "GET", path: "/api/email/stats?days=30&email_type=style_results", token: e.admin}, 200).JSON(t)
			if st["total_sent"].(float64) != 7 || st["total_clicked"].(float64) != 1 || st["click_rate"].(float64) != 14.3 || st["days"].(float64) != 30 {
				t.Fatalf("%v", st)
			}
			e.expect(req{method: "GET", path: "/api/email/stats?days=abc", token: e.admin}, 422)
			e.expect(req{method: "GET", path: "/api/email/stats?days=0", token: e.admin}, 422)
			if st := e.expect(req{method: "GET", path: "/api/email/stats?email_type=other", token: e.admin}, 200).JSON(t); st["total_sent"].(float64) != 0 {
				t.Fatalf("%v", st)
			}
		})
	})
}
