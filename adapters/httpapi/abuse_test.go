package httpapi

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func TestScanJSON(t *testing.T) {
	for _, c := range []struct {
		body, field string
		refused     bool
	}{
		{`{"name":"Anna","bio":"Riga\nriga\tdue\r\n"}`, "", false},
		{`{"name":"An\u0000na"}`, "name", true},
		{`{"name":"An\nna"}`, "name", true},
		{`{"name":"An\tna"}`, "name", true},
		{`{"name":"An\u000ana"}`, "name", true},
		{`{"bio":"ok\u000aok","city":"x"}`, "", false},
		{`{"bio":"\b"}`, "bio", true},
		{`{"bio":"\f"}`, "bio", true},
		{`{"bio":"\u007f"}`, "bio", true},
		{`{"bio":"\u0085"}`, "bio", true},
		{"{\"bio\":\"\xc2\x85\"}", "bio", true},
		{"{\"bio\":\"\x7f\"}", "bio", true},
		{`{"name":"\\u0000 is how you write NUL"}`, "", false},
		{`{"name":"quote \" then \u0000"}`, "name", true},
		{`{"slots":[{"day":1,"start_time":"08:00\u0000"}]}`, "start_time", true},
		{`{"answers":{"0\u0000":"x"}}`, "answers", true},
		{`{"a\u0001":1}`, `a\u0001`, true},
		{`{"message":"ciao","client_id":"c\u0000"}`, "client_id", true},
		{`["\u0000"]`, "", true},
		{`{"name":"Élodie ☀️ 東京"}`, "", false},
		{`{"x":"unterminated \u00`, "", false},
		{`}}]]"\u0000`, "", true},
		{``, "", false},
	} {
		field, bad := scanJSON([]byte(c.body))
		if (bad != "") != c.refused || field != c.field {
			t.Errorf("%s: field %q, reason %q; want field %q, refused %v", c.body, field, bad, c.field, c.refused)
		}
	}
}

func TestCheckText(t *testing.T) {
	for _, c := range []struct {
		s         string
		multiLine bool
		ok        bool
	}{
		{"Roma", false, true}, {"a\x00", false, false}, {"a\nb", false, false}, {"a\nb", true, true},
		{"a\tb", true, true}, {"a\x1bb", true, false}, {"\xff", false, false}, {"\u0085", true, false},
		{"ciao 👋", false, true}, {"\uFFFD ok", false, true},
	} {
		if got := checkText(c.s, c.multiLine) == ""; got != c.ok {
			t.Errorf("%q (multi-line %v): ok %v, want %v", c.s, c.multiLine, got, c.ok)
		}
	}
}

func TestTextGuard_EveryPartOfTheRequest(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		tok, _ := env.account("anna@example.com")
		refused := func(t *testing.T, r resp, loc ...string) {
			t.Helper()
			m := r.JSON(t)
			fields, _ := m["detail"].([]any)
			if r.Code != 422 || m["reason"] != "control_character" || len(fields) != 1 {
				t.Fatalf("%d %s", r.Code, r.Body)
			}
			got := fields[0].(map[string]any)["loc"].([]any)
			if len(got) != 2 || got[0] != loc[0] || got[1] != loc[1] {
				t.Fatalf("loc %v, want %v", got, loc)
			}
		}
		refused(t, env.do(req{method: "GET", path: "/api/designers/%00"}), "path", "path")
		refused(t, env.do(req{method: "GET", path: "/api/designers?page=1%0A"}), "query", "page")
		refused(t, env.do(req{method: "GET", path: "/api/designers?na%00me=1"}), "query", "na\x00me")
		refused(t, env.do(req{method: "POST", path: "/api/auth/login", body: `{"email":"a@b.it\u0000","password":"x"}`}), "body", "email")
		refused(t, env.do(req{method: "PUT", path: "/api/users/me", token: tok, body: []byte("name=Anna%07"),
			header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}), "body", "name")
		mp := "--B\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAn\x00na\r\n--B--\r\n"
		refused(t, env.do(req{method: "PUT", path: "/api/users/me", token: tok, body: []byte(mp),
			header: map[string]string{"Content-Type": "multipart/form-data; boundary=B"}}), "body", "name")

		t.Run("HandlersStillReadTheBody", func(t *testing.T) {
			me := env.expect(req{method: "PUT", path: "/api/users/me", token: tok, body: map[string]any{"name": "Anna Bianchi"}}, 200).JSON(t)
			if me["user"].(map[string]any)["name"] != "Anna Bianchi" {
				t.Fatalf("%v", me)
			}
			mp := "--B\r\nContent-Disposition: form-data; name=\"location\"\r\n\r\nMilano\r\n--B--\r\n"
			me = env.expect(req{method: "PUT", path: "/api/users/me", token: tok, body: []byte(mp),
				header: map[string]string{"Content-Type": "multipart/form-data; boundary=B"}}, 200).JSON(t)
			if me["user"].(map[string]any)["location"] != "Milano" {
				t.Fatalf("%v", me)
			}
		})
		t.Run("ReadErrorsAreReportedAsBefore", func(t *testing.T) {
			big := `{"email":"` + strings.Repeat("a", DefaultBodyLimit) + `"}`
			r := env.do(req{method: "POST", path: "/api/auth/login", body: []byte(big), header: map[string]string{"Content-Type": "application/json"}})
			if r.Code != 413 {
				t.Fatalf("%d %s", r.Code, r.Body)
			}
			if r := env.do(req{method: "POST", path: "/api/auth/login", body: `{"email":`}); r.Code != 422 || r.JSON(t)["reason"] != "bad_body" {
				t.Fatalf("%d %s", r.Code, r.Body)
			}
		})
		t.Run("WebAppPathsAreNotChecked", func(t *testing.T) {
			if r := env.do(req{method: "GET", path: "/profilo%00"}); r.Code == 422 {
				t.Fatal("the SPA fallback is not an API route")
			}
		})
	})
}

