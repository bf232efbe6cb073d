package api_test

import (
	"fmt"
	"strings"
	"testing"
)

// quizAnswers picks, in every question, the option of style code (or the
// first option when a question has none), from the served questionnaire.
func quizAnswers(t *testing.T, q map[string]any, code string) []string {
	t.Helper()
	var out []string
	for _, qu := range q["questions"].([]any) {
		opts := qu.(map[string]any)["options"].([]any)
		pick := opts[0].(map[string]any)["text"].(string)
		for _, o := range opts {
			if om := o.(map[string]any); om["style"] == code {
				pick = om["text"].(string)
			}
		}
		out = append(out, pick)
	}
	return out
}

func TestMatching(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		if out, err := s.cli("seed", "--demo"); err != nil || !strings.Contains(out, "demo catalogue: 44 designers created") {
			t.Fatalf("seed: %v %s", err, out)
		}
		qr := s.must(200, "GET", "/api/questionnaire", "", nil)
		q := qr.JSON()
		if len(q["questions"].([]any)) != 7 || qr.Header.Get("ETag") == "" {
			t.Fatalf("questionnaire %s", qr.Raw)
		}
		s.must(304, "GET", "/api/questionnaire", "", nil, "If-None-Match", qr.Header.Get("ETag"))

		t.Run("OptionPicturesAreGeneratedAndServed", func(t *testing.T) {
			img := q["questions"].([]any)[0].(map[string]any)["options"].([]any)[2].(map[string]any)["image"].(string)
			small := s.must(200, "GET", "/api/images/resize/"+strings.TrimPrefix(img, "/api/")+"?size=small", "", nil)
			if ct := small.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/") || len(small.Raw) < 1000 {
				t.Fatalf("small picture %s (%d bytes)", ct, len(small.Raw))
			}
			s.must(200, "GET", img, "", nil)
			s.must(200, "GET", "/api/images/resize/styles/e.jpeg?size=large", "", nil)
			s.must(404, "GET", "/api/images/resize/styles/../uploads/x.jpeg?size=small", "", nil)
			s.must(404, "GET", "/api/styles/zz.jpeg", "", nil)
		})

		var lead float64
		var leadToken string
		t.Run("VisitorMatchesAndPages", func(t *testing.T) {
			r := s.must(201, "POST", "/api/match-designers", "", map[string]any{"answers": quizAnswers(t, q, "E")}).JSON()
			sa := r["style_analysis"].(map[string]any)
			if sa["dominant_style"] != "E" || sa["style_percentages"].(map[string]any)["E"].(float64) < 70 {
				t.Fatalf("analysis %v", sa)
			}
			lead = r["lead_id"].(float64)
			leadToken = r["lead_token"].(string)
			total := int(r["total"].(float64))
			if total < 8 || r["has_more"] != true || len(r["designers"].([]any)) != 5 {
				t.Fatalf("first page: total %d %v", total, r["has_more"])
			}
			top := r["designers"].([]any)[0].(map[string]any)
			if top["design_style"] != "E" || top["match_score"].(float64) < 80 || top["email"] != nil || top["phone"] != nil {
				t.Fatalf("top designer %v", top)
			}
			seen := map[float64]bool{}
			for page := 1; ; page++ {
				p := s.must(200, "GET", fmt.Sprintf("/api/designers/matches?lead_token=%s&page=%d&limit=5", leadToken, page), "", nil).JSON()
				for _, d := range p["designers"].([]any) {
					id := d.(map[string]any)["id"].(float64)
					if seen[id] {
						t.Fatalf("designer %v twice", id)
					}
					seen[id] = true
				}
				if p["has_more"] != true {
					break
				}
			}
			if len(seen) != total {
				t.Fatalf("paged through %d of %d", len(seen), total)
			}
			s.must(422, "POST", "/api/match-designers", "", map[string]any{"answers": []string{"uno", "due"}})
			s.must(422, "GET", fmt.Sprintf("/api/designers/matches?lead_token=%s&limit=500", leadToken), "", nil)
		})

		t.Run("RegistrationAttachesTheLead", func(t *testing.T) {
			reg := s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "nuova@example.com",
				"password": "password123", "name": "Nuova", "lead_id": fmt.Sprintf("%.0f", lead), "lead_token": leadToken}).JSON()
			token := reg["access_token"].(string)
			id := reg["id"].(float64)
			if reg["style_analysis"].(map[string]any)["dominant_style"] != "E" || len(reg["matched_designers"].([]any)) != 5 {
				t.Fatalf("register answer %v", reg)
			}
			login := s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "nuova@example.com", "password": "password123"}).JSON()
			if login["style_analysis"].(map[string]any)["dominant_style"] != "E" || len(login["matched_designers"].([]any)) != 5 {
				t.Fatalf("login answer %v", login)
			}
			mine := fmt.Sprintf("/api/designers/matches?user_id=%.0f&page=2", id)
			if p := s.must(200, "GET", mine, token, nil).JSON(); len(p["designers"].([]any)) == 0 {
				t.Fatalf("page 2 of own matches %v", p)
			}
			other, _ := s.register("altro@example.com")
			designer := s.login("designer@interno.demo", "InternoDesigner2026!")
			admin := s.login("admin@interno.demo", "InternoAdmin2026!")
			s.must(401, "GET", mine, "", nil)
			s.must(403, "GET", mine, other, nil)
			s.must(403, "GET", mine, designer, nil)
			s.must(200, "GET", mine, admin, nil)
			leadPath := fmt.Sprintf("/api/designers/matches?lead_id=%.0f", lead)
			s.must(401, "GET", leadPath, "", nil)
			s.must(403, "GET", leadPath, other, nil)
			s.must(200, "GET", leadPath, token, nil)
			s.must(409, "POST", "/api/auth/register", "", map[string]any{"email": "terza@example.com",
				"password": "password123", "name": "Terza", "lead_id": lead, "lead_token": leadToken})
		})

		// One account, one style profile: a signed-in quiz and a quiz brought to sign-in are
		// saved to the account, and every read of the account agrees.
		t.Run("SignedInQuizIsTheAccountsProfile", func(t *testing.T) {
			token, _ := s.register("profilo@example.com")
			styleOf := func() any {
				me := s.must(200, "GET", "/api/users/me", token, nil).JSON()
				user, _ := me["user"].(map[string]any)["style_analysis"].(map[string]any)
				top, _ := me["style_analysis"].(map[string]any)
				if user == nil || top == nil || user["dominant_style"] != top["dominant_style"] {
					t.Fatalf("user %v, top %v", user, top)
				}
				return user["dominant_style"]
			}
			s.must(201, "POST", "/api/match-designers", token, map[string]any{"answers": quizAnswers(t, q, "B")})
			if got := styleOf(); got != "B" {
				t.Fatalf("after the signed-in quiz: %v", got)
			}
			visitor := s.must(201, "POST", "/api/match-designers", "", map[string]any{"answers": quizAnswers(t, q, "D")}).JSON()
			login := s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "profilo@example.com",
				"password": "password123", "lead_id": visitor["lead_id"], "lead_token": visitor["lead_token"]}).JSON()
			if login["style_analysis"].(map[string]any)["dominant_style"] != "D" || styleOf() != "D" {
				t.Fatalf("after signing in with a visitor's quiz: %v", login["style_analysis"])
			}
		})
	})
}
