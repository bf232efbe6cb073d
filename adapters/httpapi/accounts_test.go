package httpapi

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/identity"
)

func TestAccounts_RegisterAndLogin(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		t.Run("Register", func(t *testing.T) {
			r := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{
				"email": "Anna@Example.com", "password": "password123", "name": "Anna", "lead_id": "",
				"questionnaire_answers": `["Luce naturale"]`, "style_analysis": map[string]any{"dominant_style": "C"}}}, 201).JSON(t)
			if r["access_token"] == "" || r["id"] == nil || r["email"] != "anna@example.com" || r["role"] != "user" || r["is_admin"] != false {
				t.Fatalf("%v", r)
			}
		})
		t.Run("RegisterDuplicateIs409AlreadyExists", func(t *testing.T) {
			r := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{
				"email": "anna@example.com", "password": "password123", "name": "Anna"}}, 409).JSON(t)
			if !strings.Contains(r["detail"].(string), "already exists") || r["reason"] != "email_taken" {
				t.Fatalf("%v", r)
			}
		})
		t.Run("RegisterValidation", func(t *testing.T) {
			r := env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{
				"email": "nope", "password": "short", "name": ""}}, 422).JSON(t)
			list, ok := r["detail"].([]any)
			if !ok || len(list) != 3 {
				t.Fatalf("want three field errors, got %v", r["detail"])
			}
			env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{
				"email": "x@example.com", "password": "password123", "name": "X", "lead_id": "abc"}}, 422)
			env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{
				"email": "x@example.com", "password": "password123", "name": "X", "questionnaire_answers": "{not json"}}, 422)
		})
		t.Run("Login", func(t *testing.T) {
			r := env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{
				"email": "anna@example.com", "password": "password123", "remember_me": true}}, 200).JSON(t)
			exp, err := time.Parse(time.RFC3339, r["expires_at"].(string))
			if err != nil || exp.Sub(env.clock.Now()) < 29*24*time.Hour {
				t.Fatalf("remember_me token expires %v (%v)", exp, err)
			}
			if r["token_type"] != "bearer" || r["is_designer"] != false || r["user_id"] == nil {
				t.Fatalf("%v", r)
			}
		})
		t.Run("BadCredentials", func(t *testing.T) {
			wrong := env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "anna@example.com", "password": "nope-nope"}}, 401).JSON(t)
			unknown := env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "ghost@example.com", "password": "nope-nope"}}, 401).JSON(t)
			if wrong["detail"] != unknown["detail"] || !strings.Contains(strings.ToLower(wrong["detail"].(string)), "invalid credentials") {
				t.Fatalf("%v / %v", wrong, unknown)
			}
		})
		t.Run("LegacyTokenForm", func(t *testing.T) {
			form := url.Values{"username": {"anna@example.com"}, "password": {"password123"}}
			hr := httptest.NewRequest("POST", "/api/auth/token", strings.NewReader(form.Encode()))
			hr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			env.srv.Handler().ServeHTTP(w, hr)
			if w.Code != 200 || !strings.Contains(w.Body.String(), `"token_type":"bearer"`) {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
		})
		t.Run("GoogleNotConfigured", func(t *testing.T) {
			env.expect(req{method: "POST", path: "/api/auth/google", body: map[string]any{"credential": "x.y.z"}}, 403)
		})
	})
}

