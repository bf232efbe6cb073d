package api_test

// Black-box tests of the abuse-resistance findings (issue 17), on SQLite and
// PostgreSQL: each reproduces one finding of the probe against the built
// binary and checks the fix.

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// defaultLimits starts a server with the shipped rate limits (the harness
// turns them off) and with 127.0.0.1 as a trusted proxy, so a test can speak
// for several client addresses through X-Forwarded-For.
var defaultLimits = []string{"INTERNO_RATE_LIMITS=", "INTERNO_TRUSTED_PROXIES=127.0.0.1"}

// from is the header pair that makes a request come from addr.
func from(addr string) []string { return []string{"X-Forwarded-For", addr} }

// Finding 1: style pictures are painted only for names that exist.
func TestAbuse_StylePicturesOnlyForKnownNames(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		q := s.must(200, "GET", "/api/questionnaire", "", nil).JSON()
		option := q["questions"].([]any)[3].(map[string]any)["options"].([]any)[1].(map[string]any)["image"].(string)
		s.must(200, "GET", option, "", nil)
		s.must(200, "GET", "/api/images/resize/"+strings.TrimPrefix(option, "/api/")+"?size=small", "", nil)
		s.must(200, "GET", "/api/styles/b.jpeg", "", nil)

		for _, name := range []string{"scene/d-500000.jpeg", "avatar/a-999999.jpeg", "motif/c-light-77777.jpeg", "scene/a-123456.jpeg"} {
			s.must(404, "GET", "/api/styles/"+name, "", nil)
			s.must(404, "GET", "/api/images/resize/styles/"+name+"?size=small", "", nil)
			if _, err := os.Stat(filepath.Join(s.DataDir, "styles", filepath.FromSlash(name))); err == nil {
				t.Fatalf("%s was painted and written to disk", name)
			}
		}
	})
}

// Finding 1, second half: the demo catalogue's pictures still appear.
func TestAbuse_DemoPicturesStillPainted(t *testing.T) {
	s := start(t, "sqlite")
	if out, err := s.cli("seed", "--demo"); err != nil {
		t.Fatalf("seed: %v %s", err, out)
	}
	list := s.must(200, "GET", "/api/designers?limit=3", "", nil).JSON()["designers"].([]any)
	for _, d := range list {
		m := d.(map[string]any)
		s.must(200, "GET", m["profile_picture"].(string), "", nil)
		for _, g := range m["gallery_images"].([]any) {
			s.must(200, "GET", "/api/images/resize/"+strings.TrimPrefix(g.(string), "/api/")+"?size=small", "", nil)
		}
	}
}

// Finding 2: anonymous routes that write or cost CPU are throttled with the
// shipped limits, and answer 429 with Retry-After.
func TestAbuse_AnonymousWritesAreThrottled(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		expect429 := func(t *testing.T, r reply) {
			t.Helper()
			if r.Status != 429 || r.Header.Get("Retry-After") == "" || r.JSON()["reason"] != "throttled" {
				t.Fatalf("status %d, Retry-After %q: %s", r.Status, r.Header.Get("Retry-After"), r.Raw)
			}
		}
		t.Run("DesignerRegistration", func(t *testing.T) {
			var last reply
			for i := 0; i < 7; i++ {
				p := designerPayload(fmt.Sprintf("studio%d@example.com", i))
				delete(p, "gallery_images")
				last = s.call("POST", "/api/designers", "", p, from("203.0.113.10")...)
				if i < 6 && last.Status != 201 {
					t.Fatalf("registration %d: %d %s", i, last.Status, last.Raw)
				}
			}
			expect429(t, last)
			// Another address is not affected.
			p := designerPayload("altrove@example.com")
			delete(p, "gallery_images")
			s.must(201, "POST", "/api/designers", "", p, from("198.51.100.20")...)
		})
		t.Run("MatchRequests", func(t *testing.T) {
			q := s.must(200, "GET", "/api/questionnaire", "", nil).JSON()
			body := map[string]any{"answers": quizAnswers(t, q, "C")}
			var last reply
			for i := 0; i < 61 && last.Status != 429; i++ {
				last = s.call("POST", "/api/match-designers", "", body, from("203.0.113.11")...)
				if i < 60 && last.Status != 201 {
					t.Fatalf("match %d: %d %s", i, last.Status, last.Raw)
				}
			}
			expect429(t, last)
		})
		t.Run("SharesCannotInflateStatistics", func(t *testing.T) {
			_, id := s.designerAccount("condiviso@example.com", "Condiviso")
			shared := 0
			for i := 0; i < 100; i++ {
				r := s.call("POST", "/api/shares", "", map[string]any{"designer_id": id, "platform": "whatsapp"}, from("203.0.113.12")...)
				switch r.Status {
				case 201:
					shared++
				case 429:
				default:
					t.Fatalf("share %d: %d %s", i, r.Status, r.Raw)
				}
			}
			count := s.must(200, "GET", fmt.Sprintf("/api/shares/designer/%d/count", id), "", nil).JSON()["share_count"].(float64)
			if shared > 5 || int(count) != shared {
				t.Fatalf("100 shares from one address counted %d times (count %v)", shared, count)
			}
		})
		t.Run("ClickTracking", func(t *testing.T) {
			var last reply
			for i := 0; i < 200 && last.Status != 429; i++ {
				last = s.call("POST", "/api/email/track/unknown-id/click", "", map[string]any{"clicked_url": "/"}, from("203.0.113.13")...)
			}
			expect429(t, last)
		})
	}, defaultLimits...)
}

