package httpapi

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/adapters/webpush"
	"interno/core/identity"
	"interno/core/push"
)

// eachPush runs fn on both engines with the push routes wired as the app
// wires them; the address guard is strict (no loopback), as in production.
func eachPush(t *testing.T, fn func(t *testing.T, env *testEnv)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		fn(t, newEnv(t, db, func(_ *Config, d *Deps) {
			repo := store.NewPushRepo(db)
			svc := push.NewService(push.Config{PublicKey: "BPublicKeyForTests"}, push.Deps{Repo: repo, Queue: repo,
				Endpoints: webpush.Guard{}, Tx: db})
			d.Push = svc
			d.Identity.OnSessionsEnded(svc.ForgetDevices)
		}))
	})
}

// browserSubscription is a PushSubscription JSON with fresh keys on an IP
// literal (no DNS involved), public by the guard's rules; nothing is ever
// sent to it in these tests.
func browserSubscription(t *testing.T, path string) map[string]any {
	t.Helper()
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return map[string]any{"endpoint": "https://142.250.180.10/fcm/send/" + path, "expirationTime": nil,
		"keys": map[string]any{"p256dh": base64.RawURLEncoding.EncodeToString(k.PublicKey().Bytes()), "auth": base64.RawURLEncoding.EncodeToString(auth)}}
}

func (e *testEnv) devices(token string) []any {
	e.t.Helper()
	return e.expect(req{method: "GET", path: "/api/push/subscriptions", token: token}, http.StatusOK).JSON(e.t)["subscriptions"].([]any)
}

// TestPush_WhoMayCall: the key is public; everything else is the caller's
// own: nobody registers for, lists, or deletes another account's devices,
// nor reads or changes its preferences.
func TestPush_WhoMayCall(t *testing.T) {
	eachPush(t, func(t *testing.T, env *testEnv) {
		anna, _ := env.account("anna@example.com")
		bruno, _ := env.account("bruno@example.com")
		sofia, _ := env.withRole("sofia@example.com", identity.RoleDesigner)
		bea, _ := env.withRole("bea@example.com", identity.RoleDesigner)
		admin, _ := env.withRole("admin@example.com", identity.RoleAdmin)
		callers := map[string]string{"customer": anna, "another customer": bruno, "designer": sofia, "another designer": bea, "admin": admin}

		for name, tok := range map[string]string{"anonymous": "", "customer": anna, "admin": admin} {
			if k := env.expect(req{method: "GET", path: "/api/push/key", token: tok}, http.StatusOK).JSON(t); k["public_key"] != "BPublicKeyForTests" {
				t.Fatalf("%s: %v", name, k)
			}
		}
		mine := map[string]map[string]any{}
		ids := map[string]int64{}
		for name, tok := range callers {
			sub := browserSubscription(t, strings.ReplaceAll(name, " ", "-"))
			d := env.expect(req{method: "POST", path: "/api/push/subscriptions", token: tok, body: sub}, http.StatusCreated).JSON(t)
			if d["endpoint"] != sub["endpoint"] || fmt.Sprint(d["kinds"]) != "[messages appointments reminders]" {
				t.Fatalf("%s: %v", name, d)
			}
			mine[name], ids[name] = sub, int64(d["id"].(float64))
		}
		for name, tok := range callers {
			list := env.devices(tok)
			if len(list) != 1 || list[0].(map[string]any)["endpoint"] != mine[name]["endpoint"] {
				t.Fatalf("%s sees %v", name, list)
			}
			for other := range callers {
				if other == name {
					continue
				}
				env.expect(req{method: "DELETE", path: "/api/push/subscriptions", token: tok, body: map[string]any{"endpoint": mine[other]["endpoint"]}}, http.StatusNotFound)
				env.expect(req{method: "DELETE", path: fmt.Sprintf("/api/push/subscriptions/%d", ids[other]), token: tok}, http.StatusNotFound)
			}
		}
		for name, tok := range callers {
			if list := env.devices(tok); len(list) != 1 {
				t.Fatalf("%s lost a device to another account: %v", name, list)
			}
		}

		// Preferences are per account.
		env.expect(req{method: "PUT", path: "/api/push/preferences", token: anna, body: map[string]any{"messages": false, "appointments": true, "reminders": false}}, http.StatusOK)
		for name, tok := range callers {
			p := env.expect(req{method: "GET", path: "/api/push/preferences", token: tok}, http.StatusOK).JSON(t)
			if want := name != "customer"; p["messages"] != want || p["reminders"] != want || p["appointments"] != true {
				t.Fatalf("%s: %v", name, p)
			}
		}

		// Anonymous callers get 401 everywhere but the key.
		for _, r := range []req{
			{method: "POST", path: "/api/push/subscriptions", body: browserSubscription(t, "anon")},
			{method: "GET", path: "/api/push/subscriptions"},
			{method: "DELETE", path: "/api/push/subscriptions", body: map[string]any{"endpoint": mine["customer"]["endpoint"]}},
			{method: "DELETE", path: fmt.Sprintf("/api/push/subscriptions/%d", ids["customer"])},
			{method: "GET", path: "/api/push/preferences"},
			{method: "PUT", path: "/api/push/preferences", body: map[string]any{"messages": true, "appointments": true, "reminders": true}},
		} {
			env.expect(r, http.StatusUnauthorized)
		}

		// The owner deletes by endpoint (logout) and by id (the list).
		env.expect(req{method: "DELETE", path: "/api/push/subscriptions", token: anna, body: map[string]any{"endpoint": mine["customer"]["endpoint"]}}, http.StatusNoContent)
		env.expect(req{method: "DELETE", path: fmt.Sprintf("/api/push/subscriptions/%d", ids["designer"]), token: sofia}, http.StatusNoContent)
		if len(env.devices(anna)) != 0 || len(env.devices(sofia)) != 0 || len(env.devices(bruno)) != 1 {
			t.Fatal("deletion")
		}

		// The same endpoint from another account moves to the caller (a shared browser profile).
		env.expect(req{method: "POST", path: "/api/push/subscriptions", token: anna, body: mine["another customer"]}, http.StatusCreated)
		if len(env.devices(anna)) != 1 || len(env.devices(bruno)) != 0 {
			t.Fatal("an endpoint registered again by another account did not move to it")
		}
	})
}

