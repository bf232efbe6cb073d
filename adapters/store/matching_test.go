package store_test

import (
	"context"
	"errors"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/matching"
	"interno/core/style"
)

func TestMatchingRepo_Leads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewMatchingRepo(db)
		users := store.NewUserRepo(db)
		a := matching.Analysis{Dominant: "C", Percentages: map[style.Code]int{"A": 0, "B": 0, "C": 57, "D": 0, "E": 43}}
		l := matching.Lead{Answers: []string{"uno", "due"}, Analysis: a, Version: "v1"}
		if err := repo.CreateLead(ctx, &l); err != nil || l.ID == 0 {
			t.Fatalf("create: %v", err)
		}
		got, err := repo.Lead(ctx, l.ID)
		if err != nil || got.Analysis.Percentages["E"] != 43 || got.Analysis.Dominant != "C" || len(got.Answers) != 2 || got.UserID != nil || got.Version != "v1" {
			t.Fatalf("read back %+v %v", got, err)
		}
		if _, err := repo.Lead(ctx, l.ID+100); !errors.Is(err, matching.ErrLeadNotFound) {
			t.Fatalf("missing: %v", err)
		}
		t.Run("ByTokenHash", func(t *testing.T) {
			tl := matching.Lead{Answers: []string{}, Analysis: a, TokenHash: matching.HashLeadToken("secret")}
			if err := repo.CreateLead(ctx, &tl); err != nil {
				t.Fatal(err)
			}
			got, err := repo.LeadByToken(ctx, matching.HashLeadToken("secret"))
			if err != nil || got.ID != tl.ID || got.TokenHash != tl.TokenHash {
				t.Fatalf("%+v %v", got, err)
			}
			for _, h := range []string{matching.HashLeadToken("other"), ""} {
				if _, err := repo.LeadByToken(ctx, h); !errors.Is(err, matching.ErrLeadNotFound) {
					t.Fatalf("hash %q: %v", h, err)
				}
			}
			dup := matching.Lead{Answers: []string{}, Analysis: a, TokenHash: tl.TokenHash}
			if err := repo.CreateLead(ctx, &dup); err == nil {
				t.Fatal("two leads with one token hash")
			}
		})
		u1 := identity.User{Email: "one@example.com", Name: "One", Role: identity.RoleUser}
		u2 := identity.User{Email: "two@example.com", Name: "Two", Role: identity.RoleUser}
		if err := users.Create(ctx, &u1); err != nil {
			t.Fatal(err)
		}
		if err := users.Create(ctx, &u2); err != nil {
			t.Fatal(err)
		}
		if _, err := repo.LatestOfUser(ctx, u1.ID); !errors.Is(err, matching.ErrLeadNotFound) {
			t.Fatalf("no lead yet: %v", err)
		}
		if err := repo.Attach(ctx, l.ID, u1.ID); err != nil {
			t.Fatal(err)
		}
		if err := repo.Attach(ctx, l.ID, u1.ID); err != nil {
			t.Fatalf("attaching again to the same account: %v", err)
		}
		if err := repo.Attach(ctx, l.ID, u2.ID); !errors.Is(err, matching.ErrLeadTaken) {
			t.Fatalf("another account: %v", err)
		}
		if err := repo.Attach(ctx, l.ID+100, u2.ID); !errors.Is(err, matching.ErrLeadNotFound) {
			t.Fatalf("missing lead: %v", err)
		}
		newer := matching.Lead{Answers: []string{"tre"}, Analysis: a, UserID: &u1.ID}
		if err := repo.CreateLead(ctx, &newer); err != nil {
			t.Fatal(err)
		}
		latest, err := repo.LatestOfUser(ctx, u1.ID)
		if err != nil || latest.ID != newer.ID || latest.UserID == nil || *latest.UserID != u1.ID {
			t.Fatalf("latest %+v %v", latest, err)
		}
		// Deleting the account takes its leads with it.
		if err := users.Delete(ctx, u1.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := repo.Lead(ctx, l.ID); !errors.Is(err, matching.ErrLeadNotFound) {
			t.Fatalf("lead of a deleted account: %v", err)
		}
	})
}

func TestMatchingRepo_Profiles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		users := store.NewUserRepo(db)
		ds := store.NewDesignerRepo(db)
		for i, sp := range [][]string{{"Minimal", "Japandi"}, {"Rustico"}} {
			u := identity.User{Email: []string{"a@example.com", "b@example.com"}[i], Name: "D", Role: identity.RoleDesigner}
			if err := users.Create(ctx, &u); err != nil {
				t.Fatal(err)
			}
			d := designers.Designer{UserID: u.ID, Name: "D", City: "Roma", DesignStyle: style.Codes[i+2], Specialties: sp,
				WorkPreferences: []style.WorkMode{style.Online}, MinBudget: 300, FirstProposal: "5-7 giorni", LikeCount: i * 4}
			if err := ds.Create(ctx, &d); err != nil {
				t.Fatal(err)
			}
		}
		ps, err := store.NewMatchingRepo(db).Profiles(ctx)
		if err != nil || len(ps) != 2 {
			t.Fatalf("%+v %v", ps, err)
		}
		if ps[0].DesignStyle != "C" || len(ps[0].Specialties) != 2 || ps[1].DesignStyle != "D" || ps[1].Likes != 4 || ps[1].Specialties[0] != "Rustico" {
			t.Fatalf("profiles %+v", ps)
		}
	})
}

// TestMigrate_AppliesReservedNumbersLate checks a database that got a later
// feature's migration first still receives 00004 (numbers are reserved per feature).
func TestMigrate_AppliesReservedNumbersLate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.SQL().ExecContext(ctx, "DROP TABLE leads"); err != nil {
			t.Fatal(err)
		}
		// 00014 (lead tokens) alters the table 00004 creates, so it goes again too.
		if _, err := db.SQL().ExecContext(ctx, "DELETE FROM goose_db_version WHERE version_id IN (4, 14)"); err != nil {
			t.Fatal(err)
		}
		n, err := db.Migrate(ctx)
		if err != nil || n != 2 {
			t.Fatalf("migrate: %d applied, %v", n, err)
		}
		l := matching.Lead{Answers: []string{}, Analysis: matching.Analysis{Dominant: "A", Percentages: map[style.Code]int{"A": 100, "B": 0, "C": 0, "D": 0, "E": 0}}}
		if err := store.NewMatchingRepo(db).CreateLead(ctx, &l); err != nil {
			t.Fatal(err)
		}
	})
}