func TestAccounts_Me(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		anna, annaID := env.account("anna@example.com")
		bruno, _ := env.account("bruno@example.com")
		t.Run("AnonymousAndBadTokens401", func(t *testing.T) {
			for _, tok := range []string{"", "garbage", anna[:len(anna)-3] + "abc"} {
				env.expect(req{method: "GET", path: "/api/users/me", token: tok}, 401)
			}
			env.expect(req{method: "PUT", path: "/api/users/me", body: map[string]any{"name": "X"}}, 401)
			env.expect(req{method: "DELETE", path: "/api/users/me"}, 401)
		})
		t.Run("OnlyOwnData", func(t *testing.T) {
			me := env.expect(req{method: "GET", path: "/api/users/me", token: anna}, 200).JSON(t)
			u := me["user"].(map[string]any)
			if u["email"] != "anna@example.com" || int64(u["id"].(float64)) != annaID || me["designer"] != nil {
				t.Fatalf("%v", me)
			}
			if _, leaked := u["password_hash"]; leaked {
				t.Fatal("password hash in profile")
			}
			other := env.expect(req{method: "GET", path: "/api/users/me", token: bruno}, 200).JSON(t)
			if other["user"].(map[string]any)["email"] != "bruno@example.com" {
				t.Fatal("wrong account")
			}
		})
		t.Run("EveryRoleSeesAndEditsOnlyItself", func(t *testing.T) {
			designer, designerID := env.withRole("dora@example.com", identity.RoleDesigner)
			admin, adminID := env.withRole("ada@example.com", identity.RoleAdmin)
			for _, c := range []struct {
				token, email, role string
				id                 int64
			}{{designer, "dora@example.com", "designer", designerID}, {admin, "ada@example.com", "admin", adminID}} {
				u := env.expect(req{method: "GET", path: "/api/users/me", token: c.token}, 200).JSON(t)["user"].(map[string]any)
				if u["email"] != c.email || u["role"] != c.role || int64(u["id"].(float64)) != c.id {
					t.Fatalf("%s sees %v", c.role, u)
				}
				edited := env.expect(req{method: "PUT", path: "/api/users/me", token: c.token, body: map[string]any{"location": "Bari"}}, 200).JSON(t)
				if edited["user"].(map[string]any)["email"] != c.email {
					t.Fatalf("%s edited another account: %v", c.role, edited)
				}
			}
			// Nobody else's edit reached Anna.
			if u := env.expect(req{method: "GET", path: "/api/users/me", token: anna}, 200).JSON(t)["user"].(map[string]any); u["location"] == "Bari" {
				t.Fatalf("anna changed by another caller: %v", u)
			}
		})
		t.Run("UpdateJSON", func(t *testing.T) {
			r := env.expect(req{method: "PUT", path: "/api/users/me", token: anna, body: map[string]any{"name": " Anna Rossi ", "location": "Torino"}}, 200).JSON(t)
			if u := r["user"].(map[string]any); u["name"] != "Anna Rossi" || u["location"] != "Torino" {
				t.Fatalf("%v", u)
			}
			env.expect(req{method: "PUT", path: "/api/users/me", token: anna, body: map[string]any{"email": "BRUNO@example.com"}}, 409)
			env.expect(req{method: "PUT", path: "/api/users/me", token: anna, body: map[string]any{"email": "not-an-email"}}, 422)
			env.expect(req{method: "PUT", path: "/api/users/me", token: anna, body: map[string]any{"name": ""}}, 422)
		})
		t.Run("UpdateMultipartWithPicture", func(t *testing.T) {
			send := func(fields map[string]string, pic []byte) resp {
				var buf bytes.Buffer
				mw := multipart.NewWriter(&buf)
				for k, v := range fields {
					_ = mw.WriteField(k, v)
				}
				if pic != nil {
					fw, _ := mw.CreateFormFile("profile_picture", "photo.png")
					_, _ = fw.Write(pic)
				}
				_ = mw.Close()
				return env.do(req{method: "PUT", path: "/api/users/me", token: anna, body: buf.Bytes(),
					header: map[string]string{"Content-Type": mw.FormDataContentType()}})
			}
			ok := send(map[string]string{"name": "Anna", "email": "anna@example.com", "location": ""}, []byte("\x89PNG\r\n\x1a\n...."))
			if ok.Code != 200 || !strings.HasPrefix(ok.JSON(t)["user"].(map[string]any)["profile_picture"].(string), "/api/uploads/profile_pictures/") {
				t.Fatalf("%d %s", ok.Code, ok.Body)
			}
			if r := send(nil, []byte("<svg onload=alert(1)>")); r.Code != 415 {
				t.Fatalf("svg: %d", r.Code)
			}
			big := append([]byte("\xFF\xD8\xFF"), make([]byte, identity.MaxProfilePictureBytes)...)
			if r := send(nil, big); r.Code != 413 {
				t.Fatalf("big: %d %s", r.Code, r.Body)
			}
		})
		t.Run("DeleteEndsAccess", func(t *testing.T) {
			env.expect(req{method: "DELETE", path: "/api/users/me", token: bruno}, 200)
			env.expect(req{method: "GET", path: "/api/users/me", token: bruno}, 401)
			env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "bruno@example.com", "password": "password123"}}, 401)
		})
	})
}

func TestAccounts_PasswordReset(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		old, _ := env.account("anna@example.com")
		known := env.expect(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "anna@example.com"}}, 200)
		unknown := env.expect(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "ghost@example.com"}}, 200)
		if string(known.Body) != string(unknown.Body) {
			t.Fatalf("answers differ: %s / %s", known.Body, unknown.Body)
		}
		msgs := env.dueMail("anna@example.com")
		if len(msgs) != 1 || len(env.dueMail("ghost@example.com")) != 0 {
			t.Fatalf("queued %d mails", len(msgs))
		}
		m := msgs[0]
		if !strings.Contains(m.HTML, "http://interno.test/reset-password?token=") || !strings.Contains(m.Text, "Reimposta") {
			t.Fatalf("mail: %s", m.Text)
		}
		i := strings.Index(m.Text, "http://interno.test/reset-password?token=")
		link, _ := url.Parse(strings.Fields(m.Text[i:])[0])
		token := link.Query().Get("token")
		env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "short"}}, 422)
		env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "brand-new-pass"}}, 200)
		env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "another-pass"}}, 400)
		env.expect(req{method: "GET", path: "/api/users/me", token: old}, 401)
		env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "anna@example.com", "password": "brand-new-pass"}}, 200)
	})
}

