package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/admin"
	"interno/core/identity"
	"interno/internal/wiring"
)

// adminEnv is a router with the admin panel wired in and a cast: two
// customers, two designers, two admins.
type adminEnv struct {
	*testEnv
	anna, bruno, sofia, bea, root, other string
	annaID, brunoID, rootID, otherID     int64
	sofiaID, beaID                       int64
}

func newAdminEnv(t *testing.T, db *store.DB) *adminEnv {
	t.Helper()
	env := newEnv(t, db, func(_ *Config, d *Deps) {
		repo := store.NewAdminRepo(db)
		d.Admin = admin.NewService(admin.Deps{Directory: repo, Accounts: wiring.AdminAccounts{Identity: d.Identity},
			Profiles: wiring.AdminProfiles{Designers: d.Designers}, Appointments: repo, Activity: repo, Audit: repo, Tx: db})
	})
	ae := &adminEnv{testEnv: env}
	ae.anna, ae.annaID = env.account("anna@example.com")
	ae.bruno, ae.brunoID = env.account("bruno@example.com")
	ae.sofia, ae.sofiaID = env.newDesignerAccount("sofia@example.com")
	ae.bea, ae.beaID = env.newDesignerAccount("bea@example.com")
	ae.root, ae.rootID = env.withRole("root@example.com", identity.RoleAdmin)
	ae.other, ae.otherID = env.withRole("other@example.com", identity.RoleAdmin)
	return ae
}

func eachAdmin(t *testing.T, fn func(t *testing.T, env *adminEnv)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newAdminEnv(t, db)) })
}

func TestAdmin_WhoMayCall(t *testing.T) {
	eachAdmin(t, func(t *testing.T, env *adminEnv) {
		routes := []req{
			{method: "GET", path: "/api/admin/stats"},
			{method: "GET", path: "/api/admin/users"},
			{method: "GET", path: "/api/admin/designers"},
			{method: "GET", path: "/api/admin/audit"},
			{method: "PUT", path: "/api/admin/users/" + itoa(env.brunoID), body: map[string]any{"location": "Genova"}},
			{method: "PUT", path: "/api/admin/designers/" + itoa(env.beaID), body: map[string]any{"city": "Lecce"}},
			{method: "PUT", path: "/api/admin/designers/" + itoa(env.beaID) + "/verify"},
			{method: "DELETE", path: "/api/admin/users/" + itoa(env.brunoID)},
			{method: "DELETE", path: "/api/admin/designers/" + itoa(env.beaID)},
		}
		callers := []struct {
			name, token string
			status      int
		}{
			{"Anonymous", "", http.StatusUnauthorized},
			{"BadToken", "not-a-token", http.StatusUnauthorized},
			{"Customer", env.anna, http.StatusForbidden},
			{"AnotherCustomer", env.bruno, http.StatusForbidden},
			{"Designer", env.sofia, http.StatusForbidden},
			{"AnotherDesigner", env.bea, http.StatusForbidden},
		}
		for _, caller := range callers {
			t.Run(caller.name, func(t *testing.T) {
				for _, r := range routes {
					r.token = caller.token
					got := env.expect(r, caller.status).JSON(t)
					if caller.status == http.StatusForbidden && got["reason"] != "admin_required" {
						t.Fatalf("%s %s: %v", r.method, r.path, got)
					}
				}
			})
		}
		// Nothing was changed by the refused calls.
		if d := env.expect(req{method: "GET", path: "/api/designers/" + itoa(env.beaID)}, 200).JSON(t); d["city"] != "Torino" || d["verified"] != false {
			t.Fatalf("refused call changed bea: %v", d)
		}
		t.Run("Admin", func(t *testing.T) {
			for _, r := range routes {
				r.token = env.root
				env.expect(r, http.StatusOK)
			}
		})
	})
}

