package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
)

// designers.like_count is the number of likes rows: no profile write sets it
// (not the creation of a profile, not an edit that read the profile before a
// like), and migration 00009 recounts counts stored without rows.
func TestLikeCount_IsTheRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		profiles := store.NewDesignerRepo(db)
		likes := store.NewEngagementRepo(db)
		count := func(id int64) int {
			t.Helper()
			d, err := profiles.ByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			rows, err := likes.LikeCount(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if d.LikeCount != rows {
				t.Fatalf("designers.like_count = %d, likes rows = %d", d.LikeCount, rows)
			}
			return rows
		}

		t.Run("ProfileWritesDoNotSetIt", func(t *testing.T) {
			d := newDesigner(t, db, "sofia@example.com", "Sofia", "Torino")
			// A profile created with a number (as the demo seed once did) starts at its rows: none.
			invented := d
			invented.ID, invented.UserID = 0, newCustomer(t, db, "account@example.com")
			invented.LikeCount = 49
			if err := profiles.Create(ctx, &invented); err != nil {
				t.Fatal(err)
			}
			if n := count(invented.ID); n != 0 {
				t.Fatalf("created with %d likes", n)
			}
			anna := newCustomer(t, db, "anna@example.com")
			stale, err := profiles.ByID(ctx, d.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := likes.ToggleLike(ctx, anna, d.ID); err != nil {
				t.Fatal(err)
			}
			// An edit carrying the count it read before the like does not write it back.
			if _, err := profiles.Update(ctx, d.ID, func(x *designers.Designer) error {
				x.Bio = "Nuova bio"
				x.LikeCount = stale.LikeCount + 100
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if n := count(d.ID); n != 1 {
				t.Fatalf("after one like and an edit: %d", n)
			}
		})

		t.Run("Migration00009Recounts", func(t *testing.T) {
			d := newDesigner(t, db, "bea@example.com", "Bea", "Roma")
			bruno := newCustomer(t, db, "bruno@example.com")
			if _, err := likes.ToggleLike(ctx, bruno, d.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL().ExecContext(ctx, "UPDATE designers SET like_count = 49"); err != nil {
				t.Fatal(err)
			}
			dialect := "sqlite"
			if db.Dialect() == store.Postgres {
				dialect = "postgres"
			}
			raw, err := os.ReadFile(filepath.Join("migrations", dialect, "00009_like_counts.sql"))
			if err != nil {
				t.Fatal(err)
			}
			up, _, _ := strings.Cut(string(raw), "-- +goose Down")
			if _, err := db.SQL().ExecContext(ctx, up); err != nil {
				t.Fatal(err)
			}
			if n := count(d.ID); n != 1 {
				t.Fatalf("recount gave %d", n)
			}
		})
	})
}
