package api_test

import (
	"net/url"
	"strings"
	"testing"
)

func TestAccounts(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		t.Run("WhoMayReadAndEditTheProfile", func(t *testing.T) {
			s.must(401, "GET", "/api/users/me", "", nil)
			s.must(401, "GET", "/api/users/me", "not.a.token", nil)
			me := s.must(200, "GET", "/api/users/me", anna, nil).JSON()["user"].(map[string]any)
			if me["email"] != "anna@example.com" {
				t.Fatalf("%v", me)
			}
			s.must(200, "PUT", "/api/users/me", bruno, map[string]any{"location": "Bari"})
			if s.must(200, "GET", "/api/users/me", anna, nil).JSON()["user"].(map[string]any)["location"] != "" {
				t.Fatal("one customer's edit reached another")
			}
			s.must(409, "PUT", "/api/users/me", anna, map[string]any{"email": "bruno@example.com"})
		})
		t.Run("BadCredentialsLookTheSame", func(t *testing.T) {
			a := s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "wrong-one"}).JSON()
			b := s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": "nobody@example.com", "password": "wrong-one"}).JSON()
			if a["detail"] != b["detail"] {
				t.Fatalf("%v / %v", a, b)
			}
		})
		t.Run("PasswordResetByEmail", func(t *testing.T) {
			s.must(200, "POST", "/api/auth/request-password-reset", "", map[string]any{"email": "anna@example.com"})
			m := s.mailTo("anna@example.com")
			i := strings.Index(m.Text, s.URL+"/reset-password?token=")
			if i < 0 || !strings.Contains(m.HTML, "/reset-password?token=") {
				t.Fatalf("no reset link in %q", m.Text)
			}
			link, _ := url.Parse(strings.Fields(m.Text[i:])[0])
			s.must(200, "POST", "/api/auth/reset-password", "", map[string]any{"token": link.Query().Get("token"), "new_password": "nuova-password"})
			s.must(401, "GET", "/api/users/me", anna, nil)
			anna = s.login("anna@example.com", "nuova-password")
			s.must(400, "POST", "/api/auth/reset-password", "", map[string]any{"token": link.Query().Get("token"), "new_password": "ancora-nuova"})
		})
		t.Run("AdminCreateCommand", func(t *testing.T) {
			out, err := s.cli("admin", "create", "--email", "boss@example.com", "--name", "Boss", "--password", "admin-pass-1")
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			login := s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "boss@example.com", "password": "admin-pass-1"}).JSON()
			if login["is_admin"] != true || login["role"] != "admin" {
				t.Fatalf("%v", login)
			}
			if out, err := s.cli("admin", "create", "--email", "boss@example.com", "--name", "Boss", "--password", "admin-pass-1"); err == nil {
				t.Fatalf("duplicate admin accepted: %s", out)
			}
			if out, err := s.cli("admin", "create", "--email", "x@example.com", "--name", "X", "--password", "short"); err == nil {
				t.Fatalf("weak password accepted: %s", out)
			}
		})
		t.Run("DeletedAccountLosesAccessAtOnce", func(t *testing.T) {
			s.must(200, "DELETE", "/api/users/me", bruno, nil)
			s.must(401, "GET", "/api/users/me", bruno, nil)
		})
	})
}

func TestAccounts_BruteForceIsThrottled(t *testing.T) {
	s := start(t, "sqlite", "INTERNO_RATE_LIMITS=auth_ip=100/1s,auth_email=5/10m")
	s.register("anna@example.com")
	var last reply
	for i := 0; i < 8; i++ {
		last = s.call("POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "guess-guess"})
	}
	if last.Status != 429 || last.Header.Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q", last.Status, last.Header.Get("Retry-After"))
	}
	// Reset e-mails per address are limited without a different answer.
	for i := 0; i < 8; i++ {
		s.must(200, "POST", "/api/auth/request-password-reset", "", map[string]any{"email": "anna@example.com"})
	}
}