// resetTokenOf requests a reset for addr and returns the token of the link
// in the newest e-mail to it.
func (e *testEnv) resetTokenOf(addr string) string {
	e.t.Helper()
	e.expect(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": addr}}, 200)
	msgs := e.dueMail(addr)
	if len(msgs) == 0 {
		e.t.Fatalf("no reset e-mail to %s", addr)
	}
	text := msgs[len(msgs)-1].Text
	i := strings.Index(text, "http://interno.test/reset-password?token=")
	if i < 0 {
		e.t.Fatalf("no reset link in %q", text)
	}
	link, err := url.Parse(strings.Fields(text[i:])[0])
	if err != nil {
		e.t.Fatal(err)
	}
	return link.Query().Get("token")
}

func TestAccounts_ResetTokenCheck(t *testing.T) {
	const path = "/api/auth/reset-password/check"
	invalid := `{"detail":"Invalid or expired reset token","reason":"reset_token_invalid"}`
	each(t, func(t *testing.T, env *testEnv) {
		customer, _ := env.account("bruno@example.com")
		designer, _ := env.withRole("dora@example.com", identity.RoleDesigner)
		admin, _ := env.withRole("ada@example.com", identity.RoleAdmin)
		env.account("anna@example.com")
		t.Run("EveryCallerGetsTheSameAnswerAndNothingIsUsed", func(t *testing.T) {
			token := env.resetTokenOf("anna@example.com")
			body := map[string]any{"token": token}
			// A stale session's token is no reason to refuse: the route is public.
			for _, who := range []string{"", customer, designer, admin, "not-a-session"} {
				got := env.expect(req{method: "POST", path: path, token: who, body: body}, 200)
				if string(got.Body) != `{"email":"anna@example.com"}` {
					t.Fatalf("caller %q: %s", who, got.Body)
				}
			}
			env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "brand-new-pass"}}, 200)
			env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "anna@example.com", "password": "brand-new-pass"}}, 200)
			for _, who := range []string{"", customer, admin} {
				if got := env.expect(req{method: "POST", path: path, token: who, body: body}, 400); string(got.Body) != invalid {
					t.Fatalf("used token, caller %q: %s", who, got.Body)
				}
			}
		})
		t.Run("UnknownAndExpiredTokens", func(t *testing.T) {
			token := env.resetTokenOf("anna@example.com")
			for _, tok := range []string{"never-issued", token + "x", strings.Repeat("a", 200_000)} {
				if got := env.expect(req{method: "POST", path: path, body: map[string]any{"token": tok}}, 400); string(got.Body) != invalid {
					t.Fatalf("%.20q: %s", tok, got.Body)
				}
			}
			env.clock.Advance(identity.ResetTokenLifetime - time.Second)
			env.expect(req{method: "POST", path: path, body: map[string]any{"token": token}}, 200)
			env.clock.Advance(time.Second)
			if got := env.expect(req{method: "POST", path: path, body: map[string]any{"token": token}}, 400); string(got.Body) != invalid {
				t.Fatalf("expired: %s", got.Body)
			}
		})
		t.Run("ALinkSentToAnOldAddressStopsWorking", func(t *testing.T) {
			carla, _ := env.account("carla@example.com")
			token := env.resetTokenOf("carla@example.com")
			env.expect(req{method: "PUT", path: "/api/users/me", token: carla, body: map[string]any{"email": "carla.nuova@example.com"}}, 200)
			if got := env.expect(req{method: "POST", path: path, body: map[string]any{"token": token}}, 400); string(got.Body) != invalid {
				t.Fatalf("check after the address changed: %s", got.Body)
			}
			env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "brand-new-pass"}}, 400)
		})
		t.Run("BadInputIsRefusedWithAReason", func(t *testing.T) {
			for _, c := range []struct {
				name   string
				body   any
				status int
				detail string
			}{
				{"NoToken", `{}`, 422, "Reset token is required"},
				{"BlankToken", `{"token":"   "}`, 422, "Reset token is required"},
				{"NullToken", `{"token":null}`, 422, "Reset token is required"},
				{"NumberToken", `{"token":42}`, 422, "Wrong type for token: expected string"},
				{"ListToken", `{"token":["a"]}`, 422, "Wrong type for token: expected string"},
				{"NotAnObject", `"token"`, 422, "Wrong type for body"},
				{"Malformed", `{"token":`, 422, "Malformed JSON body"},
				{"Empty", []byte{}, 422, "Request body is empty; JSON expected"},
				{"NUL", "{\"token\":\"abc\\u0000def\"}", 422, "control character"},
				{"ControlCharacter", "{\"token\":\"abc\\u0007def\"}", 422, "control character"},
				{"RawNUL", "{\"token\":\"abc\x00def\"}", 422, "control character"},
				{"LineBreak", "{\"token\":\"abc\\ndef\"}", 422, "single line"},
				{"BodyOverTheLimit", `{"token":"` + strings.Repeat("a", DefaultBodyLimit) + `"}`, 413, "Request body too large"},
			} {
				t.Run(c.name, func(t *testing.T) {
					got := env.expect(req{method: "POST", path: path, body: c.body, header: map[string]string{"Content-Type": "application/json"}}, c.status)
					if !strings.Contains(string(got.Body), c.detail) {
						t.Fatalf("%s", got.Body)
					}
				})
			}
		})
	})
}

