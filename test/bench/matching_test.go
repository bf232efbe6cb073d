//go:build bench

package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/matching"
	"interno/core/style"
)

// seedDesigners writes n designers of every style straight into the
// server's database, in one transaction.
func seedDesigners(t *testing.T, s *Server, n int) {
	t.Helper()
	opts := store.Options{DataDir: s.DataDir}
	for _, kv := range s.Env {
		if v, ok := strings.CutPrefix(kv, "INTERNO_DATABASE_URL="); ok {
			opts.URL = v
		}
	}
	db, err := store.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	users, dsg := store.NewUserRepo(db), store.NewDesignerRepo(db)
	err = db.InTx(context.Background(), func(ctx context.Context) error {
		for i := 0; i < n; i++ {
			u := identity.User{Email: fmt.Sprintf("d%d@bench.example", i), Name: fmt.Sprintf("Designer %d", i), Role: identity.RoleDesigner}
			if err := users.Create(ctx, &u); err != nil {
				return err
			}
			d := designers.Designer{UserID: u.ID, Name: u.Name, City: "Roma", Bio: "Bio", DesignStyle: style.Codes[i%5],
				Specialties:     []string{style.Specialties[i%len(style.Specialties)], style.Specialties[(i*7)%len(style.Specialties)]},
				WorkPreferences: []style.WorkMode{style.Online}, MinBudget: 300, FirstProposal: "5-7 giorni",
				Gallery: []string{"uploads/gallery/a.jpg", "uploads/gallery/b.jpg"}}
			if err := dsg.Create(ctx, &d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func answersBody(n int) []byte {
	answers := make([]string, len(matching.Default.Questions))
	for i, q := range matching.Default.Questions {
		answers[i] = q.Options[n%len(q.Options)].Text
		n /= len(q.Options)
	}
	b, _ := json.Marshal(map[string]any{"answers": answers})
	return b
}

// TestLoad_Matching drives POST /api/match-designers and paged GET
// /api/designers/matches at 200 requests/s against 10,000 designers, on
// SQLite and PostgreSQL (issue 4's budget: p99 under 30 ms).
func TestLoad_Matching(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			s := StartServer(t, dialect)
			start := time.Now()
			seedDesigners(t, s, 10000)
			fmt.Printf("NOTE matching %s: 10,000 designers seeded in %s\n", dialect, time.Since(start).Round(time.Millisecond))
			res, err := http.Post(s.URL+"/api/match-designers", "application/json", bytes.NewReader(answersBody(12345)))
			if err != nil || res.StatusCode != http.StatusCreated {
				t.Fatalf("warm-up: %v %v", err, res)
			}
			var first struct {
				LeadID    int64  `json:"lead_id"`
				LeadToken string `json:"lead_token"`
				Total     int    `json:"total"`
			}
			_ = json.NewDecoder(res.Body).Decode(&first)
			res.Body.Close()
			post := func(i int) *http.Request {
				req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/match-designers", bytes.NewReader(answersBody(i*7919)))
				req.Header.Set("Content-Type", "application/json")
				return req
			}
			// The budget is a running service's: the first two seconds of a
			// server just started (its database pool opening connections, its
			// caches filling) are printed on their own line, then the next ten.
			Load(t, "POST /api/match-designers 10k designers "+dialect+", first 2 s", 200, 2*time.Second, post)
			Load(t, "POST /api/match-designers 10k designers "+dialect+", next 10 s", 200, 10*time.Second, func(i int) *http.Request { return post(i + 400) })
			Load(t, "GET /api/designers/matches?page=n 10k designers "+dialect, 200, 10*time.Second, func(i int) *http.Request {
				req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/designers/matches?lead_id=%d&lead_token=%s&page=%d", s.URL, first.LeadID, first.LeadToken, i%50+1), nil)
				return req
			})
		})
	}
}
