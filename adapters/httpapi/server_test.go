package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func TestServer_Foundation(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}))
	t.Run("HealthReadyConfig", func(t *testing.T) {
		env.expect(req{method: "GET", path: "/api/health"}, 200)
		env.expect(req{method: "GET", path: "/api/ready"}, 200)
		cfg := env.expect(req{method: "GET", path: "/api/config"}, 200).JSON(t)
		for _, k := range []string{"analytics_id", "google_client_id", "base_url", "version"} {
			if _, ok := cfg[k]; !ok {
				t.Errorf("config lacks %s", k)
			}
		}
	})
	t.Run("UnknownAPIPathIsJSON404", func(t *testing.T) {
		r := env.expect(req{method: "GET", path: "/api/nope"}, 404)
		if r.JSON(t)["detail"] != "Not Found" || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("body %s", r.Body)
		}
	})
	t.Run("WrongMethodIsJSON405", func(t *testing.T) {
		r := env.expect(req{method: "DELETE", path: "/api/health"}, 405)
		if r.JSON(t)["detail"] == nil {
			t.Fatal("no detail")
		}
	})
	t.Run("DeepLinkServesIndexUncached", func(t *testing.T) {
		for _, p := range []string{"/", "/designer/12", "/profile/3?shared=true", "/admin"} {
			r := env.expect(req{method: "GET", path: p}, 200)
			if !strings.Contains(string(r.Body), "<title>Interno</title>") || r.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("%s: %q cache=%q", p, r.Body, r.Header.Get("Cache-Control"))
			}
		}
	})
	t.Run("CachePolicies", func(t *testing.T) {
		for path, want := range map[string]string{
			"/assets/app-abc123.js": "public, max-age=31536000, immutable",
			"/sw.js":                "no-cache",
			"/manifest.webmanifest": "no-cache",
			"/icons/icon-192.png":   "public, max-age=86400",
		} {
			r := env.expect(req{method: "GET", path: path}, 200)
			if got := r.Header.Get("Cache-Control"); got != want {
				t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
			}
		}
		env.expect(req{method: "GET", path: "/assets/missing.js"}, 404)
	})
	t.Run("SecurityHeaders", func(t *testing.T) {
		r := env.expect(req{method: "GET", path: "/"}, 200)
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-ID"} {
			if r.Header.Get(h) == "" {
				t.Errorf("missing %s", h)
			}
		}
		if !strings.Contains(r.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Error("CSP lacks frame-ancestors")
		}
		if r.Header.Get("Strict-Transport-Security") != "" {
			t.Error("HSTS sent over plain HTTP")
		}
		api := env.expect(req{method: "GET", path: "/api/health"}, 200)
		if api.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("API responses must not be cached: %q", api.Header.Get("Cache-Control"))
		}
		// JSON gets the strictest policy; every other security header stays.
		if got := api.Header.Get("Content-Security-Policy"); got != "default-src 'none'; frame-ancestors 'none'" {
			t.Errorf("API CSP %q", got)
		}
		for _, h := range []string{"X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Permissions-Policy", "Cross-Origin-Opener-Policy", "X-Request-ID"} {
			if api.Header.Get(h) == "" || api.Header.Get(h) != r.Header.Get(h) && h != "X-Request-ID" {
				t.Errorf("API %s = %q, page %q", h, api.Header.Get(h), r.Header.Get(h))
			}
		}
	})
	t.Run("PanicIsGeneric500", func(t *testing.T) {
		env.srv.engine.GET("/api/test/panic", func(*gin.Context) { panic("secret internals at line 42") })
		r := env.expect(req{method: "GET", path: "/api/test/panic"}, 500)
		if strings.Contains(string(r.Body), "secret") || r.JSON(t)["detail"] != "Internal error" {
			t.Fatalf("leaked: %s", r.Body)
		}
	})
	t.Run("BodyLimit", func(t *testing.T) {
		big := `{"email":"` + strings.Repeat("a", DefaultBodyLimit) + `"}`
		env.expect(req{method: "POST", path: "/api/auth/login", body: big}, http.StatusRequestEntityTooLarge)
	})
	t.Run("MalformedJSON", func(t *testing.T) {
		r := env.expect(req{method: "POST", path: "/api/auth/login", body: "{nope"}, 422)
		if r.JSON(t)["detail"] == nil {
			t.Fatal("no detail")
		}
	})
}

func TestServer_CORS(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(c *Config, _ *Deps) {
		c.CORSOrigins = []string{"https://app.interno.example"}
	})
	ok := env.expect(req{method: "OPTIONS", path: "/api/auth/login", header: map[string]string{
		"Origin": "https://app.interno.example", "Access-Control-Request-Method": "POST"}}, 204)
	if ok.Header.Get("Access-Control-Allow-Origin") != "https://app.interno.example" {
		t.Fatalf("allowed origin not echoed: %v", ok.Header)
	}
	evil := env.do(req{method: "GET", path: "/api/health", header: map[string]string{"Origin": "https://evil.example"}})
	if evil.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("foreign origin reflected")
	}
	env.expect(req{method: "OPTIONS", path: "/api/auth/login", header: map[string]string{
		"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}}, 403)
}

func TestServer_TrustedProxies(t *testing.T) {
	db := storetest.Open(t, store.SQLite, storetest.Options{})
	limited := func(c *Config, _ *Deps) {
		c.RateLimits = RateLimits{AuthPerIP: Rate{Burst: 2, Every: 1e12}}
	}
	t.Run("SpoofedForwardedForIgnored", func(t *testing.T) {
		env := newEnv(t, db, limited)
		codes := []int{}
		for i := 0; i < 3; i++ {
			r := env.do(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "x@example.com"},
				header: map[string]string{"X-Forwarded-For": "203.0.113." + string(rune('1'+i))}})
			codes = append(codes, r.Code)
		}
		if codes[2] != http.StatusTooManyRequests {
			t.Fatalf("spoofed X-Forwarded-For dodged the throttle: %v", codes)
		}
	})
	t.Run("TrustedProxyHeaderUsed", func(t *testing.T) {
		env := newEnv(t, db, limited, func(c *Config, _ *Deps) { c.TrustedProxies = []string{"192.0.2.1"} })
		for i := 0; i < 3; i++ {
			r := env.do(req{method: "POST", path: "/api/auth/request-password-reset", body: map[string]any{"email": "y" + string(rune('a'+i)) + "@example.com"},
				header: map[string]string{"X-Forwarded-For": "203.0.113." + string(rune('1'+i))}})
			if r.Code == http.StatusTooManyRequests {
				t.Fatalf("distinct clients behind a trusted proxy were throttled together (request %d)", i)
			}
		}
	})
}
