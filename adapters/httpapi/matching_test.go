package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/matching"
	"interno/core/style"
	"interno/internal/wiring"
)

// matchEnv is a router with matching wired in and a catalogue of 12
// designers: ids 1–12 cycling through styles A–E.
type matchEnv struct {
	*testEnv
	svc *matching.Service
}

func newMatchEnv(t *testing.T, db *store.DB, n int) *matchEnv {
	t.Helper()
	me := &matchEnv{}
	env := newEnv(t, db, func(cfg *Config, d *Deps) {
		me.svc = matching.NewService(matching.Config{}, store.NewMatchingRepo(db))
		d.Matching = me.svc
	})
	env.id.SetQuestionnaire(wiring.Questionnaire{Matching: me.svc})
	me.svc.SetAccounts(wiring.StyleProfiles{Identity: env.id}, db)
	me.testEnv = env
	ctx := context.Background()
	users, dsg := store.NewUserRepo(db), store.NewDesignerRepo(db)
	for i := 0; i < n; i++ {
		u := identity.User{Email: fmt.Sprintf("d%d@example.com", i), Name: fmt.Sprintf("Designer %d", i), Role: identity.RoleDesigner}
		if err := users.Create(ctx, &u); err != nil {
			t.Fatal(err)
		}
		code := style.Codes[i%5]
		d := designers.Designer{UserID: u.ID, Name: u.Name, Phone: "+39 333 000000", City: "Roma", Bio: "Bio", DesignStyle: code,
			Specialties: []string{specialtyOf(code)}, WorkPreferences: []style.WorkMode{style.Online}, MinBudget: 300,
			FirstProposal: "5-7 giorni", Gallery: []string{"uploads/gallery/x.jpg"}}
		if err := dsg.Create(ctx, &d); err != nil {
			t.Fatal(err)
		}
	}
	return me
}

func specialtyOf(c style.Code) string {
	for _, s := range style.Specialties {
		if a, _ := style.AffinityOf(s); a == c {
			return s
		}
	}
	return ""
}

// quizAnswers chooses, for each question, the option of style code (or the
// first option when the question has none).
func quizAnswers(code style.Code) []string {
	out := make([]string, len(matching.Default.Questions))
	for i, q := range matching.Default.Questions {
		out[i] = q.Options[0].Text
		for _, o := range q.Options {
			if o.Style == code {
				out[i] = o.Text
			}
		}
	}
	return out
}

// quizMix answers A, B, C, D, E, A, B: every style has a share.
func quizMix() []string {
	out := make([]string, len(matching.Default.Questions))
	for i, q := range matching.Default.Questions {
		out[i] = q.Options[i%len(q.Options)].Text
	}
	return out
}

func TestMatching_Questionnaire(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 0)
		r := env.expect(req{method: "GET", path: "/api/questionnaire"}, 200)
		etag := r.Header.Get("ETag")
		if etag == "" || !strings.Contains(r.Header.Get("Cache-Control"), "max-age") {
			t.Fatalf("headers %v", r.Header)
		}
		q := r.JSON(t)
		qs := q["questions"].([]any)
		if len(qs) != 7 || len(q["styles"].([]any)) != 5 {
			t.Fatalf("questionnaire %v", q)
		}
		opt := qs[1].(map[string]any)["options"].([]any)[0].(map[string]any)
		if !strings.HasPrefix(opt["image"].(string), "/api/styles/motif/") || opt["style"] != "A" || opt["text"] == "" {
			t.Fatalf("option %v", opt)
		}
		env.expect(req{method: "GET", path: "/api/questionnaire", header: map[string]string{"If-None-Match": etag}}, 304)
		env.expect(req{method: "GET", path: "/api/questionnaire", header: map[string]string{"If-None-Match": `"q-old"`}}, 200)
	})
}