func TestAdmin_Lists(t *testing.T) {
	eachAdmin(t, func(t *testing.T, env *adminEnv) {
		t.Run("UsersFullListByDefault", func(t *testing.T) {
			m := env.expect(req{method: "GET", path: "/api/admin/users", token: env.root}, 200).JSON(t)
			users := m["users"].([]any)
			if m["total"].(float64) != 4 || len(users) != 4 || m["has_more"] != false {
				t.Fatalf("%v", m)
			}
			var rootRow, annaRow map[string]any
			for _, u := range users {
				row := u.(map[string]any)
				switch row["email"] {
				case "root@example.com":
					rootRow = row
				case "anna@example.com":
					annaRow = row
				case "sofia@example.com", "bea@example.com":
					t.Fatalf("designer account in the users list: %v", row)
				}
			}
			if rootRow["is_admin"] != true || annaRow["is_admin"] != false || annaRow["has_password"] != true ||
				annaRow["google_id"] != nil || annaRow["created_at"] == "" || annaRow["location"] != "" {
				t.Fatalf("rows: %v %v", rootRow, annaRow)
			}
			if strings.Contains(string(env.expect(req{method: "GET", path: "/api/admin/users", token: env.root}, 200).Body), "password_hash") {
				t.Fatal("hash leaked")
			}
		})
		t.Run("SearchAndPaging", func(t *testing.T) {
			m := env.expect(req{method: "GET", path: "/api/admin/users?q=ANNA", token: env.root}, 200).JSON(t)
			if m["total"].(float64) != 1 {
				t.Fatalf("%v", m)
			}
			m = env.expect(req{method: "GET", path: "/api/admin/users?page=2&limit=3", token: env.root}, 200).JSON(t)
			if m["total"].(float64) != 4 || len(m["users"].([]any)) != 1 || m["has_more"] != false || m["page"].(float64) != 2 {
				t.Fatalf("%v", m)
			}
			m = env.expect(req{method: "GET", path: "/api/admin/designers?q=bea@&limit=1", token: env.root}, 200).JSON(t)
			row := m["designers"].([]any)[0].(map[string]any)
			if m["total"].(float64) != 1 || row["email"] != "bea@example.com" || row["phone"] != "+39 333 1234567" ||
				row["city"] != "Torino" || row["design_style"] != "C" || row["prima_proposta"] != "7-15 giorni" || row["verified"] != false {
				t.Fatalf("%v", m)
			}
			for _, bad := range []string{"?limit=0", "?limit=501", "?page=0", "?page=x&limit=2"} {
				env.expect(req{method: "GET", path: "/api/admin/users" + bad, token: env.root}, 422)
			}
		})
		t.Run("Stats", func(t *testing.T) {
			m := env.expect(req{method: "GET", path: "/api/admin/stats", token: env.root}, 200).JSON(t)
			if m["total_users"].(float64) != 4 || m["total_designers"].(float64) != 2 || m["total_admins"].(float64) != 2 ||
				m["total_customers"].(float64) != 2 || m["new_users_week"].(float64) != 2 || m["new_designers_week"].(float64) != 2 {
				t.Fatalf("%v", m)
			}
			if byStatus := m["appointments_by_status"].(map[string]any); byStatus["pending"].(float64) != 0 {
				t.Fatalf("%v", byStatus)
			}
			if m["messages_today"].(float64) != 0 || m["total_likes"].(float64) != 0 || m["total_conversations"].(float64) != 0 {
				t.Fatalf("%v", m)
			}
		})
	})
}

