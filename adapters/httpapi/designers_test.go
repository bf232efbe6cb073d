package httpapi

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"interno/adapters/store"
	"interno/core/designers"
)

const tinyJPEG = "data:image/jpeg;base64,/9j/4AAQSkZJRg=="

func designerBody(email string) map[string]any {
	return map[string]any{
		"name": "Sofia Marino", "email": email, "password": "designer123", "phone": "+39 333 1234567",
		"bio": "Progetto case luminose e calme.", "specialties": []string{"Japandi", "Minimal"}, "design_style": "C",
		"prima_proposta": "7-15 giorni", "work_preferences": `["online","hybrid"]`, "city": "  Torino ",
		"privacy_consent": true, "gallery_images": []any{tinyJPEG, nil, tinyJPEG}, "experience": 9, "min_budget": 50,
		"social_instagram": "@sofia.interni",
	}
}

// newDesignerAccount registers a designer and returns token, designer id.
func (e *testEnv) newDesignerAccount(email string) (string, int64) {
	e.t.Helper()
	d := e.expect(req{method: "POST", path: "/api/designers", body: designerBody(email)}, 201).JSON(e.t)
	login := e.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": email, "password": "designer123"}}, 200).JSON(e.t)
	if login["role"] != "designer" || login["is_designer"] != true || login["designer_id"] == nil {
		e.t.Fatalf("designer login: %v", login)
	}
	return login["access_token"].(string), int64(d["id"].(float64))
}

func TestDesigners_Register(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		t.Run("OK", func(t *testing.T) {
			d := env.expect(req{method: "POST", path: "/api/designers", body: designerBody("sofia@example.com")}, 201).JSON(t)
			if d["city"] != "Torino" || d["experience"].(float64) != 0 || d["min_budget"].(float64) != 300 {
				t.Fatalf("registration defaults not applied: %v", d)
			}
			if g := d["gallery_images"].([]any); len(g) != 2 || !strings.HasPrefix(g[0].(string), "/api/uploads/gallery/") {
				t.Fatalf("gallery %v", g)
			}
			if wp := d["work_preferences"].([]any); len(wp) != 2 || wp[1] != "hybrid" {
				t.Fatalf("work preferences from JSON string: %v", wp)
			}
		})
		t.Run("TakenEmailIs409AlreadyRegistered", func(t *testing.T) {
			r := env.expect(req{method: "POST", path: "/api/designers", body: designerBody("SOFIA@example.com")}, 409).JSON(t)
			if !strings.Contains(r["detail"].(string), "already registered") {
				t.Fatalf("%v", r)
			}
		})
		t.Run("ValidationMirrorsTheSpec", func(t *testing.T) {
			cases := map[string]func(b map[string]any){
				"name":             func(b map[string]any) { b["name"] = " " },
				"email":            func(b map[string]any) { b["email"] = "" },
				"bio":              func(b map[string]any) { b["bio"] = "" },
				"specialties":      func(b map[string]any) { b["specialties"] = []string{} },
				"design_style":     func(b map[string]any) { b["design_style"] = "Z" },
				"prima_proposta":   func(b map[string]any) { b["prima_proposta"] = "domani" },
				"work_preferences": func(b map[string]any) { b["work_preferences"] = []string{} },
				"city":             func(b map[string]any) { b["city"] = "   " },
				"privacy_consent":  func(b map[string]any) { b["privacy_consent"] = false },
				"password":         func(b map[string]any) { b["password"] = "short" },
				"gallery_images": func(b map[string]any) {
					g := make([]string, 13)
					for i := range g {
						g[i] = tinyJPEG
					}
					b["gallery_images"] = g
				},
			}
			for field, mutate := range cases {
				b := designerBody("v-" + field + "@example.com")
				mutate(b)
				r := env.expect(req{method: "POST", path: "/api/designers", body: b}, 422).JSON(t)
				if !strings.Contains(string(env.do(req{method: "POST", path: "/api/designers", body: b}).Body), field) {
					t.Errorf("%s: error does not name the field: %v", field, r)
				}
			}
		})
		t.Run("BadImageLeavesNothingBehind", func(t *testing.T) {
			before := len(env.imgs.stored)
			b := designerBody("broken@example.com")
			b["gallery_images"] = []any{tinyJPEG, "data:image/jpeg;base64,broken"}
			env.expect(req{method: "POST", path: "/api/designers", body: b}, 415)
			if len(env.imgs.stored) != before {
				t.Fatalf("a registration with a broken image stored %v", env.imgs.stored[before:])
			}
			env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "broken@example.com", "password": "designer123"}}, 401)
		})
		t.Run("TakenEmailRemovesUploadedImages", func(t *testing.T) {
			before := len(env.imgs.removed)
			env.expect(req{method: "POST", path: "/api/designers", body: designerBody("sofia@example.com")}, 409)
			if len(env.imgs.removed) != before+2 {
				t.Fatalf("images of a refused registration kept: %v", env.imgs.removed[before:])
			}
		})
	})
}