// TestPush_BadInput: malformed subscriptions, foreign schemes, loopback,
// private and link-local hosts, oversized keys get a clear 422 (never a 500)
// and store nothing.
func TestPush_BadInput(t *testing.T) {
	eachPush(t, func(t *testing.T, env *testEnv) {
		anna, _ := env.account("anna@example.com")
		good := browserSubscription(t, "ok")
		keys := good["keys"].(map[string]any)
		with := func(endpoint string, k map[string]any, extra ...any) map[string]any {
			m := map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": k}
			for i := 0; i+1 < len(extra); i += 2 {
				m[extra[i].(string)] = extra[i+1]
			}
			return m
		}
		ep := good["endpoint"].(string)
		long := strings.Repeat("A", 400)
		for name, c := range map[string]struct {
			body   any
			reason string
		}{
			"not JSON":           {`{"endpoint":`, ""},
			"endpoint a number":  {`{"endpoint": 5, "keys": {"p256dh": "x", "auth": "y"}}`, ""},
			"keys a string":      {`{"endpoint": "https://142.250.180.10/x", "keys": "secret"}`, ""},
			"no endpoint":        {with("", keys), "invalid_subscription"},
			"no keys":            {map[string]any{"endpoint": ep}, "invalid_subscription"},
			"ftp":                {with("ftp://142.250.180.10/x", keys), "invalid_subscription"},
			"javascript":         {with("javascript:alert(1)", keys), "invalid_subscription"},
			"plain http":         {with("http://142.250.180.10/x", keys), "invalid_subscription"},
			"other port":         {with("https://142.250.180.10:8443/x", keys), "invalid_subscription"},
			"loopback":           {with("https://127.0.0.1/x", keys), "endpoint_not_allowed"},
			"localhost":          {with("https://localhost/x", keys), "endpoint_not_allowed"},
			"ipv6 loopback":      {with("https://[::1]/x", keys), "endpoint_not_allowed"},
			"private":            {with("https://10.0.0.8/x", keys), "endpoint_not_allowed"},
			"private 192":        {with("https://192.168.1.1/x", keys), "endpoint_not_allowed"},
			"link-local":         {with("https://169.254.169.254/latest/meta-data", keys), "endpoint_not_allowed"},
			"ipv6 link-local":    {with("https://[fe80::1]/x", keys), "endpoint_not_allowed"},
			"mapped private":     {with("https://[::ffff:10.0.0.1]/x", keys), "endpoint_not_allowed"},
			"huge endpoint":      {with("https://142.250.180.10/"+strings.Repeat("a", 3000), keys), "invalid_subscription"},
			"oversized p256dh":   {with(ep, map[string]any{"p256dh": long, "auth": keys["auth"]}), "invalid_subscription"},
			"oversized auth":     {with(ep, map[string]any{"p256dh": keys["p256dh"], "auth": long}), "invalid_subscription"},
			"p256dh not a point": {with(ep, map[string]any{"p256dh": base64.RawURLEncoding.EncodeToString(make([]byte, 65)), "auth": keys["auth"]}), "invalid_subscription"},
			"expired":            {with(ep, keys, "expirationTime", 1000), "invalid_subscription"},
			"unknown kind":       {with(ep, keys, "kinds", []string{"spam"}), "invalid_subscription"},
			"no kinds":           {with(ep, keys, "kinds", []string{}), "invalid_subscription"},
		} {
			t.Run(name, func(t *testing.T) {
				r := env.expect(req{method: "POST", path: "/api/push/subscriptions", token: anna, body: c.body}, http.StatusUnprocessableEntity)
				m := r.JSON(t)
				if m["detail"] == nil || (c.reason != "" && m["reason"] != c.reason) {
					t.Fatalf("%v", m)
				}
			})
		}
		if list := env.devices(anna); len(list) != 0 {
			t.Fatalf("bad input stored %v", list)
		}
		for name, r := range map[string]req{
			"delete without endpoint":   {method: "DELETE", path: "/api/push/subscriptions", token: anna, body: map[string]any{}},
			"delete with a number":      {method: "DELETE", path: "/api/push/subscriptions", token: anna, body: `{"endpoint": 7}`},
			"delete a bad id":           {method: "DELETE", path: "/api/push/subscriptions/abc", token: anna},
			"preferences missing one":   {method: "PUT", path: "/api/push/preferences", token: anna, body: map[string]any{"messages": true, "appointments": true}},
			"preferences not a boolean": {method: "PUT", path: "/api/push/preferences", token: anna, body: map[string]any{"messages": "sì", "appointments": true, "reminders": true}},
		} {
			if m := env.expect(r, http.StatusUnprocessableEntity).JSON(t); m["detail"] == nil {
				t.Fatalf("%s: %v", name, m)
			}
		}
		if p := env.expect(req{method: "GET", path: "/api/push/preferences", token: anna}, http.StatusOK).JSON(t); p["messages"] != true || p["reminders"] != true {
			t.Fatalf("a refused PUT changed the preferences: %v", p)
		}
	})
}

