package api_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	_ "time/tzdata"
)

// designerAccount registers a designer without images and signs in.
func (s *server) designerAccount(email, name string) (token string, id int64) {
	s.t.Helper()
	d := s.must(201, "POST", "/api/designers", "", map[string]any{
		"name": name, "email": email, "password": "designer123", "bio": "Progetti su misura, luce naturale.",
		"specialties": []string{"Japandi"}, "design_style": "C", "prima_proposta": "5-7 giorni",
		"work_preferences": []string{"online"}, "city": "Torino", "privacy_consent": true,
	}).JSON()
	return s.login(email, "designer123"), int64(d["id"].(float64))
}

func (s *server) admin() string {
	s.t.Helper()
	if out, err := s.cli("admin", "create", "--email", "boss@example.com", "--name", "Boss", "--password", "admin-pass-1"); err != nil {
		s.t.Fatalf("%v: %s", err, out)
	}
	return s.login("boss@example.com", "admin-pass-1")
}

// openWeek makes the designer bookable every day from 08:00 to 20:00.
func (s *server) openWeek(token string, designerID int64) {
	s.t.Helper()
	var week []map[string]any
	for day := 0; day < 7; day++ {
		week = append(week, map[string]any{"day_of_week": day, "start_time": "08:00", "end_time": "20:00", "is_active": true})
	}
	s.must(200, "PUT", fmt.Sprintf("/api/appointments/availability/%d", designerID), token, week)
}

// slotAt is hour:00 in Rome, days from today.
func slotAt(t *testing.T, days, hour int) string {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().In(loc)
	return time.Date(now.Year(), now.Month(), now.Day()+days, hour, 0, 0, 0, loc).Format(time.RFC3339)
}