// hugePNG is a real, valid PNG of w×h grey pixels: tiny on the wire, costly to decode.
func hugePNG(t *testing.T, w, h int) string {
	t.Helper()
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// Finding 2: one request's pictures have a pixel budget, checked from the
// headers before any decoding, so a gallery of hostile images costs nothing.
func TestAbuse_GalleryPixelBudget(t *testing.T) {
	big := hugePNG(t, 4000, 4000)
	each(t, func(t *testing.T, s *server) {
		p := designerPayload("bomba@example.com")
		p["gallery_images"] = []any{big, big, big, big}
		r := s.must(413, "POST", "/api/designers", "", p)
		if r.JSON()["reason"] != "pixel_budget" {
			t.Fatalf("%s", r.Raw)
		}
		if files, _ := filepath.Glob(filepath.Join(s.DataDir, "uploads", "gallery", "*")); len(files) != 0 {
			t.Fatalf("a refused registration left %v", files)
		}
		s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": "bomba@example.com", "password": "designer123"})
	})
}

// Finding 3: wrong passwords slow the guesser down, never the owner.
func TestAbuse_LockoutCannotBeUsedAgainstSomeoneElse(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		victim := "198.51.100.7"
		s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "anna@example.com", "password": "password123", "name": "Anna"}, from(victim)...)

		t.Run("TheGuesserIsSlowedDown", func(t *testing.T) {
			var last reply
			for i := 0; i < 12; i++ {
				last = s.call("POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": fmt.Sprintf("guess-%d-guess", i)}, from("203.0.113.50")...)
			}
			if last.Status != 429 || last.Header.Get("Retry-After") == "" {
				t.Fatalf("12th wrong guess: %d %s", last.Status, last.Raw)
			}
			// The right password from the guesser's address waits too: a guess that
			// would be checked while throttled would tell the guesser it was right.
			s.must(429, "POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "password123"}, from("203.0.113.50")...)
		})
		t.Run("TheOwnerStillSignsIn", func(t *testing.T) {
			s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "password123"}, from(victim)...)
			form := url.Values{"username": {"anna@example.com"}, "password": {"password123"}}.Encode()
			r := s.call("POST", "/api/auth/token", "", form, append(from(victim), "Content-Type", "application/x-www-form-urlencoded")...)
			if r.Status != 200 {
				t.Fatalf("token form: %d %s", r.Status, r.Raw)
			}
			// From an address she never used either.
			s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "anna@example.com", "password": "password123"}, from("192.0.2.77")...)
			s.must(200, "POST", "/api/auth/request-password-reset", "", map[string]any{"email": "anna@example.com"}, from(victim)...)
		})
		t.Run("AnOfficeBehindOneAddressSignsIn", func(t *testing.T) {
			const office = "192.0.2.200"
			for i := 0; i < 25; i++ {
				addr := fmt.Sprintf("collega%d@example.com", i)
				s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": addr, "password": "password123", "name": "Collega"}, from(fmt.Sprintf("192.0.2.%d", i+1))...)
			}
			for i := 0; i < 25; i++ {
				addr := fmt.Sprintf("collega%d@example.com", i)
				if i%5 == 0 { // a typo now and then
					s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": addr, "password": "password12"}, from(office)...)
				}
				s.must(200, "POST", "/api/auth/login", "", map[string]any{"email": addr, "password": "password123"}, from(office)...)
			}
		})
	}, defaultLimits...)
}

