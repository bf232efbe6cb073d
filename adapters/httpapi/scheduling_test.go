package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	_ "time/tzdata"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/identity"
	"interno/core/scheduling"
	"interno/internal/wiring"
)

// schedEnv is a router with scheduling wired in, a pinned clock on Monday
// 1 March 2027 at 06:00 in Rome, and a cast: designers Sofia (with Monday to
// Friday 09:00–12:00) and Bea, customers Anna and Bruno, and an admin.
type schedEnv struct {
	*testEnv
	svc                            *scheduling.Service
	loc                            *time.Location
	sofia, bea, anna, bruno, admin string
	sofiaID, beaID                 int64
}

func newSchedEnv(t *testing.T, db *store.DB) *schedEnv {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Fatal(err)
	}
	se := &schedEnv{loc: loc}
	env := newEnv(t, db, func(cfg *Config, d *Deps) {
		q := store.NewEmailQueue(db)
		se.svc = scheduling.NewService(scheduling.Config{Location: loc, MinNotice: 2 * time.Hour,
			CallBaseURL: "https://meet.example", BaseURL: cfg.BaseURL, Clock: cfg.Clock},
			scheduling.Deps{Repo: store.NewSchedulingRepo(db), Designers: d.Designers.Refs(), Mail: q,
				Reminders: wiring.Reminders{Queue: q}, Tx: db})
		d.Scheduling = se.svc
	})
	env.clock.now = time.Date(2027, 3, 1, 6, 0, 0, 0, loc)
	env.id.OnDelete(func(ctx context.Context, u identity.User) error { return se.svc.AccountDeleted(ctx, u.ID) })
	se.testEnv = env
	se.sofia, se.sofiaID = env.newDesignerAccount("sofia@example.com")
	se.bea, se.beaID = env.newDesignerAccount("bea@example.com")
	se.anna, _ = env.account("anna@example.com")
	se.bruno, _ = env.account("bruno@example.com")
	se.admin, _ = env.withRole("admin@example.com", identity.RoleAdmin)
	var week []map[string]any
	for day := 0; day < 5; day++ {
		week = append(week, map[string]any{"day_of_week": day, "start_time": "09:00", "end_time": "12:00", "is_active": true})
	}
	env.expect(req{method: "PUT", path: se.availability(se.sofiaID), token: se.sofia, body: week}, 200)
	return se
}

func eachSched(t *testing.T, fn func(t *testing.T, se *schedEnv)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newSchedEnv(t, db)) })
}

func (se *schedEnv) availability(id int64) string {
	return "/api/appointments/availability/" + itoa(id)
}

// at is a wall-clock time in Rome in March 2027, as the API writes it.
func (se *schedEnv) at(day, hour int) string {
	return time.Date(2027, 3, day, hour, 0, 0, 0, se.loc).Format(time.RFC3339)
}

func (se *schedEnv) book(token string, day, hour int) map[string]any {
	se.t.Helper()
	return se.expect(req{method: "POST", path: "/api/appointments/", token: token,
		body: map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(day, hour), "message": "Vorrei rifare il soggiorno"}}, 201).JSON(se.t)
}

func idOf(m map[string]any) string { return fmt.Sprint(int64(m["appointment_id"].(float64))) }