func TestScheduling(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		bea, _ := s.designerAccount("bea@example.com", "Bea Verdi")
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		admin := s.admin()
		avail := fmt.Sprintf("/api/appointments/availability/%d", sofiaID)
		slots := fmt.Sprintf("/api/appointments/available-slots/%d", sofiaID)
		book := func(token, when string) reply {
			return s.call("POST", "/api/appointments/", token, map[string]any{"designer_id": sofiaID, "appointment_date": when, "message": "Vorrei rifare la cucina"})
		}

		t.Run("AvailabilityOwnerWritesAnyoneReads", func(t *testing.T) {
			week := []map[string]any{{"day_of_week": 0, "start_time": "09:00", "end_time": "12:00"}}
			s.must(401, "PUT", avail, "", week)
			for _, tok := range []string{anna, bea, admin} {
				s.must(403, "PUT", avail, tok, week)
			}
			s.must(422, "PUT", avail, sofia, []map[string]any{{"day_of_week": 0, "start_time": "09:00", "end_time": "12:00"},
				{"day_of_week": 0, "start_time": "10:00", "end_time": "11:00"}})
			s.openWeek(sofia, sofiaID)
			for _, tok := range []string{"", anna, bea, admin, sofia} {
				if got := s.must(200, "GET", avail, tok, nil); !strings.Contains(string(got.Raw), `"day_name":"Domenica"`) {
					t.Fatalf("%s", got.Raw)
				}
			}
		})
		t.Run("SlotsArePublicAndChecked", func(t *testing.T) {
			day := slotAt(t, 3, 0)[:10]
			r := s.must(200, "GET", slots+"?start_date="+day+"&end_date="+day, "", nil).JSON()
			if got := r["slots"].([]any); len(got) != 12 || got[0].(map[string]any)["time"] != "08:00" {
				t.Fatalf("%v", r)
			}
			for _, q := range []string{"?start_date=2027-02-30", "?start_date=31/12/2027", "?start_date=2027-01-10&end_date=2027-01-01",
				"?start_date=2027-01-01&end_date=2027-06-01"} {
				s.must(422, "GET", slots+q, "", nil)
			}
			s.must(404, "GET", "/api/appointments/available-slots/99999", "", nil)
		})

		var first string
		t.Run("BookingWhoMay", func(t *testing.T) {
			when := slotAt(t, 3, 10)
			if r := book("", when); r.Status != 401 {
				t.Fatalf("anonymous: %d", r.Status)
			}
			if r := book(sofia, when); r.Status != 400 || r.JSON()["reason"] != "own_profile" {
				t.Fatalf("own profile: %d %s", r.Status, r.Raw)
			}
			r := book(anna, when)
			if r.Status != 201 || r.JSON()["status"] != "pending" {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			first = fmt.Sprint(int64(r.JSON()["appointment_id"].(float64)))
			if m := s.mailTo("sofia@example.com"); !strings.Contains(m.Subject, "Nuova richiesta") || !strings.Contains(m.Text, "Vorrei rifare la cucina") {
				t.Fatalf("designer mail: %+v", m)
			}
			taken := book(bruno, when)
			alts, _ := taken.JSON()["alternatives"].([]any)
			if taken.Status != 409 || taken.JSON()["reason"] != "slot_taken" || len(alts) != 3 {
				t.Fatalf("%d %s", taken.Status, taken.Raw)
			}
			if r := book(bruno, slotAt(t, 3, 21)); r.Status != 409 || r.JSON()["reason"] != "slot_unavailable" {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
			if r := book(bruno, "domani"); r.Status != 422 {
				t.Fatalf("%d", r.Status)
			}
		})
		path := func(id, action string) string {
			if action == "" {
				return "/api/appointments/" + id
			}
			return "/api/appointments/" + id + "/" + action
		}
		t.Run("OnlyParticipantsSee", func(t *testing.T) {
			s.must(401, "GET", path(first, ""), "", nil)
			for _, tok := range []string{bruno, bea, admin} {
				s.must(403, "GET", path(first, ""), tok, nil)
			}
			s.must(200, "GET", path(first, ""), anna, nil)
			if v := s.must(200, "GET", path(first, ""), sofia, nil).JSON(); v["user_email"] != "anna@example.com" {
				t.Fatalf("%v", v)
			}
			s.must(403, "GET", "/api/appointments/designer", anna, nil)
			s.must(403, "GET", "/api/appointments/designer", admin, nil)
			if r := s.must(200, "GET", "/api/appointments/designer", bea, nil).JSON(); r["total"].(float64) != 0 {
				t.Fatalf("%v", r)
			}
			if r := s.must(200, "GET", "/api/appointments/user", bruno, nil).JSON(); r["total"].(float64) != 0 {
				t.Fatalf("%v", r)
			}
		})
		t.Run("ConfirmByTheDesignerOnly", func(t *testing.T) {
			s.must(401, "PUT", path(first, "confirm"), "", nil)
			for _, tok := range []string{anna, bruno, bea, admin} {
				s.must(403, "PUT", path(first, "confirm"), tok, nil)
			}
			v := s.must(200, "PUT", path(first, "confirm"), sofia, nil, "Idempotency-Key", "confirm-"+first).JSON()
			link, _ := v["call_link"].(string)
			if v["status"] != "confirmed" || !strings.HasPrefix(link, "https://meet.example/Interno-") {
				t.Fatalf("%v", v)
			}
			again := s.must(200, "PUT", path(first, "confirm"), sofia, nil, "Idempotency-Key", "confirm-"+first)
			if again.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatal("replay was not served from the stored answer")
			}
			s.must(409, "PUT", path(first, "confirm"), sofia, nil)
			m := s.mailTo("anna@example.com")
			if !strings.Contains(m.Subject, "confermato") || !strings.Contains(m.Text, link) || len(m.Attachments) != 1 ||
				!strings.Contains(string(m.Attachments[0].Data), "BEGIN:VEVENT") {
				t.Fatalf("confirmation: %+v", m)
			}
			list := s.must(200, "GET", "/api/appointments/user", anna, nil).JSON()["appointments"].([]any)
			if mine := list[0].(map[string]any); mine["status"] != "confirmed" || mine["call_link"] != link {
				t.Fatalf("%v", mine)
			}
			s.must(409, "PUT", path(first, "cancel"), anna, nil)
		})
		t.Run("CustomerCancelsOnlyOwnPending", func(t *testing.T) {
			id := fmt.Sprint(int64(s.must(201, "POST", "/api/appointments/", bruno, map[string]any{"designer_id": sofiaID, "appointment_date": slotAt(t, 3, 11)}).JSON()["appointment_id"].(float64)))
			s.must(401, "PUT", path(id, "cancel"), "", nil)
			for _, tok := range []string{anna, sofia, bea, admin} {
				s.must(403, "PUT", path(id, "cancel"), tok, map[string]any{"reason": "no"})
			}
			if v := s.must(200, "PUT", path(id, "cancel"), bruno, map[string]any{"reason": "Ho trovato un altro orario"}).JSON(); v["status"] != "cancelled" {
				t.Fatalf("%v", v)
			}
			s.must(409, "PUT", path(id, "cancel"), bruno, nil)
		})
		t.Run("RejectCompleteDelete", func(t *testing.T) {
			id := fmt.Sprint(int64(s.must(201, "POST", "/api/appointments/", bruno, map[string]any{"designer_id": sofiaID, "appointment_date": slotAt(t, 3, 12)}).JSON()["appointment_id"].(float64)))
			for _, tok := range []string{bruno, bea, admin} {
				s.must(403, "PUT", path(id, "reject"), tok, nil)
			}
			s.must(200, "PUT", path(id, "reject"), sofia, map[string]any{"reason": "Sono in cantiere"})
			if m := s.mailTo("bruno@example.com"); !strings.Contains(m.Text, "Sono in cantiere") {
				t.Fatalf("%+v", m)
			}
			for _, tok := range []string{bruno, bea, admin} {
				s.must(403, "DELETE", path(id, ""), tok, nil)
			}
			s.must(401, "DELETE", path(id, ""), "", nil)
			s.must(200, "DELETE", path(id, ""), sofia, nil)
			s.must(404, "GET", path(id, ""), bruno, nil)
			for _, tok := range []string{anna, bea, admin} {
				s.must(403, "PUT", path(first, "complete"), tok, nil)
			}
			// The confirmed call is days away: it cannot be marked held before it starts (the
			// router tests move the clock to see it completed from its start on).
			if v := s.must(409, "PUT", path(first, "complete"), sofia, nil).JSON(); v["reason"] != "call_not_started" || v["starts_at"] == nil {
				t.Fatalf("%v", v)
			}
			counts := s.must(200, "GET", "/api/appointments/designer", sofia, nil).JSON()["counts"].(map[string]any)
			if counts["confirmed"].(float64) != 1 || counts["completed"].(float64) != 0 || counts["cancelled"].(float64) != 1 || counts["all"].(float64) != 2 {
				t.Fatalf("%v", counts)
			}
		})
	}, "INTERNO_CALL_BASE_URL=https://meet.example")
}

