package store_test

import (
	"context"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/admin"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/scheduling"
)

func TestAdminRepo_Directory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewAdminRepo(db)
		users := store.NewUserRepo(db)
		root := identity.User{Email: "root@example.com", Name: "Root", Role: identity.RoleAdmin, PasswordHash: "h"}
		google := identity.User{Email: "g@example.com", Name: "Gina", Role: identity.RoleUser, GoogleSub: "sub-1", Location: "Napoli"}
		for _, u := range []*identity.User{&root, &google} {
			if err := users.Create(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		anna := newCustomer(t, db, "anna_100%@example.com")
		sofia := newDesigner(t, db, "sofia@example.com", "Sofia Neri", "Torino")
		newDesigner(t, db, "luca@example.com", "Luca Bianchi", "Bari")

		t.Run("UsersListsCustomersAndAdminsOnly", func(t *testing.T) {
			list, total, err := repo.Users(ctx, admin.Query{})
			if err != nil || total != 3 || len(list) != 3 {
				t.Fatalf("%d %v %v", total, list, err)
			}
			byEmail := map[string]admin.User{}
			for _, u := range list {
				byEmail[u.Email] = u
			}
			if !byEmail["root@example.com"].IsAdmin() || !byEmail["root@example.com"].HasPassword {
				t.Fatalf("admin row %+v", byEmail["root@example.com"])
			}
			if g := byEmail["g@example.com"]; g.GoogleID != "sub-1" || g.HasPassword || g.Location != "Napoli" {
				t.Fatalf("google row %+v", g)
			}
			if _, ok := byEmail["sofia@example.com"]; ok {
				t.Fatal("designer account in the users list")
			}
		})
		t.Run("UsersSearchAndPaging", func(t *testing.T) {
			if list, total, _ := repo.Users(ctx, admin.Query{Search: "napoli"}); total != 1 || list[0].Email != "g@example.com" {
				t.Fatalf("location search: %d %v", total, list)
			}
			if list, total, _ := repo.Users(ctx, admin.Query{Search: "100%"}); total != 1 || list[0].ID != anna {
				t.Fatalf("LIKE wildcards are literal: %d %v", total, list)
			}
			if list, total, _ := repo.Users(ctx, admin.Query{Search: "_"}); total != 1 || list[0].ID != anna {
				t.Fatalf("underscore is literal: %d %v", total, list)
			}
			list, total, _ := repo.Users(ctx, admin.Query{Offset: 2, Limit: 2})
			if total != 3 || len(list) != 1 {
				t.Fatalf("page 2: %d %v", total, list)
			}
		})
		t.Run("DesignersSearchOverNameEmailPhoneCity", func(t *testing.T) {
			list, total, err := repo.Designers(ctx, admin.Query{})
			if err != nil || total != 2 || list[1].ID != sofia.ID || list[1].Email != "sofia@example.com" || list[1].Phone != "+39 333" ||
				list[1].DesignStyle != "C" || list[1].PrimaProposta != "5-7 giorni" || list[1].UserID != sofia.UserID {
				t.Fatalf("%d %+v %v", total, list, err)
			}
			for q, want := range map[string]int{"torino": 1, "LUCA@": 1, "+39": 2, "neri": 1, "nobody": 0} {
				if _, n, _ := repo.Designers(ctx, admin.Query{Search: admin.Query{Search: q}.Normalized().Search}); n != want {
					t.Errorf("search %q: %d, want %d", q, n, want)
				}
			}
		})
		t.Run("Counts", func(t *testing.T) {
			if _, err := store.NewDesignerRepo(db).Update(ctx, sofia.ID, func(d *designers.Designer) error { d.Verified = true; return nil }); err != nil {
				t.Fatal(err)
			}
			c, err := repo.Counts(ctx, db.Now().Add(-time.Hour))
			if err != nil || c.Customers != 2 || c.Admins != 1 || c.Designers != 2 || c.VerifiedDesigners != 1 || c.NewCustomers != 2 || c.NewDesigners != 2 {
				t.Fatalf("%+v %v", c, err)
			}
			if c, _ := repo.Counts(ctx, db.Now().Add(time.Hour)); c.NewCustomers != 0 || c.NewDesigners != 0 {
				t.Fatalf("future since: %+v", c)
			}
		})
		t.Run("Activity", func(t *testing.T) {
			conn := db.Conn(ctx)
			now := db.Now()
			if err := conn.Exec("INSERT INTO likes (user_id, designer_id, created_at) VALUES (?, ?, ?)", anna, sofia.ID, now).Error; err != nil {
				t.Fatal(err)
			}
			if err := conn.Exec("INSERT INTO contacts (designer_id, customer_id, created_at, updated_at) VALUES (?, ?, ?, ?)", sofia.ID, anna, now, now).Error; err != nil {
				t.Fatal(err)
			}
			var contactID int64
			if err := conn.Raw("SELECT id FROM contacts WHERE customer_id = ?", anna).Scan(&contactID).Error; err != nil {
				t.Fatal(err)
			}
			for _, at := range []time.Time{now.Add(-30 * time.Hour), now.Add(-time.Minute), now} {
				if err := conn.Exec("INSERT INTO messages (contact_id, sender_type, sender_id, body, created_at) VALUES (?, 'user', ?, 'Ciao', ?)", contactID, anna, at).Error; err != nil {
					t.Fatal(err)
				}
			}
			a, err := repo.Activity(ctx, now.Add(-time.Hour))
			if err != nil || a.MessagesToday != 2 || a.Likes != 1 || a.Conversations != 1 {
				t.Fatalf("%+v %v", a, err)
			}
		})
		t.Run("AppointmentsByStatus", func(t *testing.T) {
			sched := store.NewSchedulingRepo(db)
			start := time.Date(2030, 1, 7, 9, 0, 0, 0, time.UTC)
			if err := sched.Book(ctx, appt(sofia.ID, anna, start), start.Add(-48*time.Hour), noLimit); err != nil {
				t.Fatal(err)
			}
			got, err := repo.CountByStatus(ctx)
			if err != nil || got["pending"] != 1 || got["confirmed"] != 0 || len(got) != 4 {
				t.Fatalf("%v %v", got, err)
			}
		})
	})
}