func TestScheduling_Availability(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		path := se.availability(se.sofiaID)
		t.Run("AnyoneReads", func(t *testing.T) {
			for _, tok := range []string{"", se.anna, se.bruno, se.sofia, se.bea, se.admin} {
				var got []map[string]any
				r := se.expect(req{method: "GET", path: path, token: tok}, 200)
				if err := json.Unmarshal(r.Body, &got); err != nil || len(got) != 5 || got[0]["day_name"] != "Lunedì" || got[0]["start_time"] != "09:00" {
					t.Fatalf("%s %v", r.Body, err)
				}
			}
			se.expect(req{method: "GET", path: se.availability(se.beaID)}, 200)
			se.expect(req{method: "GET", path: se.availability(99999)}, 404)
			se.expect(req{method: "GET", path: "/api/appointments/availability/abc"}, 422)
		})
		t.Run("OnlyTheOwnerWrites", func(t *testing.T) {
			week := []map[string]any{{"day_of_week": 0, "start_time": "10:00", "end_time": "11:00"}}
			se.expect(req{method: "PUT", path: path, body: week}, 401)
			se.expect(req{method: "PUT", path: path, token: se.anna, body: week}, 403)
			se.expect(req{method: "PUT", path: path, token: se.bea, body: week}, 403)
			se.expect(req{method: "PUT", path: path, token: se.admin, body: week}, 403)
			se.expect(req{method: "PUT", path: se.availability(99999), token: se.sofia, body: week}, 404)
			if got := se.expect(req{method: "GET", path: path}, 200); strings.Contains(string(got.Body), "10:00") {
				t.Fatal("a refused write changed the week")
			}
			got := se.expect(req{method: "PUT", path: se.availability(se.beaID), token: se.bea,
				body: map[string]any{"slots": week}}, 200).Body
			if !strings.Contains(string(got), `"is_active":true`) {
				t.Fatalf("is_active should default to true: %s", got)
			}
		})
		t.Run("Validation", func(t *testing.T) {
			cases := map[string]any{
				"minutes":   []map[string]any{{"day_of_week": 0, "start_time": "09:10", "end_time": "10:00"}},
				"order":     []map[string]any{{"day_of_week": 0, "start_time": "11:00", "end_time": "10:00"}},
				"day":       []map[string]any{{"day_of_week": 7, "start_time": "09:00", "end_time": "10:00"}},
				"type":      []map[string]any{{"day_of_week": "lunedì", "start_time": "09:00", "end_time": "10:00"}},
				"overlap":   []map[string]any{{"day_of_week": 1, "start_time": "09:00", "end_time": "12:00"}, {"day_of_week": 1, "start_time": "11:00", "end_time": "13:00"}},
				"shape":     map[string]any{"week": []any{}},
				"notjson":   "{",
				"emptybody": "",
			}
			for name, body := range cases {
				r := se.do(req{method: "PUT", path: se.availability(se.beaID), token: se.bea, body: body})
				if r.Code != 422 || !strings.Contains(string(r.Body), "detail") {
					t.Errorf("%s: %d %s", name, r.Code, r.Body)
				}
			}
			r := se.do(req{method: "PUT", path: se.availability(se.beaID), token: se.bea, body: cases["overlap"]}).JSON(t)
			if r["reason"] != "availability_overlap" {
				t.Fatalf("%v", r)
			}
			se.expect(req{method: "PUT", path: se.availability(se.beaID), token: se.bea, body: []any{}}, 200)
		})
	})
}

func TestScheduling_AvailableSlots(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		base := "/api/appointments/available-slots/" + itoa(se.sofiaID)
		t.Run("PublicAndShaped", func(t *testing.T) {
			for _, tok := range []string{"", se.anna, se.sofia, se.bea, se.admin} {
				r := se.expect(req{method: "GET", path: base + "?start_date=2027-03-01&end_date=2027-03-02", token: tok}, 200).JSON(t)
				slots := r["slots"].([]any)
				first := slots[0].(map[string]any)
				if len(slots) != 6 || first["datetime"] != "2027-03-01T09:00:00+01:00" || first["date"] != "2027-03-01" || first["time"] != "09:00" ||
					r["timezone"] != "Europe/Rome" || r["slot_minutes"].(float64) != 60 {
					t.Fatalf("%v", r)
				}
			}
		})
		t.Run("DefaultsToThirtyDaysFromToday", func(t *testing.T) {
			r := se.expect(req{method: "GET", path: base}, 200).JSON(t)
			if r["start_date"] != "2027-03-01" || r["end_date"] != "2027-03-30" || len(r["slots"].([]any)) != 22*3 {
				t.Fatalf("%v %d", r["end_date"], len(r["slots"].([]any)))
			}
		})
		t.Run("BadDatesAre422", func(t *testing.T) {
			for _, q := range []string{"?start_date=2027-02-30", "?start_date=01/03/2027", "?start_date=2027-3-1", "?end_date=tomorrow",
				"?start_date=2027-03-05&end_date=2027-03-04", "?start_date=2027-03-01&end_date=2027-05-02"} {
				r := se.expect(req{method: "GET", path: base + q}, 422).JSON(t)
				if _, ok := r["detail"].([]any); !ok {
					t.Errorf("%s: %v", q, r)
				}
			}
			se.expect(req{method: "GET", path: base + "?start_date=2027-03-01&end_date=2027-05-01"}, 200)
			se.expect(req{method: "GET", path: "/api/appointments/available-slots/99999"}, 404)
		})
		t.Run("MinimumNotice", func(t *testing.T) {
			se.clock.Advance(3*time.Hour + 30*time.Minute) // 09:30: nothing before 11:30
			defer se.clock.Advance(-(3*time.Hour + 30*time.Minute))
			r := se.expect(req{method: "GET", path: base + "?start_date=2027-03-01&end_date=2027-03-01"}, 200).JSON(t)
			if s := r["slots"].([]any); len(s) != 0 {
				t.Fatalf("%v", s)
			}
		})
	})
}