// TestPush_RegistrationIsThrottledPerAccount: each registration resolves a
// host, so an account gets 10 at once and then one a minute; another account
// is not affected.
func TestPush_RegistrationIsThrottledPerAccount(t *testing.T) {
	db := storetest.Open(t, store.SQLite, storetest.Options{})
	env := newEnv(t, db, func(c *Config, d *Deps) {
		c.RateLimits = DefaultRateLimits
		repo := store.NewPushRepo(db)
		d.Push = push.NewService(push.Config{PublicKey: "k"}, push.Deps{Repo: repo, Queue: repo, Endpoints: webpush.Guard{}, Tx: db})
	})
	anna, _ := env.account("anna@example.com")
	bruno, _ := env.account("bruno@example.com")
	for i := 0; i < DefaultRateLimits.PushPerAccount.Burst; i++ {
		env.expect(req{method: "POST", path: "/api/push/subscriptions", token: anna, body: browserSubscription(t, fmt.Sprint(i))}, http.StatusCreated)
	}
	r := env.expect(req{method: "POST", path: "/api/push/subscriptions", token: anna, body: browserSubscription(t, "one-more")}, http.StatusTooManyRequests)
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	env.expect(req{method: "POST", path: "/api/push/subscriptions", token: bruno, body: browserSubscription(t, "bruno")}, http.StatusCreated)
}

