package store_test

import (
	"context"
	"errors"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/style"
)

func newDesigner(t *testing.T, db *store.DB, email, name, city string) designers.Designer {
	t.Helper()
	u := identity.User{Email: email, Name: name, Role: identity.RoleDesigner}
	if err := store.NewUserRepo(db).Create(context.Background(), &u); err != nil {
		t.Fatal(err)
	}
	d := designers.Designer{UserID: u.ID, Name: name, City: city, Bio: "Bio", DesignStyle: style.Minimal,
		WorkPreferences: []style.WorkMode{style.Online}, Specialties: []string{"Japandi", "Minimal"},
		Gallery: []string{"uploads/gallery/a.jpg"}, MinBudget: 300, FirstProposal: "5-7 giorni", Phone: "+39 333"}
	if err := store.NewDesignerRepo(db).Create(context.Background(), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDesignerRepo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewDesignerRepo(db)
		a := newDesigner(t, db, "arch@example.com", "Alba Rossi", "Milano")
		b := newDesigner(t, db, "bea_x@example.com", "Bea 100% Verdi", "Roma")
		t.Run("ReadsJoinEmailAndLists", func(t *testing.T) {
			got, err := repo.ByID(ctx, a.ID)
			if err != nil || got.Email != "arch@example.com" || len(got.Specialties) != 2 || got.Gallery[0] != "uploads/gallery/a.jpg" || got.WorkPreferences[0] != style.Online {
				t.Fatalf("%+v %v", got, err)
			}
			if _, err := repo.ByID(ctx, 9999); !errors.Is(err, designers.ErrNotFound) {
				t.Fatalf("missing: %v", err)
			}
			if got, err := repo.ByEmail(ctx, "bea_x@example.com"); err != nil || got.ID != b.ID {
				t.Fatalf("by email: %v", err)
			}
			if got, err := repo.ByUserID(ctx, a.UserID); err != nil || got.ID != a.ID {
				t.Fatalf("by user: %v", err)
			}
			ids, err := repo.ByIDs(ctx, []int64{b.ID, 9999, a.ID})
			if err != nil || len(ids) != 2 || ids[0].ID != b.ID || ids[1].ID != a.ID {
				t.Fatalf("by ids: %+v %v", ids, err)
			}
		})
		t.Run("ListPagesAndSearches", func(t *testing.T) {
			all, total, err := repo.List(ctx, designers.ListQuery{Limit: 1})
			if err != nil || total != 2 || len(all) != 1 || all[0].ID != b.ID {
				t.Fatalf("%v %d %v", all, total, err)
			}
			for q, want := range map[string]int{"milano": 1, "100%": 1, "_x@": 1, "verdi": 1, "nessuno": 0, "%": 1, "a%": 0} {
				got, n, err := repo.List(ctx, designers.ListQuery{Query: q, Limit: 10})
				if err != nil || n != want || len(got) != want {
					t.Errorf("query %q: %d results (%v), want %d", q, n, err, want)
				}
			}
		})
		t.Run("UpdateChangesEmailAndChecksClash", func(t *testing.T) {
			got, err := repo.Update(ctx, a.ID, func(d *designers.Designer) error {
				d.Email, d.Bio, d.Gallery = "alba@example.com", "Nuova bio", nil
				return nil
			})
			if err != nil || got.Email != "alba@example.com" || got.Bio != "Nuova bio" || len(got.Gallery) != 0 {
				t.Fatalf("%+v %v", got, err)
			}
			u, _ := store.NewUserRepo(db).ByID(ctx, a.UserID)
			if u.Email != "alba@example.com" {
				t.Fatalf("account e-mail not updated: %s", u.Email)
			}
			if _, err := repo.Update(ctx, a.ID, func(d *designers.Designer) error { d.Email = "bea_x@example.com"; return nil }); !errors.Is(err, designers.ErrEmailTaken) {
				t.Fatalf("clash: %v", err)
			}
		})
		t.Run("DeletingTheAccountDeletesTheProfile", func(t *testing.T) {
			if err := store.NewUserRepo(db).Delete(ctx, b.UserID); err != nil {
				t.Fatal(err)
			}
			if _, err := repo.ByID(ctx, b.ID); !errors.Is(err, designers.ErrNotFound) {
				t.Fatalf("profile survived: %v", err)
			}
		})
	})
}