func TestScheduling_Book(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		t.Run("WhoMayBook", func(t *testing.T) {
			body := map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(2, 9)}
			se.expect(req{method: "POST", path: "/api/appointments/", body: body}, 401)
			se.expect(req{method: "POST", path: "/api/appointments/", token: "garbage", body: body}, 401)
			own := se.expect(req{method: "POST", path: "/api/appointments/", token: se.sofia, body: body}, 400).JSON(t)
			if own["reason"] != "own_profile" {
				t.Fatalf("%v", own)
			}
			a := se.expect(req{method: "POST", path: "/api/appointments/", token: se.anna,
				body: map[string]any{"designer_id": fmt.Sprint(se.sofiaID), "appointment_date": se.at(2, 9), "message": "Cucina", "phone": "+39 333 1112223"}}, 201).JSON(t)
			if a["status"] != "pending" || a["appointment_date"] != "2027-03-02T09:00:00+01:00" || a["designer_name"] != "Sofia Marino" ||
				a["call_link"] != "" || a["designer_email"] != "" || a["user_phone"] != "+39 333 1112223" {
				t.Fatalf("%v", a)
			}
			se.expect(req{method: "POST", path: "/api/appointments", token: se.bea, body: map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(2, 10)}}, 201)
			se.expect(req{method: "POST", path: "/api/appointments", token: se.admin, body: map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(2, 11)}}, 201)
			mails := se.dueMail("sofia@example.com")
			if len(mails) != 3 || !strings.Contains(mails[0].Text, "Test anna@example.com") || !strings.Contains(mails[0].Text, "martedì 2 marzo 2027, ore 09:00") {
				t.Fatalf("designer notifications: %d %+v", len(mails), mails)
			}
		})
		t.Run("TakenIs409WithAlternatives", func(t *testing.T) {
			r := se.expect(req{method: "POST", path: "/api/appointments/", token: se.bruno,
				body: map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(2, 9)}}, 409).JSON(t)
			alts, _ := r["alternatives"].([]any)
			if r["reason"] != "slot_taken" || len(alts) != 3 || alts[0].(map[string]any)["datetime"] != "2027-03-01T09:00:00+01:00" {
				t.Fatalf("%v", r)
			}
			off := se.expect(req{method: "POST", path: "/api/appointments/", token: se.bruno,
				body: map[string]any{"designer_id": se.sofiaID, "appointment_date": "2027-03-03T09:30:00+01:00"}}, 409).JSON(t)
			if off["reason"] != "slot_unavailable" || len(off["alternatives"].([]any)) != 3 {
				t.Fatalf("%v", off)
			}
		})
		t.Run("BadInput", func(t *testing.T) {
			for name, body := range map[string]any{
				"date":     map[string]any{"designer_id": se.sofiaID, "appointment_date": "domani alle 9"},
				"missing":  map[string]any{"designer_id": se.sofiaID},
				"designer": map[string]any{"appointment_date": se.at(3, 9)},
				"type":     map[string]any{"designer_id": "sofia", "appointment_date": se.at(3, 9)},
				"json":     "{",
				"phone":    map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(3, 9), "phone": "<script>"},
			} {
				if r := se.do(req{method: "POST", path: "/api/appointments/", token: se.bruno, body: body}); r.Code != 422 {
					t.Errorf("%s: %d %s", name, r.Code, r.Body)
				}
			}
			se.expect(req{method: "POST", path: "/api/appointments/", token: se.bruno, body: map[string]any{"designer_id": 99999, "appointment_date": se.at(3, 9)}}, 404)
		})
		t.Run("LimitPerCustomerAndDesigner", func(t *testing.T) {
			se.book(se.anna, 3, 9)
			se.book(se.anna, 3, 10)
			r := se.expect(req{method: "POST", path: "/api/appointments/", token: se.anna,
				body: map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(3, 11)}}, 409).JSON(t)
			if r["reason"] != "booking_limit" {
				t.Fatalf("%v", r)
			}
		})
		t.Run("ReplayWithTheSameKeyBooksOnce", func(t *testing.T) {
			body := map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(4, 9)}
			first := se.expect(req{method: "POST", path: "/api/appointments/", token: se.bruno, key: "book-1", body: body}, 201)
			again := se.expect(req{method: "POST", path: "/api/appointments/", token: se.bruno, key: "book-1", body: body}, 201)
			if string(first.Body) != string(again.Body) || again.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatal("replay differs")
			}
			// A keyed request refused as taken answers with alternatives too
			// (the failed insert is rolled back to a savepoint).
			r := se.expect(req{method: "POST", path: "/api/appointments/", token: se.admin, key: "book-2", body: body}, 409).JSON(t)
			if len(r["alternatives"].([]any)) != 3 {
				t.Fatalf("%v", r)
			}
		})
	})
}

