package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

// syncBuffer is a log sink the server's goroutines may write to concurrently.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A request whose client went away (its context cancelled) is not a server
// failure: it is recorded as 499 at INFO, never logged as a 500 ERROR, and a
// keyed write is not stored for replay (a retry runs again).
func TestServer_ClientClosedRequest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		logs := &syncBuffer{}
		env := newEnv(t, db, func(_ *Config, d *Deps) {
			d.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		})
		token, _ := env.account("gone@example.com")
		for _, r := range []struct{ method, path, key, body string }{
			{"GET", "/api/designers?page=1&limit=5", "", ""},
			{"PUT", "/api/users/me", "abort-key-1", `{"name":"Nuovo nome","email":"gone@example.com","location":"Roma"}`},
		} {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			hr := httptest.NewRequest(r.method, r.path, strings.NewReader(r.body)).WithContext(ctx)
			hr.Header.Set("Authorization", "Bearer "+token)
			if r.body != "" {
				hr.Header.Set("Content-Type", "application/json")
			}
			if r.key != "" {
				hr.Header.Set("Idempotency-Key", r.key)
			}
			w := httptest.NewRecorder()
			env.srv.Handler().ServeHTTP(w, hr)
			if w.Code != 499 {
				t.Fatalf("%s %s with the client gone: status %d, want 499; body %s", r.method, r.path, w.Code, w.Body)
			}
		}
		if out := logs.String(); strings.Contains(out, "level=ERROR") {
			t.Fatalf("a client-aborted request was logged as an error:\n%s", out)
		}
		// The keyed write was not stored: the same key runs again and succeeds.
		got := env.expect(req{method: "PUT", path: "/api/users/me", token: token, key: "abort-key-1",
			body: map[string]any{"name": "Nuovo nome", "email": "gone@example.com", "location": "Roma"}}, 200)
		if got.Header.Get("Idempotent-Replayed") == "true" {
			t.Fatal("the aborted request's answer was stored and replayed")
		}
	})
}
