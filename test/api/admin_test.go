package api_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// uploadsOf lists the stored upload files under the data directory.
func (s *server) uploadsOf(t *testing.T) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(filepath.Join(s.DataDir, "uploads"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestAdmin(t *testing.T) {
	if photoCache == "" {
		photoCache = photo(t)
	}
	each(t, func(t *testing.T, s *server) {
		anna, annaID := s.register("anna@example.com")
		bruno, brunoID := s.register("bruno@example.com")
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		d := s.must(201, "POST", "/api/designers", "", designerPayload("chiara@example.com")).JSON()
		chiaraID := int64(d["id"].(float64))
		chiara := s.login("chiara@example.com", "designer123")
		root := s.admin()
		me := s.must(200, "GET", "/api/users/me", root, nil).JSON()["user"].(map[string]any)
		rootID := int64(me["id"].(float64))

		routes := []struct{ method, path string }{
			{"GET", "/api/admin/stats"}, {"GET", "/api/admin/users"}, {"GET", "/api/admin/designers"}, {"GET", "/api/admin/audit"},
			{"PUT", fmt.Sprintf("/api/admin/users/%d", brunoID)}, {"DELETE", fmt.Sprintf("/api/admin/users/%d", brunoID)},
			{"PUT", fmt.Sprintf("/api/admin/designers/%d", sofiaID)}, {"DELETE", fmt.Sprintf("/api/admin/designers/%d", sofiaID)},
			{"PUT", fmt.Sprintf("/api/admin/designers/%d/verify", sofiaID)},
		}
		t.Run("OnlyAdminsMayCall", func(t *testing.T) {
			for _, r := range routes {
				var body any
				if r.method == "PUT" {
					body = map[string]any{"city": "Lecce"}
				}
				s.must(401, r.method, r.path, "", body)
				for _, tok := range []string{anna, bruno, sofia, chiara} {
					if m := s.must(403, r.method, r.path, tok, body).JSON(); m["reason"] != "admin_required" {
						t.Fatalf("%s %s: %v", r.method, r.path, m)
					}
				}
			}
			s.must(200, "GET", "/api/users/me", bruno, nil)
			if d := s.must(200, "GET", fmt.Sprintf("/api/designers/%d", sofiaID), "", nil).JSON(); d["verified"] != false || d["city"] != "Torino" {
				t.Fatalf("a refused call changed sofia: %v", d)
			}
		})
		t.Run("ListsAndStats", func(t *testing.T) {
			users := s.must(200, "GET", "/api/admin/users", root, nil).JSON()
			if users["total"].(float64) != 3 || len(users["users"].([]any)) != 3 {
				t.Fatalf("%v", users)
			}
			ds := s.must(200, "GET", "/api/admin/designers?q=bari", root, nil).JSON()
			if ds["total"].(float64) != 1 || ds["designers"].([]any)[0].(map[string]any)["email"] != "chiara@example.com" {
				t.Fatalf("%v", ds)
			}
			st := s.must(200, "GET", "/api/admin/stats", root, nil).JSON()
			if st["total_users"].(float64) != 3 || st["total_designers"].(float64) != 2 || st["messages_today"] == nil || st["appointments_by_status"] == nil {
				t.Fatalf("%v", st)
			}
		})
		t.Run("MassAssignmentIgnored", func(t *testing.T) {
			// One policy for every edit route (docs/abuse.md): only editable fields are read.
			path := fmt.Sprintf("/api/admin/users/%d", annaID)
			if u := s.must(200, "PUT", path, root, map[string]any{"name": "Anna", "role": "admin"}).JSON(); u["role"] != "user" || u["is_admin"] != false {
				t.Fatalf("%v", u)
			}
			s.must(422, "PUT", path, root, map[string]any{"is_admin": true})
			s.must(422, "PUT", path, root, map[string]any{"password": "hijacked-123"})
			s.must(422, "PUT", fmt.Sprintf("/api/admin/designers/%d", sofiaID), root, map[string]any{"verified": true})
			if m := s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "password123"}).JSON(); m["role"] != "user" {
				t.Fatalf("%v", m)
			}
			u := s.must(200, "PUT", path, root, map[string]any{"name": "Anna Bianchi", "location": "Roma"}).JSON()
			if u["name"] != "Anna Bianchi" || u["location"] != "Roma" || u["is_admin"] != false {
				t.Fatalf("%v", u)
			}
			s.must(422, "PUT", fmt.Sprintf("/api/admin/designers/%d", sofiaID), root, map[string]any{"min_budget": 10})
		})
		t.Run("AdminUndeletable", func(t *testing.T) {
			if m := s.must(409, "DELETE", fmt.Sprintf("/api/admin/users/%d", rootID), root, nil).JSON(); m["reason"] != "admin_protected" {
				t.Fatalf("%v", m)
			}
			s.must(200, "GET", "/api/users/me", root, nil)
		})
		t.Run("DeletionLeavesNothingOrphaned", func(t *testing.T) {
			s.openWeek(sofia, sofiaID)
			s.must(201, "POST", "/api/appointments/", bruno, map[string]any{"designer_id": sofiaID, "appointment_date": slotAt(t, 3, 11)})
			s.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": sofiaID, "appointment_date": slotAt(t, 3, 12)})
			s.must(200, "DELETE", fmt.Sprintf("/api/admin/users/%d", brunoID), root, nil, "Idempotency-Key", "admin-del-bruno")
			s.must(200, "DELETE", fmt.Sprintf("/api/admin/users/%d", brunoID), root, nil, "Idempotency-Key", "admin-del-bruno")
			s.must(401, "GET", "/api/users/me", bruno, nil)
			if r := s.must(200, "GET", "/api/appointments/designer", sofia, nil).JSON(); r["total"].(float64) != 1 {
				t.Fatalf("bruno's appointment left behind: %v", r)
			}
			files := s.uploadsOf(t)
			var chiaraFiles []string
			for _, f := range files {
				if strings.Contains(f, "gallery") {
					chiaraFiles = append(chiaraFiles, f)
				}
			}
			if len(chiaraFiles) == 0 {
				t.Fatalf("no gallery files stored: %v", files)
			}
			s.must(200, "DELETE", fmt.Sprintf("/api/admin/designers/%d", chiaraID), root, nil)
			s.must(404, "GET", fmt.Sprintf("/api/designers/%d", chiaraID), "", nil)
			s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": "chiara@example.com", "password": "designer123"})
			for _, f := range chiaraFiles {
				if _, err := os.Stat(f); !os.IsNotExist(err) {
					t.Fatalf("file %s left behind (%v)", f, err)
				}
			}
			s.must(200, "DELETE", fmt.Sprintf("/api/admin/designers/%d", sofiaID), root, nil)
			if r := s.must(200, "GET", "/api/appointments/user", anna, nil).JSON(); r["total"].(float64) != 0 {
				t.Fatalf("appointments with a deleted designer left: %v", r)
			}
		})
		t.Run("VerifyAndAudit", func(t *testing.T) {
			_, lunaID := s.designerAccount("luna@example.com", "Luna Ferri")
			if d := s.must(200, "PUT", fmt.Sprintf("/api/admin/designers/%d/verify", lunaID), root, nil).JSON(); d["verified"] != true {
				t.Fatalf("%v", d)
			}
			if d := s.must(200, "GET", fmt.Sprintf("/api/designers/%d", lunaID), "", nil).JSON(); d["verified"] != true {
				t.Fatalf("no badge on the public profile: %v", d)
			}
			audit := s.must(200, "GET", "/api/admin/audit", root, nil).JSON()
			var actions []string
			for _, e := range audit["entries"].([]any) {
				m := e.(map[string]any)
				if m["actor_email"] != "boss@example.com" {
					t.Fatalf("%v", m)
				}
				actions = append(actions, m["action"].(string))
			}
			if got := strings.Join(actions, " "); got != "designer.verify designer.delete designer.delete user.delete user.update user.update" {
				t.Fatalf("audit: %s", got)
			}
		})
	})
}