// Finding 4: NUL and other control characters are a clear 422 everywhere,
// on both engines; line breaks only where text has several lines.
func TestAbuse_ControlCharactersAreRefusedAtTheEdge(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		admin := s.admin()
		designer, designerID := s.designerAccount("sofia@example.com", "Sofia Marino")
		customer, _ := s.register("anna@example.com")
		refused := func(t *testing.T, r reply, loc string) {
			t.Helper()
			m := r.JSON()
			if r.Status != 422 || m["reason"] != "control_character" || !strings.Contains(string(r.Raw), loc) {
				t.Fatalf("status %d, want 422 control_character at %s: %s", r.Status, loc, r.Raw)
			}
		}
		cases := []struct {
			name, method, path, token string
			body                      any
			loc                       string
		}{
			{"LoginEmail", "POST", "/api/auth/login", "", `{"email":"anna\u0000@example.com","password":"password123"}`, "email"},
			{"RegisterName", "POST", "/api/auth/register", "", `{"email":"x@example.com","password":"password123","name":"An\u0000na"}`, "name"},
			{"RegisterNameLineBreak", "POST", "/api/auth/register", "", `{"email":"y@example.com","password":"password123","name":"An\nna"}`, "name"},
			{"ResetEmail", "POST", "/api/auth/request-password-reset", "", `{"email":"\u0007anna@example.com"}`, "email"},
			{"TrackPath", "GET", "/api/email/track/%00/click?url=/", "", nil, "path"},
			{"DesignersEmailQuery", "GET", "/api/designers?email=%00", admin, nil, "email"},
			{"AdminSearch", "GET", "/api/admin/users?q=%00", admin, nil, "q"},
			{"InvalidUTF8Query", "GET", "/api/admin/users?q=%ff%fe", admin, nil, "q"},
			{"MessageOnlyNUL", "POST", "/api/contacts/", customer, fmt.Sprintf(`{"designer_id":%d,"message":"\u0000"}`, designerID), "message"},
			{"ProfileName", "PUT", "/api/users/me", customer, `{"name":"Anna\u001b[31m"}`, "name"},
			{"DesignerBioDEL", "PUT", fmt.Sprintf("/api/designers/%d", designerID), designer, "{\"bio\":\"ok\u007f\"}", "bio"},
			{"DesignerCityC1", "PUT", fmt.Sprintf("/api/designers/%d", designerID), designer, `{"city":"Bari\u0085"}`, "city"},
			{"NestedKey", "POST", "/api/match-designers", "", `{"answers":{"0\u0000":"x"}}`, "answers"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { refused(t, s.call(c.method, c.path, c.token, c.body), c.loc) })
		}
		t.Run("TokenForm", func(t *testing.T) {
			r := s.call("POST", "/api/auth/token", "", "username=anna%00%40example.com&password=x", "Content-Type", "application/x-www-form-urlencoded")
			refused(t, r, "username")
		})
		t.Run("MultipartProfile", func(t *testing.T) {
			body := "--XX\r\nContent-Disposition: form-data; name=\"location\"\r\n\r\nRoma\x00\r\n--XX--\r\n"
			refused(t, s.call("PUT", "/api/users/me", customer, body, "Content-Type", "multipart/form-data; boundary=XX"), "location")
		})
		t.Run("MultiLineTextKeepsLineBreaksAndTabs", func(t *testing.T) {
			s.must(201, "POST", "/api/contacts/", customer, map[string]any{"designer_id": designerID, "message": "Buongiorno,\n\tvorrei un preventivo.\r\nGrazie"})
			d := s.must(200, "PUT", fmt.Sprintf("/api/designers/%d", designerID), designer, map[string]any{"bio": "Riga uno\nRiga due"}).JSON()
			if d["bio"] != "Riga uno\nRiga due" {
				t.Fatalf("bio %q", d["bio"])
			}
		})
		t.Run("NothingWasStored", func(t *testing.T) {
			s.must(401, "POST", "/api/auth/login", "", map[string]any{"email": "x@example.com", "password": "password123"})
			me := s.must(200, "GET", "/api/users/me", customer, nil).JSON()["user"].(map[string]any)
			if me["name"] != "Cliente anna@example.com" {
				t.Fatalf("name %v", me["name"])
			}
		})
	})
}

