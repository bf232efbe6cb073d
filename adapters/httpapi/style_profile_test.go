package httpapi

import (
	"fmt"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/identity"
	"interno/core/style"
)

// styleOf reads the account's style as the profile does (user.style_analysis)
// and as the top of the answer does, and fails when they disagree.
func styleOf(t *testing.T, env *matchEnv, token string) any {
	t.Helper()
	me := env.expect(req{method: "GET", path: "/api/users/me", token: token}, 200).JSON(t)
	user, _ := me["user"].(map[string]any)["style_analysis"].(map[string]any)
	top, _ := me["style_analysis"].(map[string]any)
	if (user == nil) != (top == nil) || (user != nil && user["dominant_style"] != top["dominant_style"]) {
		t.Fatalf("one account, two styles: user %v, top %v", user, top)
	}
	if user == nil {
		return nil
	}
	return user["dominant_style"]
}

// One account, one style profile: a signed-in customer's quiz, a quiz taken
// before signing in, and registration all end in the same user.style_analysis
// that the login answer, /users/me and the matches read.
func TestStyleProfile_OneAccountOneProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 6)
		anna, annaID := env.account("anna@example.com")
		if got := styleOf(t, env, anna); got != nil {
			t.Fatalf("no quiz yet: %v", got)
		}

		// A signed-in customer's quiz is saved to the account.
		env.expect(req{method: "POST", path: "/api/match-designers", token: anna, key: "quiz-1", body: map[string]any{"answers": quizAnswers("B")}}, 201)
		if got := styleOf(t, env, anna); got != "B" {
			t.Fatalf("after the signed-in quiz: %v", got)
		}
		// Taken again, the newest result is the profile everywhere.
		env.expect(req{method: "POST", path: "/api/match-designers", token: anna, body: map[string]any{"answers": quizAnswers("E")}}, 201)
		if got := styleOf(t, env, anna); got != "E" {
			t.Fatalf("after the second quiz: %v", got)
		}
		matches := env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?user_id=%d", annaID), token: anna}, 200).JSON(t)
		if matches["style_analysis"].(map[string]any)["dominant_style"] != "E" {
			t.Fatalf("matches read another profile: %v", matches["style_analysis"])
		}

		// A quiz taken as a visitor, then signing in with it: the account adopts it.
		lead := env.expect(req{method: "POST", path: "/api/match-designers", body: map[string]any{"answers": quizAnswers("D")}}, 201).JSON(t)
		login := env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{
			"email": "anna@example.com", "password": "password123", "lead_id": lead["lead_id"], "lead_token": lead["lead_token"]}}, 200).JSON(t)
		if login["style_analysis"].(map[string]any)["dominant_style"] != "D" {
			t.Fatalf("login answer: %v", login["style_analysis"])
		}
		if got := styleOf(t, env, anna); got != "D" {
			t.Fatalf("after signing in with a lead: %v", got)
		}
		matches = env.expect(req{method: "GET", path: fmt.Sprintf("/api/designers/matches?user_id=%d", annaID), token: anna}, 200).JSON(t)
		if matches["style_analysis"].(map[string]any)["dominant_style"] != "D" {
			t.Fatalf("matches after the adopted lead: %v", matches["style_analysis"])
		}
	})
}

// Signing in with a lead: who may adopt which lead, and bad input.
func TestStyleProfile_SignInWithLead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newMatchEnv(t, db, 3)
		anna, _ := env.account("anna@example.com")
		bruno, _ := env.account("bruno@example.com")
		env.withRole("sofia@example.com", identity.RoleDesigner)
		env.withRole("admin@example.com", identity.RoleAdmin)
		env.expect(req{method: "POST", path: "/api/match-designers", token: anna, body: map[string]any{"answers": quizAnswers("B")}}, 201)
		login := func(email string, lead map[string]any) map[string]any {
			body := map[string]any{"email": email, "password": "password123"}
			for k, v := range lead {
				body[k] = v
			}
			return env.expect(req{method: "POST", path: "/api/auth/login", body: body}, 200).JSON(t)
		}
		quiz := func(token string, code style.Code) map[string]any {
			r := env.expect(req{method: "POST", path: "/api/match-designers", token: token, body: map[string]any{"answers": quizAnswers(code)}}, 201).JSON(t)
			return map[string]any{"lead_id": r["lead_id"], "lead_token": r["lead_token"]}
		}

		// Another customer's lead is never adopted, and never fails the sign-in.
		annasLead := quiz(anna, "C")
		if got := login("bruno@example.com", annasLead)["style_analysis"]; got != nil {
			t.Fatalf("bruno adopted anna's lead: %v", got)
		}
		if got := styleOf(t, env, bruno); got != nil {
			t.Fatalf("bruno's profile: %v", got)
		}
		// An unknown lead, a lead id without its token, a wrong token, or a
		// token of another lead than the id: signed in, nothing adopted.
		free := quiz("", "A")
		for _, lead := range []map[string]any{{"lead_id": 999999}, {"lead_id": 999999, "lead_token": free["lead_token"]},
			{"lead_id": free["lead_id"]}, {"lead_token": "made-up"}, {"lead_id": free["lead_id"], "lead_token": annasLead["lead_token"]}} {
			if got := login("anna@example.com", lead)["style_analysis"].(map[string]any)["dominant_style"]; got != "C" {
				t.Fatalf("anna after %v: %v", lead, got)
			}
		}
		// Designers and admins have no style profile: the lead stays free for whoever took it.
		for _, who := range []string{"sofia@example.com", "admin@example.com"} {
			login(who, free)
		}
		login("bruno@example.com", free)
		if got := styleOf(t, env, bruno); got != "A" {
			t.Fatalf("the free lead went to someone else first: %v", got)
		}
		// Bad input is a 422, not a sign-in.
		for _, bad := range []map[string]any{{"lead_id": "abc"}, {"lead_id": -3}, {"lead_id": 1.5}, {"lead_id": map[string]any{}}, {"lead_token": 12}} {
			body := map[string]any{"email": "anna@example.com", "password": "password123"}
			for k, v := range bad {
				body[k] = v
			}
			env.expect(req{method: "POST", path: "/api/auth/login", body: body}, 422)
		}
		// Wrong password with a lead: 401 and nothing adopted.
		other := quiz("", "E")
		env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{
			"email": "anna@example.com", "password": "wrong-password", "lead_id": other["lead_id"], "lead_token": other["lead_token"]}}, 401)
		if got := styleOf(t, env, anna); got != "C" {
			t.Fatalf("a failed sign-in changed the profile: %v", got)
		}
	})
}