func TestAdmin_Edit(t *testing.T) {
	eachAdmin(t, func(t *testing.T, env *adminEnv) {
		userPath := "/api/admin/users/" + itoa(env.annaID)
		t.Run("MassAssignmentIsIgnored", func(t *testing.T) {
			// Only non-editable fields: nothing to change.
			for _, body := range []map[string]any{{"role": "admin"}, {"password": "newpassword1"}, {"password_hash": "x"}, {"google_id": "x"}} {
				env.expect(req{method: "PUT", path: userPath, token: env.root, body: body}, 422)
			}
			row := env.expect(req{method: "PUT", path: userPath, token: env.root, body: map[string]any{"is_admin": true, "role": "admin", "name": "Anna"}}, 200).JSON(t)
			if row["role"] != "user" || row["is_admin"] != false || row["name"] != "Anna" {
				t.Fatalf("row %v", row)
			}
			me := env.expect(req{method: "GET", path: "/api/users/me", token: env.anna}, 200).JSON(t)["user"].(map[string]any)
			if me["role"] != "user" || me["name"] != "Anna" {
				t.Fatalf("anna: %v", me)
			}
			for _, body := range []map[string]any{{"verified": true}, {"user_id": env.annaID}, {"gallery_images": []string{}}, {"like_count": 99}} {
				env.expect(req{method: "PUT", path: "/api/admin/designers/" + itoa(env.sofiaID), token: env.root, body: body}, 422)
			}
			d := env.expect(req{method: "PUT", path: "/api/admin/designers/" + itoa(env.sofiaID), token: env.root,
				body: map[string]any{"city": "Lecce", "verified": true, "like_count": 99}}, 200).JSON(t)
			if d["city"] != "Lecce" || d["verified"] != false {
				t.Fatalf("designer %v", d)
			}
		})
		t.Run("SameValidationAsTheOwner", func(t *testing.T) {
			env.expect(req{method: "PUT", path: userPath, token: env.root, body: map[string]any{"email": "not-an-email"}}, 422)
			env.expect(req{method: "PUT", path: userPath, token: env.root, body: map[string]any{"name": "  "}}, 422)
			env.expect(req{method: "PUT", path: userPath, token: env.root, body: map[string]any{"email": "bruno@example.com"}}, 409)
			env.expect(req{method: "PUT", path: userPath, token: env.root, body: map[string]any{}}, 422)
			env.expect(req{method: "PUT", path: userPath, token: env.root, body: "[1]"}, 422)
			dPath := "/api/admin/designers/" + itoa(env.sofiaID)
			m := env.expect(req{method: "PUT", path: dPath, token: env.root, body: map[string]any{"min_budget": 100}}, 422).JSON(t)
			if !strings.Contains(string(mustJSON(t, m)), "Minimum budget must be at least") {
				t.Fatalf("%v", m)
			}
			env.expect(req{method: "PUT", path: dPath, token: env.root, body: map[string]any{"design_style": "Z"}}, 422)
			env.expect(req{method: "PUT", path: dPath, token: env.root, body: map[string]any{"email": "bea@example.com"}}, 409)
			env.expect(req{method: "PUT", path: "/api/admin/designers/99999", token: env.root, body: map[string]any{"city": "Roma"}}, 404)
			env.expect(req{method: "PUT", path: "/api/admin/users/99999", token: env.root, body: map[string]any{"name": "X"}}, 404)
		})
		t.Run("DesignerAccountsAreEditedAsDesigners", func(t *testing.T) {
			d := env.expect(req{method: "GET", path: "/api/designers/" + itoa(env.sofiaID), token: env.sofia}, 200).JSON(t)
			m := env.expect(req{method: "PUT", path: "/api/admin/users/" + itoa(int64(d["user_id"].(float64))), token: env.root,
				body: map[string]any{"name": "X"}}, 409).JSON(t)
			if m["reason"] != "designer_account" {
				t.Fatalf("%v", m)
			}
		})
		t.Run("EditsApplyAndAreAudited", func(t *testing.T) {
			before := len(env.expect(req{method: "GET", path: "/api/admin/audit", token: env.root}, 200).JSON(t)["entries"].([]any))
			u := env.expect(req{method: "PUT", path: userPath, token: env.root, body: map[string]any{"name": " Anna Bianchi ", "location": "Roma"}}, 200).JSON(t)
			if u["name"] != "Anna Bianchi" || u["location"] != "Roma" {
				t.Fatalf("%v", u)
			}
			d := env.expect(req{method: "PUT", path: "/api/admin/designers/" + itoa(env.sofiaID), token: env.root,
				body: map[string]any{"city": "Bologna", "name": "Sofia M."}}, 200).JSON(t)
			if d["city"] != "Bologna" || d["name"] != "Sofia M." {
				t.Fatalf("%v", d)
			}
			pub := env.expect(req{method: "GET", path: "/api/designers/" + itoa(env.sofiaID)}, 200).JSON(t)
			if pub["city"] != "Bologna" || pub["min_budget"].(float64) != 300 || pub["bio"] == "" {
				t.Fatalf("edit touched other fields: %v", pub)
			}
			entries := env.expect(req{method: "GET", path: "/api/admin/audit", token: env.root}, 200).JSON(t)["entries"].([]any)
			if len(entries) != before+2 {
				t.Fatalf("%v", entries)
			}
			last := entries[0].(map[string]any)
			if last["action"] != "designer.update" || last["details"] != "city,name" || last["actor_email"] != "root@example.com" ||
				last["target_label"] != "sofia@example.com" || last["created_at"] == "" {
				t.Fatalf("%v", last)
			}
		})
	})
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAdmin_Delete(t *testing.T) {
	eachAdmin(t, func(t *testing.T, env *adminEnv) {
		t.Run("AdminsAreNeverDeleted", func(t *testing.T) {
			for _, id := range []int64{env.rootID, env.otherID} {
				m := env.expect(req{method: "DELETE", path: "/api/admin/users/" + itoa(id), token: env.root}, 409).JSON(t)
				if m["reason"] != "admin_protected" {
					t.Fatalf("%v", m)
				}
			}
			env.expect(req{method: "GET", path: "/api/users/me", token: env.other}, 200)
		})
		t.Run("CustomerGoesWithEverything", func(t *testing.T) {
			env.expect(req{method: "DELETE", path: "/api/admin/users/" + itoa(env.annaID), token: env.root, key: "del-anna"}, 200)
			replay := env.expect(req{method: "DELETE", path: "/api/admin/users/" + itoa(env.annaID), token: env.root, key: "del-anna"}, 200)
			if !strings.Contains(string(replay.Body), "User deleted") {
				t.Fatalf("replay %s", replay.Body)
			}
			env.expect(req{method: "DELETE", path: "/api/admin/users/" + itoa(env.annaID), token: env.root}, 404)
			env.expect(req{method: "GET", path: "/api/users/me", token: env.anna}, 401)
			env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "anna@example.com", "password": "password123"}}, 401)
		})
		t.Run("DesignerGoesWithFilesAndAccount", func(t *testing.T) {
			before := env.expect(req{method: "GET", path: "/api/designers/" + itoa(env.beaID), token: env.root}, 200).JSON(t)
			gallery := before["gallery_images"].([]any)
			env.expect(req{method: "DELETE", path: "/api/admin/designers/" + itoa(env.beaID), token: env.root}, 200)
			env.expect(req{method: "GET", path: "/api/designers/" + itoa(env.beaID)}, 404)
			env.expect(req{method: "GET", path: "/api/users/me", token: env.bea}, 401)
			for _, g := range gallery {
				stored := strings.TrimPrefix(g.(string), "/api/")
				if !slices.Contains(env.imgs.removed, stored) {
					t.Fatalf("gallery file %s not removed: %v", stored, env.imgs.removed)
				}
			}
			var n int64
			if err := env.db.Conn(context.Background()).Table("users").Where("email = ?", "bea@example.com").Count(&n).Error; err != nil || n != 0 {
				t.Fatalf("account row left: %d %v", n, err)
			}
			env.expect(req{method: "DELETE", path: "/api/admin/designers/" + itoa(env.beaID), token: env.root}, 404)
		})
		t.Run("Audited", func(t *testing.T) {
			m := env.expect(req{method: "GET", path: "/api/admin/audit?q=example.com", token: env.root}, 200).JSON(t)
			var actions []string
			for _, e := range m["entries"].([]any) {
				actions = append(actions, e.(map[string]any)["action"].(string))
			}
			if strings.Join(actions, " ") != "designer.delete user.delete" {
				t.Fatalf("%v", actions)
			}
		})
		env.expect(req{method: "DELETE", path: "/api/admin/users/abc", token: env.root}, 422)
	})
}