func TestLogout_WhoMayCall(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		customer, _ := env.account("anna@example.com")
		other, _ := env.account("bruno@example.com")
		designer, _ := env.newDesignerAccount("sofia@example.com")
		admin, _ := env.withRole("root@example.com", "admin")
		for _, path := range []string{"/api/auth/logout", "/api/auth/logout-all"} {
			env.expect(req{method: "POST", path: path}, 401)
			env.expect(req{method: "POST", path: path, token: "not-a-token"}, 401)
			env.expect(req{method: "GET", path: path, token: customer}, 405)
		}
		for _, tok := range []string{customer, designer, admin} {
			env.expect(req{method: "POST", path: "/api/auth/logout", token: tok}, 204)
			env.expect(req{method: "GET", path: "/api/users/me", token: tok}, 401)
			env.expect(req{method: "POST", path: "/api/auth/logout", token: tok}, 401)
		}
		env.expect(req{method: "GET", path: "/api/users/me", token: other}, 200)
		second := env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "bruno@example.com", "password": "password123"}}, 200).JSON(t)["access_token"].(string)
		env.expect(req{method: "POST", path: "/api/auth/logout-all", token: second}, 204)
		env.expect(req{method: "GET", path: "/api/users/me", token: other}, 401)
		env.expect(req{method: "GET", path: "/api/users/me", token: second}, 401)
	})
}

func TestRouteThrottle_RefusesBeforeReadingTheBody(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(c *Config, _ *Deps) {
		c.RateLimits = RateLimits{DesignerPerIP: Rate{Burst: 1, Every: time.Hour}}
		c.TrustedProxies = []string{"192.0.2.1"} // httptest's client address
	})
	env.expect(req{method: "POST", path: "/api/designers", body: designerBody("uno@example.com")}, 201)
	// Malformed and oversized: a throttled caller is refused before either is noticed.
	r := env.do(req{method: "POST", path: "/api/designers", body: []byte(`{"name":` + strings.Repeat(" ", 2<<20))})
	if r.Code != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("%d %s", r.Code, r.Body)
	}
	// Another client address has its own allowance.
	env.expect(req{method: "POST", path: "/api/designers", body: designerBody("due@example.com"), header: map[string]string{"X-Forwarded-For": "198.51.100.4"}}, 201)
}

func TestDesigners_PixelBudget(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		b := designerBody("pesante@example.com")
		b["gallery_images"] = []any{"data:image/png;base64,huge", "data:image/png;base64,huge"}
		m := env.expect(req{method: "POST", path: "/api/designers", body: b}, 413).JSON(t)
		if m["reason"] != "pixel_budget" || m["field"] != "gallery_images" || !strings.Contains(m["detail"].(string), "megapixels") {
			t.Fatalf("%v", m)
		}
		if len(env.imgs.stored) != 0 {
			t.Fatalf("stored %v", env.imgs.stored)
		}
	})
}

func TestCORS_VaryOriginEverywhere(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(c *Config, _ *Deps) {
		c.CORSOrigins = []string{"https://app.example"}
	})
	for _, origin := range []string{"", "https://evil.example", "https://app.example"} {
		r := env.do(req{method: "GET", path: "/api/health", header: map[string]string{"Origin": origin}})
		if vary := strings.Join(r.Header.Values("Vary"), ","); strings.Count(vary, "Origin") != 1 {
			t.Errorf("origin %q: Vary %q", origin, vary)
		}
	}
	pre := env.do(req{method: "OPTIONS", path: "/api/auth/login", header: map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}})
	if pre.Code != 403 || !strings.Contains(strings.Join(pre.Header.Values("Vary"), ","), "Origin") {
		t.Fatalf("refused preflight: %d %v", pre.Code, pre.Header)
	}
}

func TestHeavyBodies_BoundedAtOnce(t *testing.T) {
	h := newHeavyBodies(slog.New(slog.DiscardHandler), map[string]int64{"POST /api/designers": 25 << 20})
	release := make(chan struct{})
	entered := make(chan struct{}, heavySlots+heavyWaiting+1)
	engine := gin.New()
	engine.Use(h.handle)
	engine.POST("/api/designers", func(c *gin.Context) {
		entered <- struct{}{}
		<-release
		c.Status(http.StatusCreated)
	})
	engine.POST("/api/small", func(c *gin.Context) { c.Status(http.StatusOK) })
	big := strings.Repeat("x", DefaultBodyLimit+1)
	send := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		engine.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, strings.NewReader(big)))
		return w
	}
	codes := make(chan int, heavySlots+heavyWaiting)
	for i := 0; i < heavySlots+heavyWaiting; i++ {
		go func() { codes <- send("/api/designers").Code }()
	}
	for i := 0; i < heavySlots; i++ {
		<-entered
	}
	for h.waiting.Load() != heavyWaiting {
		runtime.Gosched()
	}
	if w := send("/api/designers"); w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Fatalf("one more heavy request: %d %v", w.Code, w.Header())
	}
	if w := send("/api/small"); w.Code != http.StatusOK {
		t.Fatalf("routes with the default limit are not queued: %d", w.Code)
	}
	close(release)
	for i := 0; i < heavySlots+heavyWaiting; i++ {
		if code := <-codes; code != http.StatusCreated {
			t.Fatalf("a waiting request got %d", code)
		}
	}
}