// TestScheduling_OneSlotFiftyCustomers: fifty customers press Prenota for
// the same slot at the same moment; one gets it, 49 get 409.
func TestScheduling_OneSlotFiftyCustomers(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		tokens := make([]string, 50)
		for i := range tokens {
			tokens[i], _ = se.account(fmt.Sprintf("folla%d@example.com", i))
		}
		gate := make(chan struct{})
		codes := make(chan int, len(tokens))
		var wg sync.WaitGroup
		for i, tok := range tokens {
			wg.Add(1)
			go func(i int, tok string) {
				defer wg.Done()
				<-gate
				key := ""
				if i%2 == 0 {
					key = fmt.Sprintf("k-%d", i) // half of them through the idempotency layer
				}
				codes <- se.do(req{method: "POST", path: "/api/appointments/", token: tok, key: key,
					body: map[string]any{"designer_id": se.sofiaID, "appointment_date": se.at(5, 10)}}).Code
			}(i, tok)
		}
		close(gate)
		wg.Wait()
		close(codes)
		count := map[int]int{}
		for c := range codes {
			count[c]++
		}
		if count[201] != 1 || count[409] != 49 {
			t.Fatalf("status counts %v", count)
		}
	})
}

func TestScheduling_Lifecycle(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		a := se.book(se.anna, 2, 9)
		id := idOf(a)
		p := func(action string) string { return "/api/appointments/" + id + "/" + action }

		t.Run("OnlyParticipantsSee", func(t *testing.T) {
			se.expect(req{method: "GET", path: "/api/appointments/" + id}, 401)
			for _, tok := range []string{se.bruno, se.bea, se.admin} {
				se.expect(req{method: "GET", path: "/api/appointments/" + id, token: tok}, 403)
			}
			mine := se.expect(req{method: "GET", path: "/api/appointments/" + id, token: se.anna}, 200).JSON(t)
			if mine["designer_name"] != "Sofia Marino" || mine["user_name"] != nil {
				t.Fatalf("customer view: %v", mine)
			}
			theirs := se.expect(req{method: "GET", path: "/api/appointments/" + id, token: se.sofia}, 200).JSON(t)
			if theirs["user_name"] != "Test anna@example.com" || theirs["user_email"] != "anna@example.com" || theirs["message"] != "Vorrei rifare il soggiorno" {
				t.Fatalf("designer view: %v", theirs)
			}
			se.expect(req{method: "GET", path: "/api/appointments/99999", token: se.anna}, 404)
		})
		t.Run("Lists", func(t *testing.T) {
			se.expect(req{method: "GET", path: "/api/appointments/user"}, 401)
			if r := se.expect(req{method: "GET", path: "/api/appointments/user", token: se.bruno}, 200).JSON(t); r["total"].(float64) != 0 {
				t.Fatalf("another customer's list: %v", r)
			}
			r := se.expect(req{method: "GET", path: "/api/appointments/user", token: se.anna}, 200).JSON(t)
			if r["total"].(float64) != 1 || r["has_more"] != false {
				t.Fatalf("%v", r)
			}
			se.expect(req{method: "GET", path: "/api/appointments/designer"}, 401)
			se.expect(req{method: "GET", path: "/api/appointments/designer", token: se.anna}, 403)
			se.expect(req{method: "GET", path: "/api/appointments/designer", token: se.admin}, 403)
			if r := se.expect(req{method: "GET", path: "/api/appointments/designer", token: se.bea}, 200).JSON(t); r["total"].(float64) != 0 {
				t.Fatalf("another designer's list: %v", r)
			}
			d := se.expect(req{method: "GET", path: "/api/appointments/designer?status=pending", token: se.sofia}, 200).JSON(t)
			counts := d["counts"].(map[string]any)
			if d["total"].(float64) != 1 || counts["pending"].(float64) != 1 || counts["all"].(float64) != 1 {
				t.Fatalf("%v", d)
			}
			se.expect(req{method: "GET", path: "/api/appointments/designer?status=weird", token: se.sofia}, 422)
			se.expect(req{method: "GET", path: "/api/appointments/designer?limit=1000", token: se.sofia}, 422)
			sum := se.expect(req{method: "GET", path: "/api/appointments/designer/summary", token: se.sofia}, 200).JSON(t)
			if sum["availability_settings"].(float64) != 5 || sum["confirmed_appointments"].(float64) != 0 {
				t.Fatalf("%v", sum)
			}
			se.expect(req{method: "GET", path: "/api/appointments/designer/summary", token: se.anna}, 403)
		})
		t.Run("DesignerActionsAreTheDesigners", func(t *testing.T) {
			for _, action := range []string{"confirm", "reject", "complete"} {
				se.expect(req{method: "PUT", path: p(action)}, 401)
				for _, tok := range []string{se.anna, se.bruno, se.bea, se.admin} {
					se.expect(req{method: "PUT", path: p(action), token: tok}, 403)
				}
			}
			for _, tok := range []string{se.anna, se.bruno, se.bea, se.admin} {
				se.expect(req{method: "DELETE", path: "/api/appointments/" + id, token: tok}, 403)
			}
			se.expect(req{method: "DELETE", path: "/api/appointments/" + id}, 401)
		})
		t.Run("CancelIsTheCustomers", func(t *testing.T) {
			se.expect(req{method: "PUT", path: p("cancel")}, 401)
			for _, tok := range []string{se.sofia, se.bruno, se.bea, se.admin} {
				se.expect(req{method: "PUT", path: p("cancel"), token: tok}, 403)
			}
		})
		t.Run("ConfirmOnceEvenWhenDoubleClicked", func(t *testing.T) {
			se.expect(req{method: "PUT", path: p("complete"), token: se.sofia}, 409)
			before := len(se.dueMail("anna@example.com"))
			codes := make(chan int, 2)
			var wg sync.WaitGroup
			for i := 0; i < 2; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes <- se.do(req{method: "PUT", path: p("confirm"), token: se.sofia, body: map[string]any{"designer_notes": "Porta le foto"}}).Code
				}()
			}
			wg.Wait()
			close(codes)
			got := map[int]int{}
			for c := range codes {
				got[c]++
			}
			if got[200] != 1 || got[409] != 1 {
				t.Fatalf("double click: %v", got)
			}
			mails := se.dueMail("anna@example.com")
			if before != 0 || len(mails) != 1 || len(mails[0].Attachments) != 1 || !strings.HasSuffix(mails[0].Attachments[0].Filename, ".ics") {
				t.Fatalf("confirmation e-mails: %d", len(mails))
			}
			mine := se.expect(req{method: "GET", path: "/api/appointments/" + id, token: se.anna}, 200).JSON(t)
			link, _ := mine["call_link"].(string)
			if mine["status"] != "confirmed" || !strings.HasPrefix(link, "https://meet.example/Interno-") || mine["designer_email"] != "sofia@example.com" ||
				mine["designer_notes"] != "Porta le foto" || !strings.Contains(mails[0].Text, link) {
				t.Fatalf("%v", mine)
			}
			r := se.expect(req{method: "PUT", path: p("confirm"), token: se.sofia}, 409).JSON(t)
			if r["reason"] != "invalid_transition" || r["status"] != "confirmed" {
				t.Fatalf("%v", r)
			}
			se.expect(req{method: "PUT", path: p("cancel"), token: se.anna, body: map[string]any{"reason": "tardi"}}, 409)
			se.expect(req{method: "PUT", path: p("reject"), token: se.sofia}, 409)
			se.expect(req{method: "DELETE", path: "/api/appointments/" + id, token: se.sofia}, 409)
		})
		t.Run("RemindersAreQueuedOnce", func(t *testing.T) {
			reminders := 0
			jobs, err := se.mail.Due(context.Background(), time.Date(2027, 3, 2, 0, 0, 0, 0, time.UTC), time.Date(2027, 3, 2, 0, 1, 0, 0, time.UTC), 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, j := range jobs {
				if j.Kind == scheduling.KindReminder {
					reminders++
				}
			}
			if reminders != 2 {
				t.Fatalf("%d reminders due the day before", reminders)
			}
		})
		t.Run("Complete", func(t *testing.T) {
			// Not before the call starts (Tuesday 09:00): 409 with the reason and the start.
			early := se.expect(req{method: "PUT", path: p("complete"), token: se.sofia}, 409).JSON(t)
			if early["reason"] != "call_not_started" || early["starts_at"] != "2027-03-02T08:00:00Z" {
				t.Fatalf("%v", early)
			}
			if v := se.expect(req{method: "GET", path: "/api/appointments/" + id, token: se.sofia}, 200).JSON(t); v["status"] != "confirmed" {
				t.Fatalf("a refused completion changed the appointment: %v", v)
			}
			saved := se.clock.now
			defer func() { se.clock.now = saved }()
			se.clock.now = time.Date(2027, 3, 2, 9, 0, 0, 0, se.loc).Add(-time.Second)
			sofia := se.expect(req{method: "POST", path: "/api/auth/login",
				body: map[string]any{"email": "sofia@example.com", "password": "designer123"}}, 200).JSON(t)["access_token"].(string)
			se.expect(req{method: "PUT", path: p("complete"), token: sofia}, 409)
			se.clock.now = time.Date(2027, 3, 2, 9, 0, 0, 0, se.loc)
			r := se.expect(req{method: "PUT", path: p("complete"), token: sofia}, 200).JSON(t)
			if r["status"] != "completed" || r["call_link"] != "" {
				t.Fatalf("%v", r)
			}
			r = se.expect(req{method: "PUT", path: p("complete"), token: sofia}, 409).JSON(t)
			if r["reason"] != "invalid_transition" {
				t.Fatalf("%v", r)
			}
		})
		t.Run("RejectThenDelete", func(t *testing.T) {
			b := idOf(se.book(se.bruno, 2, 10))
			r := se.expect(req{method: "PUT", path: "/api/appointments/" + b + "/reject", token: se.sofia, body: map[string]any{"reason": "Sono fuori città"}}, 200).JSON(t)
			if r["status"] != "cancelled" || r["reason"] != "Sono fuori città" || r["cancelled_by"] != "designer" {
				t.Fatalf("%v", r)
			}
			if m := se.dueMail("bruno@example.com"); len(m) != 1 || !strings.Contains(m[0].Text, "Sono fuori città") {
				t.Fatalf("%+v", m)
			}
			se.expect(req{method: "DELETE", path: "/api/appointments/" + b, token: se.bruno}, 403)
			se.expect(req{method: "DELETE", path: "/api/appointments/" + b, token: se.sofia}, 200)
			se.expect(req{method: "DELETE", path: "/api/appointments/" + b, token: se.sofia}, 404)
			se.expect(req{method: "GET", path: "/api/appointments/" + b, token: se.bruno}, 404)
		})
		t.Run("CustomerCancelsPending", func(t *testing.T) {
			c := idOf(se.book(se.bruno, 2, 11))
			r := se.expect(req{method: "PUT", path: "/api/appointments/" + c + "/cancel", token: se.bruno, key: "cancel-1"}, 200).JSON(t)
			if r["status"] != "cancelled" || r["cancelled_by"] != "customer" {
				t.Fatalf("%v", r)
			}
			se.expect(req{method: "PUT", path: "/api/appointments/" + c + "/cancel", token: se.bruno, key: "cancel-1"}, 200)
			se.expect(req{method: "PUT", path: "/api/appointments/" + c + "/cancel", token: se.bruno}, 409)
			se.expect(req{method: "PUT", path: "/api/appointments/" + c + "/cancel", token: se.bruno, body: map[string]any{"reason": strings.Repeat("x", 501)}}, 422)
			slots := se.expect(req{method: "GET", path: "/api/appointments/available-slots/" + itoa(se.sofiaID) + "?start_date=2027-03-02&end_date=2027-03-02"}, 200).JSON(t)["slots"].([]any)
			// None of Tuesday's three holds its slot any more: 09:00 was
			// completed, 10:00 rejected and deleted, 11:00 cancelled.
			if len(slots) != 3 {
				t.Fatalf("slots %v", slots)
			}
		})
	})
}

