package store_test

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/matching"
	"interno/core/style"
)

// seedCatalogue inserts n designers of every style in one transaction.
func seedCatalogue(b *testing.B, db *store.DB, n int) {
	b.Helper()
	ctx := context.Background()
	users, dsg := store.NewUserRepo(db), store.NewDesignerRepo(db)
	err := db.InTx(ctx, func(ctx context.Context) error {
		for i := 0; i < n; i++ {
			u := identity.User{Email: fmt.Sprintf("d%d@example.com", i), Name: fmt.Sprintf("Designer %d", i), Role: identity.RoleDesigner}
			if err := users.Create(ctx, &u); err != nil {
				return err
			}
			sp := []string{style.Specialties[i%len(style.Specialties)], style.Specialties[(i*7)%len(style.Specialties)]}
			d := designers.Designer{UserID: u.ID, Name: u.Name, City: "Roma", Bio: "Bio", DesignStyle: style.Codes[i%5],
				Specialties: sp, WorkPreferences: []style.WorkMode{style.Online}, MinBudget: 300, FirstProposal: "5-7 giorni",
				Gallery: []string{"uploads/gallery/a.jpg", "uploads/gallery/b.jpg"}}
			if err := dsg.Create(ctx, &d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// benchAnswers gives 5^7 distinct answer sets by number.
func benchAnswers(n int) []string {
	out := make([]string, len(matching.Default.Questions))
	for i, q := range matching.Default.Questions {
		out[i] = q.Options[n%len(q.Options)].Text
		n /= len(q.Options)
	}
	return out
}

// BenchmarkMatching ranks 1,000 and 10,000 designers through the real
// repository on both engines:
//   - Cold: the ranking inputs are read from the database and ranked (what
//     happens once per cache period, 10 s by default);
//   - Match: POST /api/match-designers's work: a lead is stored and the first
//     page ranked from the cache (a new analysis each time, so the ranking is
//     computed, not reused) and its five profiles loaded;
//   - Page: GET /api/designers/matches's work for a page of a known lead.
//
// It also reports the p50/p99 of Match under 8 concurrent callers.
func BenchmarkMatching(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, dialect := range []store.Dialect{store.SQLite, store.Postgres} {
			db := storetest.Open(b, dialect, storetest.Options{})
			seedCatalogue(b, db, n)
			ctx := context.Background()
			repo := store.NewMatchingRepo(db)
			dsg := store.NewDesignerRepo(db)
			svc := matching.NewService(matching.Config{CacheTTL: time.Hour}, repo)
			match := func(i int) (matching.Page, error) {
				p, err := svc.Match(ctx, kernel.Principal{}, benchAnswers(i), 5)
				if err != nil {
					return p, err
				}
				ids := make([]int64, len(p.Matches))
				for j, m := range p.Matches {
					ids[j] = m.DesignerID
				}
				_, err = dsg.ByIDs(ctx, ids)
				return p, err
			}
			first, err := match(0)
			if err != nil || first.Total < n/10 {
				b.Fatalf("total %d, %v", first.Total, err)
			}
			name := fmt.Sprintf("%d/%s", n, dialect)
			b.Run(name+"/Cold", func(b *testing.B) {
				for b.Loop() {
					svc.Invalidate()
					if _, err := svc.Matches(ctx, kernel.Principal{}, matching.Query{LeadID: first.LeadID, LeadToken: first.LeadToken}); err != nil {
						b.Fatal(err)
					}
				}
			})
			i := 1
			b.Run(name+"/Match", func(b *testing.B) {
				for b.Loop() {
					if _, err := match(i); err != nil {
						b.Fatal(err)
					}
					i++
				}
			})
			b.Run(name+"/Page", func(b *testing.B) {
				page := 1
				for b.Loop() {
					p, err := svc.Matches(ctx, kernel.Principal{}, matching.Query{LeadID: first.LeadID, LeadToken: first.LeadToken, Page: page%20 + 1})
					if err != nil {
						b.Fatal(err)
					}
					ids := make([]int64, len(p.Matches))
					for j, m := range p.Matches {
						ids[j] = m.DesignerID
					}
					if _, err := dsg.ByIDs(ctx, ids); err != nil {
						b.Fatal(err)
					}
					page++
				}
			})
			b.Run(name+"/MatchConcurrent", func(b *testing.B) {
				var mu sync.Mutex
				var lat []time.Duration
				b.SetParallelism(4)
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						mu.Lock()
						i++
						k := i
						mu.Unlock()
						t0 := time.Now()
						if _, err := match(k); err != nil {
							b.Error(err)
							return
						}
						d := time.Since(t0)
						mu.Lock()
						lat = append(lat, d)
						mu.Unlock()
					}
				})
				sort.Slice(lat, func(a, c int) bool { return lat[a] < lat[c] })
				if len(lat) > 0 {
					b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
					b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
				}
			})
		}
	}
}

// BenchmarkLeadCommit compares a durable lead (registration) with a quiz lead,
// which on PostgreSQL commits without waiting for the WAL flush: the
// difference is this disk's flush time (docs/matching.md).
func BenchmarkLeadCommit(b *testing.B) {
	for _, dialect := range []store.Dialect{store.SQLite, store.Postgres} {
		db := storetest.Open(b, dialect, storetest.Options{})
		repo := store.NewMatchingRepo(db)
		ctx := context.Background()
		a := matching.Analysis{Dominant: "C", Percentages: map[style.Code]int{"A": 0, "B": 0, "C": 100, "D": 0, "E": 0}}
		for _, kind := range []struct {
			name   string
			create func(context.Context, *matching.Lead) error
		}{{"Durable", repo.CreateLead}, {"Quiz", repo.CreateQuizLead}} {
			b.Run(string(dialect)+"/"+kind.name, func(b *testing.B) {
				for b.Loop() {
					l := matching.Lead{Answers: []string{"uno"}, Analysis: a, Version: "v1"}
					if err := kind.create(ctx, &l); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