func TestMatching_MatchAndPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 12)
		pure := env.expect(req{method: "POST", path: "/api/match-designers", body: map[string]any{"answers": quizAnswers("C")}}, 201).JSON(t)
		sa := pure["style_analysis"].(map[string]any)
		if sa["dominant_style"] != "C" || sa["style_percentages"].(map[string]any)["C"].(float64) != 100 {
			t.Fatalf("analysis %v", sa)
		}
		// Only the two minimal designers share a style with a purely minimal taste.
		if ds := pure["designers"].([]any); len(ds) != 2 || pure["total"].(float64) != 2 || pure["has_more"] != false {
			t.Fatalf("pure minimal %v", pure)
		}
		top := pure["designers"].([]any)[0].(map[string]any)
		if top["design_style"] != "C" || top["match_score"].(float64) != 100 || top["match_style_labels"].([]any)[0] != "Minimal" {
			t.Fatalf("top match %v", top)
		}
		r := env.expect(req{method: "POST", path: "/api/match-designers", body: map[string]any{"answers": quizMix()}}, 201).JSON(t)
		ds := r["designers"].([]any)
		if len(ds) != 5 || r["has_more"] != true || r["total"].(float64) != 12 || r["lead_id"] == nil {
			t.Fatalf("first page %v", r)
		}
		for _, d := range ds {
			m := d.(map[string]any)
			if _, ok := m["email"]; ok {
				t.Fatalf("public designer exposes e-mail: %v", m)
			}
			if _, ok := m["phone"]; ok {
				t.Fatalf("public designer exposes phone: %v", m)
			}
		}
		lead := int64(r["lead_id"].(float64))
		tok := r["lead_token"].(string)
		if len(tok) < 43 {
			t.Fatalf("lead_token %q", tok)
		}
		p3 := env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?lead_id=%d&lead_token=%s&page=3", lead, tok)}, 200).JSON(t)
		if _, sent := p3["lead_token"]; sent {
			t.Fatalf("the token is sent back on reads: %v", p3)
		}
		if len(p3["designers"].([]any)) != 2 || p3["has_more"] != false || p3["total"].(float64) != 12 {
			t.Fatalf("page 3 %v", p3)
		}
		p4 := env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?lead_token=%s&page=4", tok)}, 200).JSON(t)
		if len(p4["designers"].([]any)) != 0 || p4["has_more"] != false {
			t.Fatalf("page past the end %v", p4)
		}
		all := env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?lead_token=%s&limit=12", tok)}, 200).JSON(t)
		if len(all["designers"].([]any)) != 12 || all["has_more"] != false {
			t.Fatalf("one page of 12 %v", all)
		}
		for _, bad := range []string{"page=0", "page=x", "limit=51", "limit=-1"} {
			env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?lead_token=%s&%s", tok, bad)}, 422)
		}
		env.expect(req{method: "GET", path: "/api/designers/matches?lead_id=abc"}, 422)
		env.expect(req{method: "GET", path: "/api/designers/matches"}, 422)
		env.expect(req{method: "GET", path: "/api/designers/matches?lead_id=999999"}, 404)
		env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?lead_id=%d", lead)}, 403)
		env.expect(req{method: "GET", path: "/api/designers/matches?lead_token=guess"}, 403)
		// The public designer list and profiles still work beside /matches.
		env.expect(req{method: "GET", path: "/api/designers"}, 200)
		env.expect(req{method: "GET", path: "/api/designers/1"}, 200)
	})
}

func TestMatching_BadAnswers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 1)
		answers := quizAnswers("E")
		for name, body := range map[string]any{
			"six answers":    map[string]any{"answers": answers[:6]},
			"unknown option": map[string]any{"answers": append(append([]string{}, answers[:6]...), "Un castello")},
			"not a list":     map[string]any{"answers": "minimal"},
			"missing":        map[string]any{},
		} {
			r := env.expect(req{method: "POST", path: "/api/match-designers", body: body}, 422).JSON(t)
			if r["detail"] == nil || r["detail"] == "" {
				t.Fatalf("%s: no detail %v", name, r)
			}
		}
	})
}

