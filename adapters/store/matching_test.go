package store_test

import (
	"context"
	"errors"
	"fmt"
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
		if _, err := repo.ProfileLead(ctx, u1.ID); !errors.Is(err, matching.ErrLeadNotFound) {
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
		latest, err := repo.ProfileLead(ctx, u1.ID)
		if err != nil || latest.ID != newer.ID || latest.UserID == nil || *latest.UserID != u1.ID {
			t.Fatalf("without a profile pointer the newest lead: %+v %v", latest, err)
		}
		// The account's pointer (an older lead adopted later) wins over the newest lead.
		if _, err := users.Update(ctx, u1.ID, func(u *identity.User) error { u.LeadID = &l.ID; return nil }); err != nil {
			t.Fatal(err)
		}
		if got, err := repo.ProfileLead(ctx, u1.ID); err != nil || got.ID != l.ID {
			t.Fatalf("the adopted lead: %+v %v", got, err)
		}
		// A pointer at a lead that is not the account's own is never followed.
		if _, err := users.Update(ctx, u2.ID, func(u *identity.User) error { u.LeadID = &l.ID; return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := repo.ProfileLead(ctx, u2.ID); !errors.Is(err, matching.ErrLeadNotFound) {
			t.Fatalf("someone else's lead: %v", err)
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
				WorkPreferences: []style.WorkMode{style.Online}, MinBudget: 300, FirstProposal: "5-7 giorni"}
			if err := ds.Create(ctx, &d); err != nil {
				t.Fatal(err)
			}
			// The ranking's like count is the likes rows: i*4 customers like designer i.
			for f := 0; f < i*4; f++ {
				if _, err := store.NewEngagementRepo(db).ToggleLike(ctx, newCustomer(t, db, fmt.Sprintf("fan%d-%d@example.com", i, f)), d.ID); err != nil {
					t.Fatal(err)
				}
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
		// 00009 and 00011 (issue 15) are lower than 00013 and 00014 (issue 17): a
		// database that got issue 17's first still receives them.
		if _, err := db.SQL().ExecContext(ctx, "DELETE FROM goose_db_version WHERE version_id IN (4, 9, 11, 14)"); err != nil {
			t.Fatal(err)
		}
		n, err := db.Migrate(ctx)
		if err != nil || n != 4 {
			t.Fatalf("migrate: %d applied, %v", n, err)
		}
		l := matching.Lead{Answers: []string{}, Analysis: matching.Analysis{Dominant: "A", Percentages: map[style.Code]int{"A": 100, "B": 0, "C": 0, "D": 0, "E": 0}}}
		if err := store.NewMatchingRepo(db).CreateLead(ctx, &l); err != nil {
			t.Fatal(err)
		}
	})
}

// TestMigrate_StyleProfileBackfill checks 00011: a customer who took the
// questionnaire while signed in before accounts kept it gets that newest lead
// as the account's style profile; accounts already pointing at their newest
// lead, and designers, are left alone.
func TestMigrate_StyleProfileBackfill(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		users, repo := store.NewUserRepo(db), store.NewMatchingRepo(db)
		analysis := func(c style.Code) matching.Analysis {
			p := map[style.Code]int{"A": 0, "B": 0, "C": 0, "D": 0, "E": 0}
			p[c] = 100
			return matching.Analysis{Dominant: c, Percentages: p}
		}
		mk := func(email string, role identity.Role) identity.User {
			u := identity.User{Email: email, Name: "X", Role: role}
			if err := users.Create(ctx, &u); err != nil {
				t.Fatal(err)
			}
			return u
		}
		lead := func(u identity.User, c style.Code) matching.Lead {
			l := matching.Lead{Answers: []string{string(c)}, Analysis: analysis(c), UserID: &u.ID}
			if err := repo.CreateLead(ctx, &l); err != nil {
				t.Fatal(err)
			}
			return l
		}
		stale, kept, designer := mk("stale@example.com", identity.RoleUser), mk("kept@example.com", identity.RoleUser), mk("d@example.com", identity.RoleDesigner)
		lead(stale, "B")
		newest := lead(stale, "E")
		own := lead(kept, "C")
		if _, err := users.Update(ctx, kept.ID, func(u *identity.User) error {
			u.LeadID, u.StyleAnalysis = &own.ID, own.Analysis.JSON()
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		lead(designer, "A")

		if _, err := db.SQL().ExecContext(ctx, "DELETE FROM goose_db_version WHERE version_id = 11"); err != nil {
			t.Fatal(err)
		}
		if n, err := db.Migrate(ctx); err != nil || n != 1 {
			t.Fatalf("migrate: %d applied, %v", n, err)
		}
		got, _ := users.ByID(ctx, stale.ID)
		if a, ok := matching.ParseAnalysis(got.StyleAnalysis); got.LeadID == nil || *got.LeadID != newest.ID || !ok || a.Dominant != "E" || string(got.QuestionnaireAnswers) != `["E"]` {
			t.Fatalf("stale account: %+v", got)
		}
		if got, _ := users.ByID(ctx, kept.ID); got.LeadID == nil || *got.LeadID != own.ID {
			t.Fatalf("kept account: %+v", got)
		}
		if got, _ := users.ByID(ctx, designer.ID); got.LeadID != nil || got.StyleAnalysis != nil {
			t.Fatalf("designer: %+v", got)
		}
	})
}

// TestMatchingRepo_QuizLeadDurability: a quiz lead commits without waiting for
// the WAL flush on PostgreSQL, and nothing else does: not the rest of the pool,
// not a registration's lead, not a later transaction on the same connection.
func TestMatchingRepo_QuizLeadDurability(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewMatchingRepo(db)
		// One connection, so a setting that leaked would be seen by the next statement.
		db.SQL().SetMaxOpenConns(1)
		pg := db.Dialect() == store.Postgres
		show := func(ctx context.Context) string {
			t.Helper()
			if !pg {
				return "n/a"
			}
			var v string
			if err := db.Conn(ctx).Raw("SHOW synchronous_commit").Scan(&v).Error; err != nil {
				t.Fatal(err)
			}
			return v
		}
		want := func(got, pgWant string) {
			t.Helper()
			if pg && got != pgWant {
				t.Fatalf("synchronous_commit = %q, want %q", got, pgWant)
			}
		}
		a := matching.Analysis{Dominant: "C", Percentages: map[style.Code]int{"A": 0, "B": 0, "C": 100, "D": 0, "E": 0}}

		var quiz matching.Lead
		err := db.InTx(ctx, func(ctx context.Context) error {
			want(show(ctx), "on")
			quiz = matching.Lead{Answers: []string{"uno"}, Analysis: a, Version: "v1"}
			if err := repo.CreateQuizLead(ctx, &quiz); err != nil {
				return err
			}
			want(show(ctx), "off") // the caller's transaction holds only this lead
			return nil
		})
		if err != nil || quiz.ID == 0 {
			t.Fatalf("quiz lead in a caller's transaction: %v", err)
		}
		for i := 0; i < 3; i++ {
			l := matching.Lead{Answers: []string{"due"}, Analysis: a, Version: "v1"}
			if err := repo.CreateQuizLead(ctx, &l); err != nil || l.ID == 0 {
				t.Fatalf("quiz lead on its own: %v", err)
			}
			if got, err := repo.Lead(ctx, l.ID); err != nil || got.Answers[0] != "due" {
				t.Fatalf("read back: %+v %v", got, err)
			}
		}
		want(show(ctx), "on")
		// A registration's lead (CreateLead) stays durable inside its transaction.
		err = db.InTx(ctx, func(ctx context.Context) error {
			l := matching.Lead{Answers: []string{"tre"}, Analysis: a, Version: "v1"}
			if err := repo.CreateLead(ctx, &l); err != nil {
				return err
			}
			want(show(ctx), "on")
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// A caller's transaction that fails takes its quiz lead with it.
		var lost matching.Lead
		boom := errors.New("boom")
		err = db.InTx(ctx, func(ctx context.Context) error {
			lost = matching.Lead{Answers: []string{"quattro"}, Analysis: a, Version: "v1"}
			if err := repo.CreateQuizLead(ctx, &lost); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("rollback: %v", err)
		}
		if _, err := repo.Lead(ctx, lost.ID); !errors.Is(err, matching.ErrLeadNotFound) {
			t.Fatalf("rolled-back quiz lead exists: %v", err)
		}
		want(show(ctx), "on")
	})
}