// jwtSecret is the signing secret the logout tests start the server with.
const jwtSecret = "abuse-tests-secret-0123456789abcdef0123456789"

// forge signs a token as the server would, with the given expiry.
func forge(t *testing.T, userID int64, role string, version int, exp time.Time) string {
	t.Helper()
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"sub": fmt.Sprint(userID), "iss": "interno", "aud": []string{"interno-api"}, "role": role, "ver": version,
		"iat": exp.Add(-time.Hour).Unix(), "nbf": exp.Add(-time.Hour).Unix(), "exp": exp.Unix(),
	}).SignedString([]byte(jwtSecret))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// Finding 5: sessions end on the server.
func TestAbuse_LogoutRevokesTokens(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		_, id := s.register("anna@example.com")
		phone := s.login("anna@example.com", "password123")
		laptop := s.login("anna@example.com", "password123")

		s.must(401, "POST", "/api/auth/logout", "", nil)
		s.must(401, "POST", "/api/auth/logout-all", "", nil)

		r := s.must(204, "POST", "/api/auth/logout", phone, nil)
		if len(r.Raw) != 0 {
			t.Fatalf("204 with a body: %s", r.Raw)
		}
		s.must(401, "GET", "/api/users/me", phone, nil)
		s.must(401, "POST", "/api/auth/logout", phone, nil)
		s.must(200, "GET", "/api/users/me", laptop, nil)

		tablet := s.login("anna@example.com", "password123")
		s.must(204, "POST", "/api/auth/logout-all", laptop, nil)
		s.must(401, "GET", "/api/users/me", laptop, nil)
		s.must(401, "GET", "/api/users/me", tablet, nil)
		fresh := s.login("anna@example.com", "password123")
		s.must(200, "GET", "/api/users/me", fresh, nil)

		t.Run("ExpiryLeewayIsAFewSeconds", func(t *testing.T) {
			_, bid := s.register("bruno@example.com")
			s.must(200, "GET", "/api/users/me", forge(t, bid, "user", 0, time.Now().Add(time.Minute)), nil)
			s.must(401, "GET", "/api/users/me", forge(t, bid, "user", 0, time.Now().Add(-10*time.Second)), nil)
		})
		_ = id
	}, "INTERNO_JWT_SECRET="+jwtSecret)
}

// Finding 6: a lead is read and attached only with its unguessable token.
func TestAbuse_LeadsNeedTheirToken(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		q := s.must(200, "GET", "/api/questionnaire", "", nil).JSON()
		m := s.must(201, "POST", "/api/match-designers", "", map[string]any{"answers": quizAnswers(t, q, "B")}).JSON()
		lead := int64(m["lead_id"].(float64))
		token, _ := m["lead_token"].(string)
		if raw, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(raw) < 16 {
			t.Fatalf("lead_token %q is not ≥ 128 random bits", token)
		}

		r := s.call("GET", fmt.Sprintf("/api/designers/matches?lead_id=%d", lead), "", nil)
		if r.Status != 403 || r.JSON()["reason"] != "lead_token_required" {
			t.Fatalf("lead_id alone: %d %s", r.Status, r.Raw)
		}
		s.must(403, "GET", fmt.Sprintf("/api/designers/matches?lead_id=%d&lead_token=%s", lead, strings.Repeat("A", 43)), "", nil)
		got := s.must(200, "GET", "/api/designers/matches?lead_token="+token, "", nil).JSON()
		if int64(got["lead_id"].(float64)) != lead || got["style_analysis"].(map[string]any)["dominant_style"] != "B" {
			t.Fatalf("%v", got)
		}
		s.must(200, "GET", fmt.Sprintf("/api/designers/matches?lead_id=%d&lead_token=%s&page=2", lead, token), "", nil)

		// Someone who knows only the id cannot take the lead over.
		thief := s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "ladro@example.com", "password": "password123", "name": "Ladro", "lead_id": lead}).JSON()
		thiefTok := thief["access_token"].(string)
		if mine := s.must(200, "GET", fmt.Sprintf("/api/designers/matches?user_id=%.0f", thief["id"].(float64)), thiefTok, nil).JSON(); mine["lead_id"] != nil && int64(mine["lead_id"].(float64)) == lead {
			t.Fatalf("the lead went to someone holding only its id")
		}
		owner := s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "vera@example.com", "password": "password123", "name": "Vera", "lead_id": lead, "lead_token": token}).JSON()
		ownerTok := owner["access_token"].(string)
		mine := s.must(200, "GET", fmt.Sprintf("/api/designers/matches?user_id=%.0f", owner["id"].(float64)), ownerTok, nil).JSON()
		if int64(mine["lead_id"].(float64)) != lead {
			t.Fatalf("owner's matches come from lead %v, want %d", mine["lead_id"], lead)
		}
		// Once attached, the token alone no longer reads it.
		s.must(401, "GET", "/api/designers/matches?lead_token="+token, "", nil)
		s.must(200, "GET", fmt.Sprintf("/api/designers/matches?lead_id=%d", lead), ownerTok, nil)
		r = s.call("POST", "/api/auth/register", "", map[string]any{"email": "tardi@example.com", "password": "password123", "name": "Tardi", "lead_token": token})
		if r.Status != 409 || r.JSON()["reason"] != "lead_taken" {
			t.Fatalf("second registration with the token: %d %s", r.Status, r.Raw)
		}
	})
}