// TestMatching_WhoMayRead covers every caller kind on lead and user matches.
func TestMatching_WhoMayRead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 6)
		anna, annaID := env.account("anna@example.com")
		bruno, _ := env.account("bruno@example.com")
		designer, _ := env.withRole("sofia@example.com", identity.RoleDesigner)
		other, _ := env.withRole("bea@example.com", identity.RoleDesigner)
		admin, _ := env.withRole("admin@example.com", identity.RoleAdmin)

		// Anyone may take the quiz; a signed-in customer's quiz is theirs.
		for _, tok := range []string{"", anna, designer, admin} {
			env.expect(req{method: "POST", path: "/api/match-designers", token: tok, body: map[string]any{"answers": quizAnswers("B")}}, 201)
		}
		annaPath := fmt.Sprintf("/api/designers/matches?user_id=%d", annaID)
		for _, c := range []struct {
			name, token string
			status      int
		}{
			{"anonymous", "", 401}, {"customer herself", anna, 200}, {"another customer", bruno, 403},
			{"designer", designer, 403}, {"another designer", other, 403}, {"admin", admin, 200},
		} {
			t.Run("user/"+c.name, func(t *testing.T) {
				r := env.expect(req{method: "GET", path: annaPath, token: c.token}, c.status)
				if c.status == 200 && r.JSON(t)["style_analysis"].(map[string]any)["dominant_style"] != "B" {
					t.Fatalf("%s", r.Body)
				}
			})
		}
		// An unattached lead is readable by whoever holds its token, never by its id alone (but admins).
		lead := env.expect(req{method: "POST", path: "/api/match-designers", body: map[string]any{"answers": quizAnswers("D")}}, 201).JSON(t)
		leadPath := fmt.Sprintf("/api/designers/matches?lead_id=%d", int64(lead["lead_id"].(float64)))
		tokenPath := leadPath + "&lead_token=" + lead["lead_token"].(string)
		for _, tok := range []string{"", anna, bruno, designer, other, admin} {
			env.expect(req{method: "GET", path: tokenPath, token: tok}, 200)
			if tok != admin {
				env.expect(req{method: "GET", path: leadPath, token: tok}, 403)
			}
		}
		// Registering with it attaches it: then only that customer and admins.
		reg := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "carla@example.com",
			"password": "password123", "name": "Carla", "lead_id": fmt.Sprint(lead["lead_id"]), "lead_token": lead["lead_token"]}}, 201).JSON(t)
		carla := reg["access_token"].(string)
		if reg["style_analysis"].(map[string]any)["dominant_style"] != "D" || len(reg["matched_designers"].([]any)) != 1 {
			t.Fatalf("registration answer %v", reg)
		}
		for _, c := range []struct {
			name, token string
			status      int
		}{
			{"anonymous", "", 401}, {"owner", carla, 200}, {"another customer", bruno, 403},
			{"designer", designer, 403}, {"another designer", other, 403}, {"admin", admin, 200},
		} {
			t.Run("lead/"+c.name, func(t *testing.T) {
				env.expect(req{method: "GET", path: leadPath, token: c.token}, c.status)
				env.expect(req{method: "GET", path: tokenPath, token: c.token}, c.status)
			})
		}
		// A lead attaches once.
		env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "dario@example.com",
			"password": "password123", "name": "Dario", "lead_id": lead["lead_id"], "lead_token": lead["lead_token"]}}, 409)
		// Its id alone attaches nothing: the registration goes through without it.
		eva := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "eva@example.com",
			"password": "password123", "name": "Eva", "lead_id": lead["lead_id"]}}, 201).JSON(t)
		if eva["style_analysis"] != nil {
			t.Fatalf("a lead id without its token carried a questionnaire: %v", eva)
		}
		// Login and /users/me carry the analysis and the first page of matches.
		login := env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "carla@example.com", "password": "password123"}}, 200).JSON(t)
		if login["style_analysis"].(map[string]any)["dominant_style"] != "D" || len(login["matched_designers"].([]any)) != 1 {
			t.Fatalf("login %v", login)
		}
		me := env.expect(req{method: "GET", path: "/api/users/me", token: carla}, 200).JSON(t)
		if md := me["matched_designers"].([]any); len(md) != 1 || md[0].(map[string]any)["design_style"] != "D" {
			t.Fatalf("me %v", me)
		}
		// A customer who never took the quiz has no matches, not an error.
		none := env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?user_id=%d", mustID(t, env, bruno)), token: bruno}, 200).JSON(t)
		if none["total"].(float64) != 0 || len(none["designers"].([]any)) != 0 || none["style_analysis"] != nil {
			t.Fatalf("no quiz %v", none)
		}
	})
}

func mustID(t *testing.T, env *matchEnv, token string) int64 {
	t.Helper()
	me := env.expect(req{method: "GET", path: "/api/users/me", token: token}, 200).JSON(t)
	return int64(me["user"].(map[string]any)["id"].(float64))
}

func TestMatching_RegisterWithAnswersOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 3)
		r := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "elsa@example.com",
			"password": "password123", "name": "Elsa", "questionnaire_answers": quizAnswers("E"),
			"style_analysis": map[string]any{"dominant_style": "A"}}}, 201).JSON(t)
		if r["style_analysis"].(map[string]any)["dominant_style"] != "E" {
			t.Fatalf("answers are scored on the server: %v", r)
		}
		// A result finished offline has lead 0 and travels as answers.
		offline := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "ugo@example.com",
			"password": "password123", "name": "Ugo", "lead_id": 0, "questionnaire_answers": quizAnswers("C")}}, 201).JSON(t)
		if offline["style_analysis"].(map[string]any)["dominant_style"] != "C" {
			t.Fatalf("offline result at registration: %v", offline)
		}
		env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "fede@example.com",
			"password": "password123", "name": "Fede", "questionnaire_answers": []string{"boh"}}}, 422)
		if got := env.do(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "gino@example.com",
			"password": "password123", "name": "Gino"}}); got.Code != http.StatusCreated {
			t.Fatalf("registration without a quiz: %d %s", got.Code, got.Body)
		}
	})
}