func TestDesigners_WhoMay(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		aTok, aID := env.newDesignerAccount("alba@example.com")
		bTok, bID := env.newDesignerAccount("bea@example.com")
		customer, _ := env.account("cliente@example.com")
		admin, _ := env.withRole("admin@example.com", "admin")
		path := func(id int64) string { return "/api/designers/" + itoa(id) }

		t.Run("PublicViewHidesPrivateFields", func(t *testing.T) {
			for _, tok := range []string{"", customer, bTok} {
				r := env.expect(req{method: "GET", path: path(aID), token: tok}, 200)
				if strings.Contains(string(r.Body), "alba@example.com") || strings.Contains(string(r.Body), "333 1234567") {
					t.Fatalf("private data leaked to %q: %s", tok, r.Body)
				}
			}
			own := env.expect(req{method: "GET", path: path(aID), token: aTok}, 200).JSON(t)
			if own["email"] != "alba@example.com" || own["phone"] == nil {
				t.Fatalf("owner view: %v", own)
			}
			list := env.expect(req{method: "GET", path: "/api/designers"}, 200)
			if strings.Contains(string(list.Body), "@example.com") {
				t.Fatalf("list leaks e-mails: %s", list.Body)
			}
			env.expect(req{method: "GET", path: "/api/designers/99999"}, 404)
			env.expect(req{method: "GET", path: "/api/designers/abc"}, 422)
		})
		t.Run("ByEmailOnlyForOwnerAndAdmin", func(t *testing.T) {
			env.expect(req{method: "GET", path: "/api/designers/by-email/alba@example.com"}, 401)
			env.expect(req{method: "GET", path: "/api/designers/by-email/alba@example.com", token: customer}, 403)
			env.expect(req{method: "GET", path: "/api/designers/by-email/alba@example.com", token: bTok}, 403)
			env.expect(req{method: "GET", path: "/api/designers/by-email/nobody@example.com", token: customer}, 403)
			env.expect(req{method: "GET", path: "/api/designers/by-email/alba@example.com", token: aTok}, 200)
			env.expect(req{method: "GET", path: "/api/designers/by-email/alba@example.com", token: admin}, 200)
			env.expect(req{method: "GET", path: "/api/designers/by-email/nobody@example.com", token: admin}, 404)
			env.expect(req{method: "GET", path: "/api/designers?email=alba@example.com"}, 401)
			env.expect(req{method: "GET", path: "/api/designers?email=alba@example.com", token: bTok}, 403)
			r := env.expect(req{method: "GET", path: "/api/designers?email=alba", token: admin}, 200).JSON(t)
			if r["total"].(float64) != 1 {
				t.Fatalf("%v", r)
			}
		})
		t.Run("EditRulesAndOwnership", func(t *testing.T) {
			edit := map[string]any{"bio": "Nuova bio", "experience": 12, "min_budget": 1500}
			env.expect(req{method: "PUT", path: path(aID), body: edit}, 401)
			env.expect(req{method: "PUT", path: path(aID), token: customer, body: edit}, 403)
			env.expect(req{method: "PUT", path: path(aID), token: bTok, body: edit}, 403)
			got := env.expect(req{method: "PUT", path: path(aID), token: aTok, body: edit}, 200).JSON(t)
			if got["bio"] != "Nuova bio" || got["experience"].(float64) != 12 || got["min_budget"].(float64) != 1500 {
				t.Fatalf("%v", got)
			}
			env.expect(req{method: "PUT", path: path(aID), token: aTok, body: map[string]any{"min_budget": 299}}, 422)
			env.expect(req{method: "PUT", path: path(aID), token: aTok, body: map[string]any{"experience": -1}}, 422)
			env.expect(req{method: "PUT", path: path(aID), token: aTok, body: map[string]any{"email": "bea@example.com"}}, 409)
			env.expect(req{method: "PUT", path: path(aID), token: admin, body: map[string]any{"city": "Genova"}}, 200)
			smuggle := env.expect(req{method: "PUT", path: path(aID), token: aTok, body: map[string]any{"verified": true, "like_count": 999, "user_id": 1, "role": "admin"}}, 200).JSON(t)
			if smuggle["verified"] != false || smuggle["like_count"].(float64) != 0 {
				t.Fatalf("mass assignment: %v", smuggle)
			}
			me := env.expect(req{method: "GET", path: "/api/users/me", token: aTok}, 200).JSON(t)
			if me["user"].(map[string]any)["role"] != "designer" || me["designer"].(map[string]any)["city"] != "Genova" {
				t.Fatalf("%v", me)
			}
		})
		t.Run("GalleryEdits", func(t *testing.T) {
			cur := env.expect(req{method: "GET", path: path(aID), token: aTok}, 200).JSON(t)["gallery_images"].([]any)
			keep := cur[0].(string)
			got := env.expect(req{method: "PUT", path: path(aID), token: aTok, body: map[string]any{"gallery_images": []any{keep, tinyJPEG}}}, 200).JSON(t)
			g := got["gallery_images"].([]any)
			if len(g) != 2 || g[0] != keep {
				t.Fatalf("%v", g)
			}
			removed := strings.TrimPrefix(cur[1].(string), "/api/")
			found := false
			for _, r := range env.imgs.removed {
				found = found || r == removed
			}
			if !found {
				t.Fatalf("dropped image %s not removed: %v", removed, env.imgs.removed)
			}
			other := env.expect(req{method: "GET", path: path(bID)}, 200).JSON(t)["gallery_images"].([]any)[0]
			env.expect(req{method: "PUT", path: path(aID), token: aTok, body: map[string]any{"gallery_images": []any{other}}}, 422)
		})
		t.Run("DeleteByOwnerOrAdminOnly", func(t *testing.T) {
			env.expect(req{method: "DELETE", path: path(aID)}, 401)
			env.expect(req{method: "DELETE", path: path(aID), token: customer}, 403)
			env.expect(req{method: "DELETE", path: path(aID), token: bTok}, 403)
			env.expect(req{method: "DELETE", path: path(bID), token: admin}, 200)
			env.expect(req{method: "GET", path: path(bID)}, 404)
			env.expect(req{method: "GET", path: "/api/users/me", token: bTok}, 401)
			env.expect(req{method: "DELETE", path: path(aID), token: aTok}, 200)
			env.expect(req{method: "POST", path: "/api/auth/login", body: map[string]any{"email": "alba@example.com", "password": "designer123"}}, 401)
		})
	})
}

