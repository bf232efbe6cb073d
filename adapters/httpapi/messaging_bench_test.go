package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/messaging"
	"interno/internal/wiring"
)

// BenchmarkContactsPoll measures one designer polling a list of 50
// conversations, as the web does every 5 s: unchanged (If-None-Match → 304)
// and changed (full 200 answer), on SQLite.
func BenchmarkContactsPoll(b *testing.B) {
	db := storetest.Open(b, store.SQLite, storetest.Options{})
	// The harness takes a *testing.T; set-up failures still stop the run (Fatal).
	t := &testing.T{}
	env := newEnv(t, db, func(cfg *Config, d *Deps) {
		q := store.NewEmailQueue(db)
		d.Messaging = messaging.NewService(messaging.Config{BaseURL: cfg.BaseURL, Clock: cfg.Clock},
			messaging.Deps{Repo: store.NewMessagingRepo(db), Designers: d.Designers.Refs(), Accounts: wiring.MessagingAccounts{Identity: d.Identity},
				Mail: q, Notifications: wiring.Reminders{Queue: q}, Tx: db})
	})
	env.t = t
	sofia, sofiaID := env.newDesignerAccount("sofia@example.com")
	for i := 0; i < 50; i++ {
		tok, _ := env.account(fmt.Sprintf("c%d@example.com", i))
		env.expect(req{method: "POST", path: "/api/contacts/", token: tok, body: map[string]any{"designer_id": sofiaID, "message": "Buongiorno"}}, 201)
	}
	first := env.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: sofia}, 200)
	etag := first.Header.Get("ETag")
	run := func(b *testing.B, header map[string]string, want int) {
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start := time.Now()
			r := httptest.NewRequest("GET", "/api/contacts/designer-contacts", nil)
			r.Header.Set("Authorization", "Bearer "+sofia)
			for k, v := range header {
				r.Header.Set(k, v)
			}
			w := httptest.NewRecorder()
			env.srv.Handler().ServeHTTP(w, r)
			if w.Code != want {
				b.Fatalf("status %d", w.Code)
			}
			lat = append(lat, time.Since(start))
		}
		b.StopTimer()
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	}
	b.Run("unchanged-304", func(b *testing.B) { run(b, map[string]string{"If-None-Match": etag}, http.StatusNotModified) })
	b.Run("full-200", func(b *testing.B) { run(b, nil, http.StatusOK) })
}