// Finding 6, with issue 15's ways of carrying a lead: a sign-in adopts a
// visitor's questionnaire only with its token, and the results e-mail's links
// carry the token so a link opened later still registers with the result.
func TestAbuse_LeadTokensAtSignInAndInTheResultsEmail(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		q := s.must(200, "GET", "/api/questionnaire", "", nil).JSON()
		quiz := func(code string) (int64, string) {
			m := s.must(201, "POST", "/api/match-designers", "", map[string]any{"answers": quizAnswers(t, q, code)}).JSON()
			return int64(m["lead_id"].(float64)), m["lead_token"].(string)
		}
		s.register("anna@example.com")
		login := func(lead map[string]any) map[string]any {
			body := map[string]any{"email": "anna@example.com", "password": "password123"}
			for k, v := range lead {
				body[k] = v
			}
			return s.must(200, "POST", "/api/auth/login", "", body).JSON()
		}

		t.Run("SignInAdoptsOnlyWithTheToken", func(t *testing.T) {
			id, token := quiz("D")
			for _, lead := range []map[string]any{{"lead_id": id}, {"lead_id": id, "lead_token": strings.Repeat("A", 43)}, {"lead_token": "nope"}} {
				if got := login(lead)["style_analysis"]; got != nil {
					t.Fatalf("%v adopted a lead: %v", lead, got)
				}
			}
			got := login(map[string]any{"lead_id": id, "lead_token": token})
			if a, _ := got["style_analysis"].(map[string]any); a == nil || a["dominant_style"] != "D" {
				t.Fatalf("with its token: %v", got["style_analysis"])
			}
			tok := got["access_token"].(string)
			me := s.must(200, "GET", "/api/users/me", tok, nil).JSON()["user"].(map[string]any)
			if a, _ := me["style_analysis"].(map[string]any); a == nil || a["dominant_style"] != "D" {
				t.Fatalf("profile: %v", me["style_analysis"])
			}
			// Now Anna's: a stranger with the token cannot read it any more.
			s.must(401, "GET", "/api/designers/matches?lead_token="+token, "", nil)
		})

		t.Run("ResultsEmailLinksCarryTheToken", func(t *testing.T) {
			id, token := quiz("C")
			body := map[string]any{"email": "ospite@example.com", "lead_id": id, "lead_token": token,
				"style_analysis": map[string]any{"dominant_style": "C", "style_percentages": map[string]any{"A": 10, "B": 15, "C": 40, "D": 20, "E": 15}}}
			s.must(202, "POST", "/api/email/send-results", "", body)
			m := s.mailTo("ospite@example.com")
			want := url.QueryEscape(fmt.Sprintf("/login?mode=register&redirect=designers&leadId=%d&leadToken=%s", id, token))
			if !strings.Contains(m.Text, want) {
				t.Fatalf("register link without the lead's token:\n%s", m.Text)
			}
			// The link still works when opened later: registration attaches the lead.
			reg := s.must(201, "POST", "/api/auth/register", "", map[string]any{"email": "ospite@example.com", "password": "password123", "name": "Ospite",
				"lead_id": id, "lead_token": token}).JSON()
			if a, _ := reg["style_analysis"].(map[string]any); a == nil || a["dominant_style"] != "C" {
				t.Fatalf("registered without the result: %v", reg["style_analysis"])
			}

			// A wrong token: the e-mail goes, its links carry no lead.
			other, _ := quiz("E")
			body["email"], body["lead_id"], body["lead_token"] = "altro@example.com", other, token
			s.must(202, "POST", "/api/email/send-results", "", body)
			if m := s.mailTo("altro@example.com"); strings.Contains(m.Text, "leadId") || strings.Contains(m.Text, "leadToken") {
				t.Fatalf("links carry a lead the token does not name:\n%s", m.Text)
			}
		})
	})
}

