package api_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"slices"
	"strings"
	"testing"
)

// jpegDataURL is a small real JPEG as the browser sends it (the server sniffs
// and re-encodes uploads, so a fake would be refused).
func jpegDataURL(t *testing.T) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 120, 90))
	for y := 0; y < 90; y++ {
		for x := 0; x < 120; x++ {
			img.Set(x, y, color.RGBA{R: uint8(150 + x/2), G: uint8(120 + y), B: 90, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestDemoCatalogue: the demo data against the built binary. The demo
// designers edit their galleries of generated pictures like anyone's; every
// like count is the likes rows (no invented numbers), and one like moves each
// place that shows the count by exactly one.
func TestDemoCatalogue(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		if out, err := s.cli("seed", "--demo"); err != nil || !strings.Contains(out, "demo catalogue: 44 designers created, 12 demo customers with") {
			t.Fatalf("seed: %v %s", err, out)
		}
		admin := s.login("admin@interno.demo", "InternoAdmin2026!")

		t.Run("EveryCountIsTheLikesRows", func(t *testing.T) {
			list := s.must(200, "GET", "/api/designers?limit=100", "", nil).JSON()["designers"].([]any)
			if len(list) != 44 {
				t.Fatalf("%d designers", len(list))
			}
			total := 0
			for _, d := range list {
				m := d.(map[string]any)
				id := m["id"].(float64)
				rows := s.must(200, "GET", fmt.Sprintf("/api/likes/designer/%.0f/count", id), "", nil).JSON()["like_count"].(float64)
				stats := s.must(200, "GET", fmt.Sprintf("/api/likes/stats/%.0f", id), admin, nil).JSON()
				if m["like_count"] != rows || stats["total_likes"] != rows || len(stats["liked_by_users"].([]any)) != int(rows) {
					t.Fatalf("%v: card %v, count %v, statistics %v", m["name"], m["like_count"], rows, stats["total_likes"])
				}
				total += int(rows)
			}
			if total == 0 {
				t.Fatal("the demo catalogue has no likes at all")
			}
		})

		t.Run("OneLikeIsOneMore", func(t *testing.T) {
			q := s.must(200, "GET", "/api/questionnaire", "", nil).JSON()
			lead := s.must(201, "POST", "/api/match-designers", "", map[string]any{"answers": quizAnswers(t, q, "C")}).JSON()
			reg := s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "fan@example.com", "password": "password123",
				"name": "Fan", "lead_id": lead["lead_id"], "lead_token": lead["lead_token"]}).JSON()
			token, uid := reg["access_token"].(string), reg["id"].(float64)
			top := lead["designers"].([]any)[0].(map[string]any)
			id := top["id"].(float64)
			before := top["like_count"].(float64)
			liked := s.must(200, "POST", "/api/likes", token, map[string]any{"designer_id": id}).JSON()
			if liked["liked"] != true || liked["like_count"] != before+1 {
				t.Fatalf("%v (before %v)", liked, before)
			}
			matches := s.must(200, "GET", fmt.Sprintf("/api/designers/matches?user_id=%.0f&limit=50", uid), token, nil).JSON()["designers"].([]any)
			var inMatches any
			for _, d := range matches {
				if d.(map[string]any)["id"] == id {
					inMatches = d.(map[string]any)["like_count"]
				}
			}
			for what, got := range map[string]any{
				"count":      s.must(200, "GET", fmt.Sprintf("/api/likes/designer/%.0f/count", id), "", nil).JSON()["like_count"],
				"profile":    s.must(200, "GET", fmt.Sprintf("/api/designers/%.0f", id), "", nil).JSON()["like_count"],
				"statistics": s.must(200, "GET", fmt.Sprintf("/api/likes/stats/%.0f", id), admin, nil).JSON()["total_likes"],
				"matches":    inMatches,
			} {
				if got != before+1 {
					t.Errorf("%s shows %v, want %v", what, got, before+1)
				}
			}
		})

		t.Run("TheDemoDesignerEditsTheGallery", func(t *testing.T) {
			token := s.login("designer@interno.demo", "InternoDesigner2026!")
			me := s.must(200, "GET", "/api/designers/by-email/designer@interno.demo", token, nil).JSON()
			path := fmt.Sprintf("/api/designers/%.0f", me["id"].(float64))
			gallery := strs(me["gallery_images"])
			if len(gallery) < 3 || !strings.HasPrefix(gallery[0], "/api/styles/scene/") {
				t.Fatalf("demo gallery %v", gallery)
			}
			same := s.must(200, "PUT", path, token, map[string]any{"bio": me["bio"], "gallery_images": gallery, "profile_picture": me["profile_picture"]}).JSON()
			if !slices.Equal(strs(same["gallery_images"]), gallery) || same["profile_picture"] != me["profile_picture"] {
				t.Fatalf("unchanged gallery came back as %v", same["gallery_images"])
			}
			edited := s.must(200, "PUT", path, token, map[string]any{"gallery_images": append(slices.Clone(gallery[1:]), jpegDataURL(t))}).JSON()
			got := strs(edited["gallery_images"])
			if len(got) != len(gallery) || !slices.Equal(got[:len(got)-1], gallery[1:]) || !strings.HasPrefix(got[len(got)-1], "/api/uploads/gallery/") {
				t.Fatalf("edited gallery %v", got)
			}
			if stored := strs(s.must(200, "GET", path, "", nil).JSON()["gallery_images"]); !slices.Equal(stored, got) {
				t.Fatalf("stored %v, answered %v", stored, got)
			}
			s.must(200, "GET", got[len(got)-1], "", nil)
			// Someone else's demo picture is still refused, with a reason the screen explains.
			other := s.must(200, "GET", "/api/designers?limit=2", "", nil).JSON()["designers"].([]any)[1].(map[string]any)
			r := s.must(422, "PUT", path, token, map[string]any{"gallery_images": []any{strs(other["gallery_images"])[0]}}).JSON()
			if r["reason"] != "gallery_image_unknown" {
				t.Fatalf("%v", r)
			}
		})
	})
}