func TestAdmin_Verify(t *testing.T) {
	eachAdmin(t, func(t *testing.T, env *adminEnv) {
		path := "/api/admin/designers/" + itoa(env.sofiaID) + "/verify"
		if d := env.expect(req{method: "PUT", path: path, token: env.root}, 200).JSON(t); d["verified"] != true {
			t.Fatalf("%v", d)
		}
		if d := env.expect(req{method: "GET", path: "/api/designers/" + itoa(env.sofiaID)}, 200).JSON(t); d["verified"] != true {
			t.Fatalf("public page has no badge: %v", d)
		}
		if m := env.expect(req{method: "GET", path: "/api/admin/stats", token: env.root}, 200).JSON(t); m["verified_designers"].(float64) != 1 {
			t.Fatalf("%v", m)
		}
		if d := env.expect(req{method: "PUT", path: path, token: env.root}, 200).JSON(t); d["verified"] != false {
			t.Fatalf("%v", d)
		}
		env.expect(req{method: "PUT", path: "/api/admin/designers/99999/verify", token: env.root}, 404)
		entries := env.expect(req{method: "GET", path: "/api/admin/audit?limit=1", token: env.root}, 200).JSON(t)
		if e := entries["entries"].([]any)[0].(map[string]any); e["action"] != "designer.unverify" || entries["total"].(float64) != 2 {
			t.Fatalf("%v", entries)
		}
	})
}
