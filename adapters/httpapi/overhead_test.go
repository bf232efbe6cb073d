package httpapi

import (
	"bytes"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/trace"
)

// What the cheaper paths of a small answer (docs/performance.md, "The API's
// own overhead") rely on, pinned: every field of the access log, the request
// id per request, shared header values that no answer can change for
// another, the health answer as c.JSON would write it, and the client
// address as gin gives it.

// logLines are the lines of the log written so far whose message is msg
// (the server may still be writing: syncBuffer, aborted_test.go).
func logLines(logs *syncBuffer, msg string) []string {
	var out []string
	for line := range strings.SplitSeq(logs.String(), "\n") {
		if strings.Contains(line, " msg="+msg+" ") {
			out = append(out, line)
		}
	}
	return out
}

func TestAccessLogLineKeepsEveryField(t *testing.T) {
	logs := &syncBuffer{}
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}), func(_ *Config, d *Deps) {
		// As internal/app builds it: every line names its request id.
		d.Log = slog.New(trace.Handler(slog.NewTextHandler(logs, nil)))
	})
	token, userID := env.account("log@example.com")

	health := env.expect(req{method: "GET", path: "/api/health"}, 200)
	me := env.expect(req{method: "GET", path: "/api/users/me", token: token,
		header: map[string]string{"X-Request-ID": "client-id.0001"}}, 200)
	missing := env.expect(req{method: "GET", path: "/api/nope"}, 404)
	lines := logLines(logs, "http")
	if len(lines) < 4 {
		t.Fatalf("access log lines: %q", lines)
	}
	lines = lines[len(lines)-3:]
	const head = `^time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\S* level=INFO msg=http `
	want := []string{
		head + `method=GET path=/api/health status=200 duration_ms=\d+(\.\d+)? client_ip=192\.0\.2\.1 request_id=` +
			regexp.QuoteMeta(health.Header.Get("X-Request-ID")) + `$`,
		head + `method=GET path=/api/users/me status=200 duration_ms=\d+(\.\d+)? client_ip=192\.0\.2\.1 user_id=` +
			fmt.Sprint(userID) + ` request_id=client-id\.0001$`,
		head + `method=GET path=/api/nope status=404 duration_ms=\d+(\.\d+)? client_ip=192\.0\.2\.1 request_id=` +
			regexp.QuoteMeta(missing.Header.Get("X-Request-ID")) + `$`,
	}
	for i, line := range lines {
		if !regexp.MustCompile(want[i]).MatchString(line) {
			t.Errorf("access log line\n%s\ndoes not match\n%s", line, want[i])
		}
	}
	if got := me.Header.Get("X-Request-ID"); got != "client-id.0001" {
		t.Errorf("a sane client id must be kept, got %q", got)
	}
}

func TestRequestIDAndSharedValuesStayPerResponse(t *testing.T) {
	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}))
	env.srv.engine.GET("/api/test/append", func(c *gin.Context) {
		h := c.Writer.Header()
		h.Add("Vary", "Authorization")
		h.Add("X-Request-Id", "appended")
		h.Add("Content-Type", "text/plain")
		// The context carries the id the answer names.
		h.Set("X-Seen-Id", trace.RequestID(c.Request.Context()))
		c.Status(http.StatusNoContent)
	})
	hexID := regexp.MustCompile(`^[0-9a-f]{16}$`)
	appended := env.do(req{method: "GET", path: "/api/test/append"})
	ids := appended.Header.Values("X-Request-Id")
	if len(ids) != 2 || !hexID.MatchString(ids[0]) || ids[1] != "appended" || appended.Header.Get("X-Seen-Id") != ids[0] {
		t.Fatalf("the handler's own answer: X-Request-Id %q, id in context %q", ids, appended.Header.Get("X-Seen-Id"))
	}
	if got := appended.Header.Values("Vary"); !slices.Equal(got, []string{"Origin", "Authorization", "Accept-Encoding"}) {
		t.Fatalf("the handler's own answer: Vary %q", got)
	}
	seen := map[string]bool{ids[0]: true}
	for range 3 {
		r := env.expect(req{method: "GET", path: "/api/health"}, 200)
		id := r.Header.Values("X-Request-Id")
		if len(id) != 1 || !hexID.MatchString(id[0]) || seen[id[0]] {
			t.Fatalf("next answer: X-Request-Id %q (seen %v)", id, seen)
		}
		seen[id[0]] = true
		if got := r.Header.Values("Vary"); !slices.Equal(got, []string{"Origin", "Accept-Encoding"}) {
			t.Fatalf("next answer: Vary %q", got)
		}
		if got := r.Header.Values("Content-Type"); !slices.Equal(got, []string{"application/json; charset=utf-8"}) {
			t.Fatalf("next answer: Content-Type %q", got)
		}
	}
	if len(hdrVaryOriginEncoding) != 2 || cap(hdrVaryOriginEncoding) != 2 ||
		hdrVaryOriginEncoding[0] != "Origin" || hdrVaryOriginEncoding[1] != "Accept-Encoding" {
		t.Fatalf("shared Vary changed: %q (capacity %d)", hdrVaryOriginEncoding, cap(hdrVaryOriginEncoding))
	}
	if len(hdrJSON) != 1 || cap(hdrJSON) != 1 || hdrJSON[0] != "application/json; charset=utf-8" {
		t.Fatalf("shared Content-Type changed: %q (capacity %d)", hdrJSON, cap(hdrJSON))
	}
	// A client's own id is kept only when sane.
	for id, kept := range map[string]bool{"abcd-1234_x.y": true, "short": false, "has space 123": false, strings.Repeat("a", 65): false} {
		got := env.expect(req{method: "GET", path: "/api/health", header: map[string]string{"X-Request-ID": id}}, 200).Header.Get("X-Request-ID")
		if kept != (got == id) || !kept && !hexID.MatchString(got) {
			t.Errorf("client id %q answered as %q", id, got)
		}
	}
}