// Finding 7: the smaller items.
func TestAbuse_SmallerFindings(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		t.Run("VaryOriginOnRefusedOrigins", func(t *testing.T) {
			r := s.must(200, "GET", "/api/health", "", nil, "Origin", "https://evil.example")
			if r.Header.Get("Access-Control-Allow-Origin") != "" || !strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Origin") {
				t.Fatalf("headers %v", r.Header)
			}
			pre := s.call("OPTIONS", "/api/auth/login", "", nil, "Origin", "https://evil.example", "Access-Control-Request-Method", "POST")
			if pre.Status != 403 || !strings.Contains(strings.Join(pre.Header.Values("Vary"), ","), "Origin") {
				t.Fatalf("preflight %d %v", pre.Status, pre.Header)
			}
		})
		t.Run("VaryComposesWithCompressionAndImages", func(t *testing.T) {
			// A compressed JSON answer varies by origin and by encoding, each named once.
			r := s.must(200, "GET", "/api/questionnaire", "", nil, "Origin", "https://evil.example", "Accept-Encoding", "gzip")
			vary := strings.Join(r.Header.Values("Vary"), ",")
			if r.Header.Get("Content-Encoding") != "gzip" || strings.Count(vary, "Origin") != 1 || strings.Count(vary, "Accept-Encoding") != 1 {
				t.Fatalf("Content-Encoding %q, Vary %q", r.Header.Get("Content-Encoding"), vary)
			}
			// A resized picture varies by Accept too, without losing Origin.
			q := s.must(200, "GET", "/api/questionnaire", "", nil).JSON()
			option := q["questions"].([]any)[0].(map[string]any)["options"].([]any)[0].(map[string]any)["image"].(string)
			img := s.must(200, "GET", "/api/images/resize/"+strings.TrimPrefix(option, "/api/")+"?size=small", "", nil, "Accept", "image/webp")
			vary = strings.Join(img.Header.Values("Vary"), ",")
			if !strings.Contains(vary, "Accept") || strings.Count(vary, "Origin") != 1 {
				t.Fatalf("image Vary %q", vary)
			}
		})
		t.Run("UnknownFieldsAreIgnoredOnEveryEditRoute", func(t *testing.T) {
			admin := s.admin()
			tok, id := s.register("anna@example.com")
			me := s.must(200, "PUT", "/api/users/me", tok, map[string]any{"name": "Anna Bianchi", "nickname": "anna", "role": "admin"}).JSON()["user"].(map[string]any)
			if me["name"] != "Anna Bianchi" || me["role"] != "user" {
				t.Fatalf("%v", me)
			}
			row := s.must(200, "PUT", fmt.Sprintf("/api/admin/users/%d", id), admin, map[string]any{"name": "Anna B.", "nickname": "x", "role": "admin", "is_admin": true, "id": 999}).JSON()
			if row["name"] != "Anna B." || row["role"] != "user" || row["is_admin"] != false {
				t.Fatalf("%v", row)
			}
			_, did := s.designerAccount("sofia@example.com", "Sofia")
			d := s.must(200, "PUT", fmt.Sprintf("/api/admin/designers/%d", did), admin, map[string]any{"city": "Lecce", "verified": true, "like_count": 1000, "gallery_images": []string{"x"}}).JSON()
			if d["city"] != "Lecce" || d["verified"] != false {
				t.Fatalf("%v", d)
			}
			s.must(200, "PUT", fmt.Sprintf("/api/designers/%d", did), admin, map[string]any{"city": "Bari", "verified": true, "like_count": 1000})
			s.must(401, "GET", "/api/users/me", forge(t, id, "admin", 0, time.Now().Add(time.Hour)), nil)
		})
	}, "INTERNO_JWT_SECRET="+jwtSecret)
}
