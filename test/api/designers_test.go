package api_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// photo returns a small real JPEG as a data URL, as the browser sends it.
func photo(t *testing.T) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 600, 450))
	for y := 0; y < 450; y++ {
		for x := 0; x < 600; x++ {
			img.Set(x, y, color.RGBA{uint8(x / 3), uint8(y / 2), 140, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 70}); err != nil {
		t.Fatal(err)
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

var photoCache string

func designerPayload(email string) map[string]any {
	return map[string]any{
		"name": "Chiara Galli", "email": email, "password": "designer123", "phone": "+39 345 000111",
		"bio": "Interni mediterranei, luce e materiali naturali.", "specialties": `["Mediterraneo","Rustico"]`,
		"design_style": "E", "prima_proposta": "5-7 giorni", "work_preferences": []string{"in-person"}, "city": "Bari",
		"privacy_consent": true, "gallery_images": []any{photoCache, nil},
	}
}

func TestDesigners(t *testing.T) {
	photoCache = photo(t)
	each(t, func(t *testing.T, s *server) {
		d := s.must(201, "POST", "/api/designers", "", designerPayload("chiara@example.com")).JSON()
		id := int64(d["id"].(float64))
		path := fmt.Sprintf("/api/designers/%d", id)
		gallery := d["gallery_images"].([]any)
		if len(gallery) != 1 {
			t.Fatalf("gallery %v", gallery)
		}
		owner := s.login("chiara@example.com", "designer123")
		other := s.must(201, "POST", "/api/designers", "", designerPayload("altro@example.com")).JSON()
		otherTok := s.login("altro@example.com", "designer123")
		customer, _ := s.register("cliente@example.com")

		t.Run("StoredImageIsReencodedAndServedSafely", func(t *testing.T) {
			img := s.must(200, "GET", gallery[0].(string), "", nil)
			if img.Header.Get("Content-Type") != "image/jpeg" || img.Header.Get("X-Content-Type-Options") != "nosniff" ||
				!strings.Contains(img.Header.Get("Content-Security-Policy"), "sandbox") {
				t.Fatalf("headers %v", img.Header)
			}
			small := s.must(200, "GET", "/api/images/resize/"+strings.TrimPrefix(gallery[0].(string), "/api/")+"?size=small", "", nil, "Accept", "image/webp")
			if small.Header.Get("Content-Type") != "image/webp" || small.Header.Get("ETag") == "" || !strings.Contains(strings.Join(small.Header.Values("Vary"), ","), "Accept") {
				t.Fatalf("variant headers %v", small.Header)
			}
			s.must(304, "GET", "/api/images/resize/"+strings.TrimPrefix(gallery[0].(string), "/api/")+"?size=small", "", nil,
				"Accept", "image/webp", "If-None-Match", small.Header.Get("ETag"))
			for _, bad := range []string{"/api/images/resize/uploads/../../etc/passwd?size=small", "/api/images/resize/%2e%2e/%2e%2e/etc/passwd",
				"/api/uploads/profile_pictures/..%2f..%2finterno.db"} {
				if r := s.call("GET", bad, "", nil); r.Status != 404 && r.Status != 400 {
					t.Errorf("%s: %d", bad, r.Status)
				}
			}
			s.must(422, "GET", "/api/images/resize/"+strings.TrimPrefix(gallery[0].(string), "/api/")+"?size=gigantic", "", nil)
			s.must(422, "GET", "/api/images/resize/"+strings.TrimPrefix(gallery[0].(string), "/api/")+"?quality=500", "", nil)
		})
		t.Run("NotAnImageIs415AndLeavesNothing", func(t *testing.T) {
			before, _ := filepath.Glob(filepath.Join(s.DataDir, "uploads", "gallery", "*"))
			b := designerPayload("fake@example.com")
			b["gallery_images"] = []any{"data:image/jpeg;base64," + base64.StdEncoding.EncodeToString([]byte("<svg onload=alert(1)>"))}
			s.must(415, "POST", "/api/designers", "", b)
			after, _ := filepath.Glob(filepath.Join(s.DataDir, "uploads", "gallery", "*"))
			if len(after) != len(before) {
				t.Fatalf("files left behind: %d → %d", len(before), len(after))
			}
			s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": "fake@example.com", "password": "designer123"})
		})
		t.Run("Ownership", func(t *testing.T) {
			s.must(401, "PUT", path, "", map[string]any{"bio": "x"})
			s.must(403, "PUT", path, customer, map[string]any{"bio": "x"})
			s.must(403, "PUT", path, otherTok, map[string]any{"bio": "x"})
			s.must(403, "DELETE", path, otherTok, nil)
			got := s.must(200, "PUT", path, owner, map[string]any{"bio": "Case che respirano.", "experience": 7, "min_budget": 800}).JSON()
			if got["bio"] != "Case che respirano." {
				t.Fatalf("%v", got)
			}
			pub := s.must(200, "GET", path, "", nil)
			if strings.Contains(string(pub.Raw), "chiara@example.com") || strings.Contains(string(pub.Raw), "345 000111") || !strings.Contains(string(pub.Raw), "Case che respirano.") {
				t.Fatalf("public view: %s", pub.Raw)
			}
			_ = other
		})
		t.Run("DeleteRemovesAccountAndFiles", func(t *testing.T) {
			file := filepath.Join(s.DataDir, strings.TrimPrefix(gallery[0].(string), "/api/"))
			if _, err := os.Stat(file); err != nil {
				t.Fatalf("stored file missing: %v", err)
			}
			s.must(200, "DELETE", path, owner, nil)
			s.must(404, "GET", path, "", nil)
			s.must(401, "GET", "/api/users/me", owner, nil)
			if _, err := os.Stat(file); !os.IsNotExist(err) {
				t.Fatalf("gallery file survived deletion: %v", err)
			}
		})
	})
}