// TestPush_SessionsEndedDropDevices: logout everywhere and a password reset end
// every session of the account, and its push devices with them (a phone no
// longer signed in must not keep showing the account's notifications); a plain
// logout and other accounts keep theirs.
func TestPush_SessionsEndedDropDevices(t *testing.T) {
	login := func(env *testEnv, addr, password string) string {
		return env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": addr, "password": password}},
			http.StatusOK).JSON(env.t)["access_token"].(string)
	}
	register := func(env *testEnv, token string, n int) {
		for i := 0; i < n; i++ {
			env.expect(req{method: "POST", path: "/api/push/subscriptions", token: token, body: browserSubscription(env.t, fmt.Sprint(token[len(token)-8:], i))}, http.StatusCreated)
		}
	}
	t.Run("LogoutAll", func(t *testing.T) {
		eachPush(t, func(t *testing.T, env *testEnv) {
			anna, _ := env.account("anna@example.com")
			phone := login(env, "anna@example.com", "password123")
			sofia, _ := env.withRole("sofia@example.com", identity.RoleDesigner)
			register(env, anna, 1)
			register(env, phone, 1)
			register(env, sofia, 1)
			// A plain logout ends one session and leaves the devices (the web deletes its own first).
			env.expect(req{method: "POST", path: "/api/auth/logout", token: phone}, http.StatusNoContent)
			if n := len(env.devices(anna)); n != 2 {
				t.Fatalf("a plain logout changed the devices: %d", n)
			}
			env.expect(req{method: "POST", path: "/api/auth/logout-all", token: anna}, http.StatusNoContent)
			again := login(env, "anna@example.com", "password123")
			if l := env.devices(again); len(l) != 0 {
				t.Fatalf("devices survived logout everywhere: %v", l)
			}
			if l := env.devices(sofia); len(l) != 1 {
				t.Fatalf("another account lost its device: %v", l)
			}
			// Signed in again, a device registers as before.
			register(env, again, 1)
		})
	})
	t.Run("PasswordReset", func(t *testing.T) {
		eachPush(t, func(t *testing.T, env *testEnv) {
			anna, _ := env.account("anna@example.com")
			bruno, _ := env.account("bruno@example.com")
			register(env, anna, 2)
			register(env, bruno, 1)
			env.expect(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "anna@example.com"}}, http.StatusOK)
			msgs := env.dueMail("anna@example.com")
			if len(msgs) != 1 {
				t.Fatalf("%d reset mails", len(msgs))
			}
			i := strings.Index(msgs[0].Text, "token=")
			token, _ := url.QueryUnescape(strings.Fields(msgs[0].Text[i+len("token="):])[0])
			// A refused reset leaves everything as it was.
			env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "short"}}, http.StatusUnprocessableEntity)
			if n := len(env.devices(anna)); n != 2 {
				t.Fatalf("a refused reset changed the devices: %d", n)
			}
			env.expect(req{method: "POST", path: "/api/auth/reset-password", body: map[string]any{"token": token, "new_password": "brand-new-pass"}}, http.StatusOK)
			if l := env.devices(login(env, "anna@example.com", "brand-new-pass")); len(l) != 0 {
				t.Fatalf("devices survived the reset: %v", l)
			}
			if l := env.devices(bruno); len(l) != 1 {
				t.Fatalf("another account lost its device: %v", l)
			}
		})
	})
}