func TestHealthAnswersAsCJSONWould(t *testing.T) {
	e := gin.New()
	e.GET("/", func(c *gin.Context) { c.JSON(http.StatusOK, statusView{Status: "ok"}) })
	want := httptest.NewRecorder()
	e.ServeHTTP(want, httptest.NewRequest("GET", "/", nil))

	env := newEnv(t, storetest.Open(t, store.SQLite, storetest.Options{}))
	for _, encoding := range []string{"", "gzip"} {
		got := env.expect(req{method: "GET", path: "/api/health", header: map[string]string{"Accept-Encoding": encoding}}, 200)
		if !bytes.Equal(got.Body, want.Body.Bytes()) || got.Header.Get("Content-Type") != want.Header().Get("Content-Type") ||
			got.Header.Get("Content-Encoding") != "" {
			t.Fatalf("Accept-Encoding %q: %q %q %q, want %q %q", encoding, got.Body, got.Header.Get("Content-Type"),
				got.Header.Get("Content-Encoding"), want.Body, want.Header().Get("Content-Type"))
		}
	}
}

func TestValidRequestIDIsItsPattern(t *testing.T) {
	pattern := regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)
	const alphabet = "aZ09._-/ +%\x00\xffé"
	cases := []string{"", "abcdefgh", "abcdefg", strings.Repeat("x", 64), strings.Repeat("x", 65), "abcdefg\n", "ABCD.ef_-9"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rng.IntN(70))
		for i := range b {
			if rng.IntN(10) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = "abcXYZ019._-"[rng.IntN(12)]
			}
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		if validRequestID(c) != pattern.MatchString(c) {
			t.Fatalf("validRequestID(%q) = %v, pattern says %v", c, validRequestID(c), pattern.MatchString(c))
		}
	}
}

func TestClientIPIsGins(t *testing.T) {
	addrs := []string{"192.0.2.1:1234", " 10.0.0.7:80 ", "127.0.0.1:0", "[::1]:443", "[2001:db8::1]:80",
		"[::ffff:192.0.2.1]:80", "[fe80::1%eth0]:80", "010.0.0.1:80", "1.2.3.4", "", "@", "not an address:1"}
	for _, proxies := range [][]string{nil, {"10.0.0.0/8", "::1"}} {
		e := gin.New()
		if err := e.SetTrustedProxies(proxies); err != nil {
			t.Fatal(err)
		}
		e.ForwardedByClientIP = len(proxies) > 0 // as New sets it
		var got, want string
		e.GET("/", func(c *gin.Context) { got, want = clientIP(c, e.ForwardedByClientIP), c.ClientIP() })
		for _, addr := range addrs {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = addr
			r.Header.Set("X-Forwarded-For", "203.0.113.9")
			e.ServeHTTP(httptest.NewRecorder(), r)
			if got != want {
				t.Errorf("proxies %v, RemoteAddr %q: clientIP %q, gin %q", proxies, addr, got, want)
			}
		}
	}
}