// TestScheduling_FiftyCustomersOneSlot: fifty customers book the same slot
// at the same moment against the real binary; exactly one gets it.
func TestScheduling_FiftyCustomersOneSlot(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		s.openWeek(sofia, sofiaID)
		tokens := make([]string, 50)
		for i := range tokens {
			tokens[i], _ = s.register(fmt.Sprintf("folla%d@example.com", i))
		}
		when := slotAt(t, 4, 15)
		gate := make(chan struct{})
		codes := make(chan int, len(tokens))
		var wg sync.WaitGroup
		for _, tok := range tokens {
			wg.Add(1)
			go func(tok string) {
				defer wg.Done()
				<-gate
				codes <- s.call("POST", "/api/appointments/", tok, map[string]any{"designer_id": sofiaID, "appointment_date": when}).Status
			}(tok)
		}
		close(gate)
		wg.Wait()
		close(codes)
		got := map[int]int{}
		for c := range codes {
			got[c]++
		}
		if got[201] != 1 || got[409] != 49 {
			t.Fatalf("status counts %v", got)
		}
	})
}

// A week that leaves out an upcoming booking is refused with the booking
// listed, until the designer keeps it; the booking survives either way.
func TestScheduling_AvailabilityConflicts(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		bea, _ := s.designerAccount("bea@example.com", "Bea Verdi")
		anna, _ := s.register("anna@example.com")
		admin := s.admin()
		avail := fmt.Sprintf("/api/appointments/availability/%d", sofiaID)
		s.openWeek(sofia, sofiaID)
		when := slotAt(t, 3, 10)
		booked := s.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": sofiaID, "appointment_date": when}).JSON()
		id := booked["appointment_id"].(float64)
		var afternoons []map[string]any
		for day := 0; day < 7; day++ {
			afternoons = append(afternoons, map[string]any{"day_of_week": day, "start_time": "14:00", "end_time": "20:00"})
		}

		s.must(401, "PUT", avail, "", map[string]any{"slots": afternoons, "keep": []any{id}})
		for _, tok := range []string{anna, bea, admin} {
			if r := s.must(403, "PUT", avail, tok, map[string]any{"slots": afternoons, "keep": []any{id}}); strings.Contains(string(r.Raw), "conflicts") {
				t.Fatalf("%s", r.Raw)
			}
		}
		r := s.must(409, "PUT", avail, sofia, afternoons).JSON()
		list, _ := r["conflicts"].([]any)
		if r["reason"] != "availability_conflict" || len(list) != 1 {
			t.Fatalf("%v", r)
		}
		c := list[0].(map[string]any)
		if c["id"] != id || c["datetime"] != when || c["time"] != "10:00" || c["date"] != when[:10] || c["status"] != "pending" ||
			c["customer_name"] != "Cliente anna@example.com" {
			t.Fatalf("%v", c)
		}
		if got := s.must(200, "GET", avail, "", nil); strings.Contains(string(got.Raw), `"start_time":"14:00"`) {
			t.Fatalf("refused week stored: %s", got.Raw)
		}
		body := map[string]any{"slots": afternoons, "keep": []any{id}}
		first := s.must(200, "PUT", avail, sofia, body, "Idempotency-Key", "week-keep-1")
		again := s.must(200, "PUT", avail, sofia, body, "Idempotency-Key", "week-keep-1")
		if string(first.Raw) != string(again.Raw) || !strings.Contains(string(first.Raw), `"start_time":"14:00"`) {
			t.Fatalf("%s / %s", first.Raw, again.Raw)
		}
		if a := s.must(200, "GET", fmt.Sprintf("/api/appointments/%d", int64(id)), sofia, nil).JSON(); a["status"] != "pending" {
			t.Fatalf("the kept booking changed: %v", a)
		}
	})
}