func TestAdminRepo_Audit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewAdminRepo(db)
		for i, label := range []string{"anna@example.com", "bea@example.com", "carla@example.com"} {
			e := admin.Entry{ActorID: 1, ActorEmail: "root@example.com", Action: admin.ActionUserDelete, TargetType: "user",
				TargetID: int64(10 + i), TargetLabel: label, Details: "user"}
			if err := repo.Record(ctx, &e); err != nil || e.ID == 0 || e.CreatedAt.IsZero() {
				t.Fatalf("%+v %v", e, err)
			}
		}
		list, total, err := repo.List(ctx, admin.Query{Limit: 2})
		if err != nil || total != 3 || len(list) != 2 || list[0].TargetLabel != "carla@example.com" || list[0].ActorEmail != "root@example.com" {
			t.Fatalf("%d %+v %v", total, list, err)
		}
		if list, total, _ := repo.List(ctx, admin.Query{Search: "bea"}); total != 1 || list[0].TargetID != 11 {
			t.Fatalf("search: %d %+v", total, list)
		}
		t.Run("RolledBackWithItsAction", func(t *testing.T) {
			_ = db.InTx(ctx, func(ctx context.Context) error {
				e := admin.Entry{ActorID: 1, ActorEmail: "root@example.com", Action: admin.ActionUserUpdate, TargetType: "user", TargetID: 1}
				if err := repo.Record(ctx, &e); err != nil {
					t.Fatal(err)
				}
				return scheduling.ErrNotFound
			})
			if _, total, _ := repo.List(ctx, admin.Query{}); total != 3 {
				t.Fatalf("rolled-back entry kept: %d", total)
			}
		})
	})
}