func TestAccounts_ResetTokenCheckIsThrottledWithTheReset(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(c *Config, _ *Deps) {
		c.RateLimits = RateLimits{AuthPerIP: Rate{Burst: 2, Every: time.Minute}, AuthPerEmail: Rate{Burst: 5, Every: time.Hour}}
	})
	for i := 0; i < 2; i++ {
		env.expect(req{method: "POST", path: "/api/auth/reset-password/check", body: map[string]any{"token": "guess"}}, 400)
	}
	last := env.expect(req{method: "POST", path: "/api/auth/reset-password/check", body: map[string]any{"token": "guess"}}, 429)
	if last.Header.Get("Retry-After") == "" {
		t.Fatalf("no Retry-After: %v", last.Header)
	}
	// One budget for both: the reset itself is refused too, until the window passes.
	env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": "guess", "new_password": "password123"}}, 429)
	env.clock.Advance(time.Minute)
	env.expect(req{method: "POST", path: "/api/auth/reset-password/check", body: map[string]any{"token": "guess"}}, 400)
}

func TestAccounts_Throttling(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(c *Config, _ *Deps) {
		c.RateLimits = RateLimits{AuthPerIP: Rate{Burst: 4, Every: time.Minute}, AuthPerEmail: Rate{Burst: 1, Every: time.Hour}}
	})
	env.account("anna@example.com")
	t.Run("ResetMailsPerAddressAreLimitedSilently", func(t *testing.T) {
		first := env.expect(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "anna@example.com"}}, 200)
		again := env.expect(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "anna@example.com"}}, 200)
		if string(first.Body) != string(again.Body) {
			t.Fatalf("answers differ: %s / %s", first.Body, again.Body)
		}
		var n int64
		if err := env.db.SQL().QueryRow("SELECT COUNT(*) FROM email_jobs WHERE kind = 'password_reset'").Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d reset e-mails queued (%v), want 1", n, err)
		}
	})
	t.Run("PerAddress", func(t *testing.T) {
		var last resp
		for i := 0; i < 3; i++ {
			last = env.do(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "x" + string(rune('a'+i)) + "@example.com", "password": "password123", "name": "X"}})
		}
		if last.Code != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" || !strings.Contains(last.JSON(t)["detail"].(string), "retry") {
			t.Fatalf("%d %v %s", last.Code, last.Header, last.Body)
		}
		env.clock.Advance(2 * time.Minute)
		env.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{"email": "later@example.com", "password": "password123", "name": "X"}}, 201)
	})
}

func TestParseRateLimits(t *testing.T) {
	if rl, err := ParseRateLimits("off"); err != nil || !rl.Off {
		t.Fatal("off")
	}
	if rl, err := ParseRateLimits("auth_ip=5/1s,auth_email=2/1m"); err != nil || rl.AuthPerIP.Burst != 5 || rl.AuthPerEmail.Every != time.Minute {
		t.Fatalf("%+v %v", rl, err)
	}
	rl, err := ParseRateLimits("designer_ip=2/1h, share_target=off")
	if err != nil || rl.DesignerPerIP != (Rate{Burst: 2, Every: time.Hour}) || !rl.SharePerTarget.Off() || rl.MatchPerIP != DefaultRateLimits.MatchPerIP {
		t.Fatalf("%+v %v", rl, err)
	}
	for _, bad := range []string{"auth_ip=x/1s", "auth_ip=5", "nope=1/1s", "auth_email=1/-1s"} {
		if _, err := ParseRateLimits(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
