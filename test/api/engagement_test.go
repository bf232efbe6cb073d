package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
)

func TestEngagement(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		bea, beaID := s.designerAccount("bea@example.com", "Bea Verdi")
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		admin := s.admin()
		count := func(id int64) float64 {
			t.Helper()
			return s.must(200, "GET", fmt.Sprintf("/api/likes/designer/%d/count", id), "", nil).JSON()["like_count"].(float64)
		}

		t.Run("LikeToggleAndIdempotentReplay", func(t *testing.T) {
			body := map[string]any{"designer_id": sofiaID}
			first := s.must(200, "POST", "/api/likes", anna, body, "Idempotency-Key", "like-1").JSON()
			replay := s.must(200, "POST", "/api/likes", anna, body, "Idempotency-Key", "like-1").JSON()
			if first["liked"] != true || replay["liked"] != true || replay["like_count"].(float64) != 1 || count(sofiaID) != 1 {
				t.Fatalf("first %v, replay %v", first, replay)
			}
			if st := s.must(200, "GET", fmt.Sprintf("/api/likes/status/%d", sofiaID), anna, nil).JSON(); st["is_liked"] != true {
				t.Fatalf("%v", st)
			}
			un := s.must(200, "POST", "/api/likes", anna, body, "Idempotency-Key", "like-2").JSON()
			if un["liked"] != false || count(sofiaID) != 0 {
				t.Fatalf("%v", un)
			}
			s.must(200, "POST", "/api/likes", anna, body, "Idempotency-Key", "like-3")
			s.must(401, "POST", "/api/likes", "", body)
		})

		t.Run("ConcurrentLikesCountExactly", func(t *testing.T) {
			tokens := make([]string, 12)
			for i := range tokens {
				tokens[i], _ = s.register(fmt.Sprintf("fan%d@example.com", i))
			}
			var wg sync.WaitGroup
			for i, tok := range tokens {
				wg.Add(1)
				go func(i int, tok string) {
					defer wg.Done()
					r := s.call("POST", "/api/likes", tok, map[string]any{"designer_id": beaID}, "Idempotency-Key", fmt.Sprintf("fan-%d", i))
					if r.Status != 200 {
						t.Errorf("fan %d: %d %s", i, r.Status, r.Raw)
					}
				}(i, tok)
			}
			wg.Wait()
			d := s.must(200, "GET", fmt.Sprintf("/api/designers/%d", beaID), "", nil).JSON()
			if count(beaID) != 12 || d["like_count"].(float64) != 12 {
				t.Fatalf("count %v, designer %v", count(beaID), d["like_count"])
			}
		})

		t.Run("StatsPrivacy", func(t *testing.T) {
			for _, p := range []string{"/api/likes/stats/%d", "/api/shares/stats/%d"} {
				path := fmt.Sprintf(p, sofiaID)
				s.must(401, "GET", path, "", nil)
				for _, tok := range []string{anna, bruno, bea} {
					s.must(403, "GET", path, tok, nil)
				}
				s.must(200, "GET", path, sofia, nil)
				s.must(200, "GET", path, admin, nil)
			}
			st := s.must(200, "GET", fmt.Sprintf("/api/likes/stats/%d", sofiaID), sofia, nil).JSON()
			users := st["liked_by_users"].([]any)
			if st["total_likes"].(float64) != 1 || users[0].(map[string]any)["user_name"] != "Cliente anna@example.com" {
				t.Fatalf("%v", st)
			}
		})

		t.Run("SharesCountAnonymousToo", func(t *testing.T) {
			s.must(201, "POST", "/api/shares", "", map[string]any{"designer_id": sofiaID})
			s.must(201, "POST", "/api/shares", bruno, map[string]any{"designer_id": sofiaID, "platform": "whatsapp"})
			s.must(422, "POST", "/api/shares", bruno, map[string]any{"designer_id": sofiaID, "platform": "fax"})
			if n := s.must(200, "GET", fmt.Sprintf("/api/shares/designer/%d/count", sofiaID), "", nil).JSON(); n["share_count"].(float64) != 2 {
				t.Fatalf("%v", n)
			}
			st := s.must(200, "GET", fmt.Sprintf("/api/shares/stats/%d", sofiaID), sofia, nil).JSON()
			by := st["shares_by_platform"].(map[string]any)
			if by["link"].(float64) != 1 || by["whatsapp"].(float64) != 1 || len(st["shared_by_users"].([]any)) != 1 {
				t.Fatalf("%v", st)
			}
		})

		t.Run("ResultsEmailAndClickTracking", func(t *testing.T) {
			body := map[string]any{"email": "ospite@example.com", "designer_ids": []any{sofiaID, beaID},
				"style_analysis": map[string]any{"dominant_style": "C", "style_percentages": map[string]any{"A": 10, "B": 15, "C": 40, "D": 20, "E": 15}}}
			r := s.must(202, "POST", "/api/email/send-results", "", body).JSON()
			tracking := r["tracking_id"].(string)
			m := s.mailTo("ospite@example.com")
			if m.Subject != "I tuoi risultati di stile su Interno" || !strings.Contains(m.Text, "Sofia Marino") ||
				!strings.Contains(m.Text, "Minimal Contemporaneo: 40%") || !strings.Contains(m.HTML, "Bea Verdi") {
				t.Fatalf("%+v", m)
			}
			link := s.URL + "/api/email/track/" + tracking + "/click?url=" + url.QueryEscape(fmt.Sprintf("/profile/%d", sofiaID))
			if !strings.Contains(m.Text, link) {
				t.Fatalf("tracked link %s missing:\n%s", link, m.Text)
			}
			red := s.must(302, "GET", strings.TrimPrefix(link, s.URL), "", nil)
			if loc := red.Header.Get("Location"); loc != s.URL+fmt.Sprintf("/profile/%d", sofiaID) {
				t.Fatalf("Location %q", loc)
			}
			for _, bad := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example"} {
				r := s.must(400, "GET", "/api/email/track/"+tracking+"/click?url="+url.QueryEscape(bad), "", nil)
				if r.Header.Get("Location") != "" {
					t.Fatalf("redirected to %s", r.Header.Get("Location"))
				}
			}
			s.must(200, "POST", "/api/email/track/"+tracking+"/click", "", map[string]any{"tracking_id": tracking, "clicked_url": "/user-profile"})
			s.must(403, "GET", "/api/email/stats", anna, nil)
			st := s.must(200, "GET", "/api/email/stats?days=30", admin, nil).JSON()
			if st["total_sent"].(float64) != 1 || st["total_clicked"].(float64) != 1 || st["click_rate"].(float64) != 100 {
				t.Fatalf("%v", st)
			}
			for i := 0; i < 2; i++ {
				s.must(202, "POST", "/api/email/send-results", "", body)
			}
			s.must(429, "POST", "/api/email/send-results", "", body)
		})
	})
}