func TestScheduling_AccountDeletion(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		a := idOf(se.book(se.anna, 4, 9))
		se.expect(req{method: "PUT", path: "/api/appointments/" + a + "/confirm", token: se.sofia}, 200)
		se.dueMail("sofia@example.com")
		se.expect(req{method: "DELETE", path: "/api/users/me", token: se.anna}, http.StatusOK)
		m := se.dueMail("sofia@example.com")
		if len(m) != 1 || !strings.Contains(m[0].Text, "annullato") {
			t.Fatalf("designer not told: %+v", m)
		}
		if r := se.expect(req{method: "GET", path: "/api/appointments/designer", token: se.sofia}, 200).JSON(t); r["total"].(float64) != 0 {
			t.Fatalf("%v", r)
		}
		jobs, _ := se.mail.Due(context.Background(), time.Date(2027, 3, 10, 0, 0, 0, 0, time.UTC), time.Date(2027, 3, 10, 0, 1, 0, 0, time.UTC), 100)
		for _, j := range jobs {
			if j.Kind == scheduling.KindReminder {
				t.Fatalf("reminder survived the deletion: %+v", j)
			}
		}
	})
}

func TestScheduling_AvailabilityConflicts(t *testing.T) {
	eachSched(t, func(t *testing.T, se *schedEnv) {
		path := se.availability(se.sofiaID)
		tue := se.book(se.anna, 2, 10)
		wed := se.book(se.bruno, 3, 9)
		se.expect(req{method: "PUT", path: "/api/appointments/" + idOf(wed) + "/confirm", token: se.sofia, body: map[string]any{}}, 200)
		cancelled := se.book(se.bruno, 4, 11)
		se.expect(req{method: "PUT", path: "/api/appointments/" + idOf(cancelled) + "/cancel", token: se.bruno, body: map[string]any{}}, 200)
		// Monday to Wednesday gone, Thursday and Friday kept.
		week := []map[string]any{{"day_of_week": 3, "start_time": "09:00", "end_time": "12:00"}, {"day_of_week": 4, "start_time": "09:00", "end_time": "12:00"}}

		t.Run("WhoMayCall", func(t *testing.T) {
			body := map[string]any{"slots": week, "keep": []any{}}
			se.expect(req{method: "PUT", path: path, body: body}, 401)
			for _, tok := range []string{se.anna, se.bruno, se.bea, se.admin} {
				r := se.expect(req{method: "PUT", path: path, token: tok, body: body}, 403).JSON(t)
				if _, leaked := r["conflicts"]; leaked {
					t.Fatalf("a stranger learnt of the bookings: %v", r)
				}
			}
		})
		t.Run("RefusedWithTheConflicts", func(t *testing.T) {
			for _, body := range []any{week, map[string]any{"slots": week}, map[string]any{"slots": week, "keep": []any{}}} {
				r := se.expect(req{method: "PUT", path: path, token: se.sofia, body: body}, 409).JSON(t)
				list, _ := r["conflicts"].([]any)
				if r["reason"] != "availability_conflict" || len(list) != 2 {
					t.Fatalf("%v", r)
				}
				first := list[0].(map[string]any)
				if fmt.Sprint(int64(first["id"].(float64))) != idOf(tue) || first["datetime"] != "2027-03-02T10:00:00+01:00" ||
					first["date"] != "2027-03-02" || first["time"] != "10:00" || first["status"] != "pending" || first["customer_name"] != "Test anna@example.com" {
					t.Fatalf("%v", first)
				}
				if second := list[1].(map[string]any); second["status"] != "confirmed" || second["customer_name"] != "Test bruno@example.com" {
					t.Fatalf("%v", second)
				}
			}
			if got := se.expect(req{method: "GET", path: path}, 200).list(t); len(got) != 5 {
				t.Fatalf("a refused change was applied: %v", got)
			}
		})
		t.Run("KeepingSomeIsNotEnough", func(t *testing.T) {
			r := se.expect(req{method: "PUT", path: path, token: se.sofia, body: map[string]any{"slots": week, "keep": []any{tue["appointment_id"]}}}, 409).JSON(t)
			if list := r["conflicts"].([]any); len(list) != 1 || list[0].(map[string]any)["customer_name"] != "Test bruno@example.com" {
				t.Fatalf("%v", r)
			}
			se.expect(req{method: "PUT", path: path, token: se.sofia, body: map[string]any{"slots": week, "keep": "all"}}, 422)
		})
		t.Run("KeepingAllSavesAndCancelsNothing", func(t *testing.T) {
			body := map[string]any{"slots": week, "keep": []any{wed["appointment_id"], tue["appointment_id"]}}
			first := se.expect(req{method: "PUT", path: path, token: se.sofia, key: "avail-keep-1", body: body}, 200)
			again := se.expect(req{method: "PUT", path: path, token: se.sofia, key: "avail-keep-1", body: body}, 200)
			if string(first.Body) != string(again.Body) {
				t.Fatalf("replay differs: %s vs %s", first.Body, again.Body)
			}
			if got := se.expect(req{method: "GET", path: path}, 200).list(t); len(got) != 2 {
				t.Fatalf("%v", got)
			}
			for id, status := range map[string]string{idOf(tue): "pending", idOf(wed): "confirmed"} {
				if a := se.expect(req{method: "GET", path: "/api/appointments/" + id, token: se.sofia}, 200).JSON(t); a["status"] != status {
					t.Fatalf("appointment %s became %v", id, a["status"])
				}
			}
			// Kept appointments stay conflicts while live: a later change that leaves them out must keep them again.
			r := se.expect(req{method: "PUT", path: path, token: se.sofia, body: week}, 409).JSON(t)
			if len(r["conflicts"].([]any)) != 2 {
				t.Fatalf("%v", r)
			}
		})
		t.Run("AChangeThatKeepsTheirTimesNeedsNothing", func(t *testing.T) {
			wider := []map[string]any{{"day_of_week": 1, "start_time": "08:00", "end_time": "12:00"}, {"day_of_week": 2, "start_time": "09:00", "end_time": "10:00"}}
			se.expect(req{method: "PUT", path: path, token: se.sofia, body: wider}, 200)
		})
	})
}

func (r resp) list(t *testing.T) []any {
	t.Helper()
	var out []any
	if err := json.Unmarshal(r.Body, &out); err != nil {
		t.Fatalf("%v: %s", err, r.Body)
	}
	return out
}
