package api_test

import (
	"testing"
	"time"

	"interno/adapters/googleauth/googletest"
)

// TestGoogleSignIn checks the real verification path end to end: the binary
// fetches keys from a local JWKS server and refuses forged, expired and
// wrong-audience tokens.
func TestGoogleSignIn(t *testing.T) {
	iss := googletest.NewIssuer(t)
	forger := googletest.NewIssuer(t)
	each(t, func(t *testing.T, s *server) {
		t.Run("NewCustomerThenSameAccount", func(t *testing.T) {
			tok := iss.Mint(map[string]any{"email": "marta@gmail.com", "email_verified": true, "name": "Marta Neri"})
			first := s.must(200, "POST", "/api/auth/google", "", map[string]any{"credential": tok}).JSON()
			if first["email"] != "marta@gmail.com" || first["role"] != "user" || first["access_token"] == "" {
				t.Fatalf("%v", first)
			}
			again := s.must(200, "POST", "/api/auth/google", "", map[string]any{"credential": tok}).JSON()
			if again["id"] != first["id"] {
				t.Fatal("second sign-in created another account")
			}
		})
		t.Run("LinksVerifiedPasswordAccountOnly", func(t *testing.T) {
			s.register("paola@example.com")
			unverified := iss.Mint(map[string]any{"email": "paola@example.com", "email_verified": false})
			s.must(409, "POST", "/api/auth/google", "", map[string]any{"credential": unverified})
			verified := iss.Mint(map[string]any{"email": "paola@example.com", "email_verified": true})
			r := s.must(200, "POST", "/api/auth/google", "", map[string]any{"credential": verified}).JSON()
			if r["email"] != "paola@example.com" {
				t.Fatalf("%v", r)
			}
		})
		t.Run("Refusals", func(t *testing.T) {
			forged := forger.Mint(map[string]any{"email": "evil@example.com", "email_verified": true})
			s.must(401, "POST", "/api/auth/google", "", map[string]any{"credential": forged})
			expired := iss.Mint(map[string]any{"email": "late@example.com", "email_verified": true,
				"iat": time.Now().Add(-3 * time.Hour).Unix(), "exp": time.Now().Add(-2 * time.Hour).Unix()})
			s.must(401, "POST", "/api/auth/google", "", map[string]any{"credential": expired})
			wrongAud := iss.Mint(map[string]any{"email": "aud@example.com", "email_verified": true, "aud": "someone-else.apps.googleusercontent.com"})
			s.must(401, "POST", "/api/auth/google", "", map[string]any{"credential": wrongAud})
			s.must(401, "POST", "/api/auth/google", "", map[string]any{"credential": "not-a-jwt"})
			s.must(422, "POST", "/api/auth/google", "", map[string]any{"credential": ""})
		})
		t.Run("DesignerRegistrationWithGoogle", func(t *testing.T) {
			tok := iss.Mint(map[string]any{"email": "studio.lume@gmail.com", "email_verified": true, "name": "Studio Lume"})
			body := designerPayload("ignored@example.com")
			delete(body, "password")
			d := s.must(201, "POST", "/api/designers/google-auth", "", map[string]any{"credential": tok, "designer_data": body}).JSON()
			if d["email"] != "studio.lume@gmail.com" {
				t.Fatalf("the e-mail must be the one Google vouches for: %v", d)
			}
			login := s.must(200, "POST", "/api/auth/google", "", map[string]any{"credential": tok}).JSON()
			if login["role"] != "designer" || login["designer_id"] == nil {
				t.Fatalf("%v", login)
			}
			s.must(409, "POST", "/api/designers/google-auth", "", map[string]any{"credential": tok, "designer_data": body})
		})
	}, "INTERNO_GOOGLE_CLIENT_ID="+googletest.DefaultClientID, "INTERNO_GOOGLE_JWKS_URL="+iss.JWKSURL())
}

func TestGoogleSignInDisabledWithoutClientID(t *testing.T) {
	s := start(t, "sqlite")
	r := s.must(403, "POST", "/api/auth/google", "", map[string]any{"credential": "x.y.z"}).JSON()
	if r["reason"] != "google_signin_disabled" {
		t.Fatalf("%v", r)
	}
}