// The demo catalogue's galleries are generated pictures stored as
// "styles/scene/…" (not uploads): the API shows them as "/api/styles/scene/…",
// and sending them back unchanged, reordered or trimmed must be accepted.
func TestDesigners_DemoGalleryEdits(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		tok, id := env.newDesignerAccount("demo@example.com")
		otherTok, otherID := env.newDesignerAccount("altro@example.com")
		repo := store.NewDesignerRepo(env.db)
		demo := func(designerID int64, first int) {
			_, err := repo.Update(context.Background(), designerID, func(d *designers.Designer) error {
				d.Gallery = []string{"styles/scene/c-" + itoa(int64(first)) + ".jpeg", "styles/scene/c-" + itoa(int64(first+1)) + ".jpeg",
					"styles/scene/c-" + itoa(int64(first+2)) + ".jpeg"}
				d.ProfilePicture = "styles/avatar/c-" + itoa(designerID) + ".jpeg"
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		demo(id, 100)
		demo(otherID, 110)
		path := "/api/designers/" + itoa(id)
		shown := env.expect(req{method: "GET", path: path, token: tok}, 200).JSON(t)
		gallery := shown["gallery_images"].([]any)
		if gallery[0] != "/api/styles/scene/c-100.jpeg" {
			t.Fatalf("demo gallery shown as %v", gallery)
		}

		t.Run("UnchangedGalleryAndPicture", func(t *testing.T) {
			got := env.expect(req{method: "PUT", path: path, token: tok, body: map[string]any{
				"bio": "Stessa galleria", "gallery_images": gallery, "profile_picture": shown["profile_picture"]}}, 200).JSON(t)
			if !slices.Equal(got["gallery_images"].([]any), gallery) || got["profile_picture"] != shown["profile_picture"] {
				t.Fatalf("%v", got)
			}
		})
		t.Run("OtherFormsOfTheSamePaths", func(t *testing.T) {
			forms := []any{"http://interno.test/api/styles/scene/c-100.jpeg", "/api/images/resize/styles/scene/c-101.jpeg?size=small",
				"styles/scene/c-102.jpeg"}
			got := env.expect(req{method: "PUT", path: path, token: tok, body: map[string]any{"gallery_images": forms}}, 200).JSON(t)
			if !slices.Equal(got["gallery_images"].([]any), gallery) {
				t.Fatalf("%v", got["gallery_images"])
			}
		})
		t.Run("RemoveReorderAndAdd", func(t *testing.T) {
			got := env.expect(req{method: "PUT", path: path, token: tok, body: map[string]any{
				"gallery_images": []any{gallery[2], tinyJPEG, gallery[1]}}}, 200).JSON(t)
			g := got["gallery_images"].([]any)
			if len(g) != 3 || g[0] != gallery[2] || g[2] != gallery[1] || !strings.HasPrefix(g[1].(string), "/api/uploads/gallery/") {
				t.Fatalf("%v", g)
			}
			if !slices.Contains(env.imgs.removed, "styles/scene/c-100.jpeg") {
				t.Fatalf("the dropped picture was not handed to removal: %v", env.imgs.removed)
			}
			stored := env.expect(req{method: "GET", path: path}, 200).JSON(t)["gallery_images"].([]any)
			if !slices.Equal(stored, g) {
				t.Fatalf("stored %v, answered %v", stored, g)
			}
		})
		t.Run("SomeoneElsesPicturesRefused", func(t *testing.T) {
			theirs := env.expect(req{method: "GET", path: "/api/designers/" + itoa(otherID), token: otherTok}, 200).JSON(t)
			r := env.expect(req{method: "PUT", path: path, token: tok, body: map[string]any{"gallery_images": []any{theirs["gallery_images"].([]any)[0]}}}, 422).JSON(t)
			if r["reason"] != "gallery_image_unknown" {
				t.Fatalf("%v", r)
			}
			r = env.expect(req{method: "PUT", path: path, token: tok, body: map[string]any{"profile_picture": theirs["profile_picture"]}}, 422).JSON(t)
			if r["reason"] != "profile_picture_unknown" {
				t.Fatalf("%v", r)
			}
		})
	})
}

func TestStoredPath(t *testing.T) {
	for in, want := range map[string]string{
		"/api/uploads/gallery/a.jpg":                           "uploads/gallery/a.jpg",
		"https://interno.example/api/uploads/gallery/b.jpg":    "uploads/gallery/b.jpg",
		"uploads/gallery/c.jpg":                                "uploads/gallery/c.jpg",
		" /api/styles/scene/c-100.jpeg ":                       "styles/scene/c-100.jpeg",
		"/api/images/resize/styles/avatar/a-1.jpeg?size=small": "styles/avatar/a-1.jpeg",
		"data:image/png;base64,AAAA":                           "data:image/png;base64,AAAA",
		"":                                                     "",
	} {
		if got := storedPath(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
