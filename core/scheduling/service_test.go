package scheduling

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/live"
)

type fixture struct {
	svc   *Service
	repo  *memRepo
	mail  *memQueue
	now   time.Time
	loc   *time.Location
	sofia kernel.Principal // designer 10's account
	anna  kernel.Principal // customer
	bruno kernel.Principal // another customer
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	loc := rome(t)
	f := &fixture{repo: newMemRepo(), mail: &memQueue{}, loc: loc,
		now:   time.Date(2026, 3, 2, 6, 0, 0, 0, loc), // Monday
		sofia: kernel.Principal{UserID: 100}, anna: kernel.Principal{UserID: 200}, bruno: kernel.Principal{UserID: 201}}
	f.repo.users[100] = [2]string{"Sofia Marino", "sofia@example.com"}
	f.repo.users[200] = [2]string{"Anna Neri", "anna@example.com"}
	f.repo.users[201] = [2]string{"Bruno Gialli", "bruno@example.com"}
	f.repo.dsg[10] = kernel.DesignerRef{ID: 10, UserID: 100, Name: "Sofia Marino"}
	f.svc = NewService(Config{Location: loc, MinNotice: 2 * time.Hour, CallBaseURL: "https://call.example/", BaseURL: "https://interno.test",
		Clock: func() time.Time { return f.now }},
		Deps{Repo: f.repo, Designers: f.repo, Mail: f.mail, Reminders: f.mail, Tx: directTx{}})
	var week []WindowInput
	for day := 0; day < 5; day++ {
		week = append(week, WindowInput{DayOfWeek: day, StartTime: "09:00", EndTime: "12:00", Active: true})
	}
	if _, err := f.svc.SetWeek(context.Background(), f.sofia, 10, week); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) at(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, f.loc) }

func (f *fixture) book(t *testing.T, c kernel.Principal, start time.Time) Appointment {
	t.Helper()
	a, err := f.svc.Book(context.Background(), c, BookRequest{DesignerID: 10, Start: start, Message: "Soggiorno da rifare"})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func alternatives(t *testing.T, err error) []string {
	t.Helper()
	f, ok := fault.As(err)
	if !ok {
		t.Fatalf("not a fault: %v", err)
	}
	var out []string
	for _, s := range f.Extra["alternatives"].([]SlotInfo) {
		out = append(out, s.Date+" "+s.Time)
	}
	return out
}

func TestService_Week(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.svc.SetWeek(ctx, f.anna, 10, nil); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("customer changed availability: %v", err)
	}
	if _, err := f.svc.SetWeek(ctx, f.sofia, 99, nil); !errors.Is(err, ErrDesignerNotFound) {
		t.Fatalf("%v", err)
	}
	w, err := f.svc.Week(ctx, 10)
	if err != nil || len(w) != 5 {
		t.Fatalf("%v %v", w, err)
	}
	if _, err := f.svc.Week(ctx, 99); !errors.Is(err, ErrDesignerNotFound) {
		t.Fatalf("%v", err)
	}
}

func TestService_FreeSlots(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		got, err := f.svc.FreeSlots(ctx, 10, d(2026, 3, 1), d(2026, 3, 3))
		if err != nil || len(got) != 6 || got[0].Info() != (SlotInfo{"2026-03-02T09:00:00+01:00", "2026-03-02", "09:00"}) {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("RangeRules", func(t *testing.T) {
		if _, err := f.svc.FreeSlots(ctx, 10, d(2026, 3, 5), d(2026, 3, 4)); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("backwards: %v", err)
		}
		if _, err := f.svc.FreeSlots(ctx, 10, d(2026, 3, 1), d(2026, 5, 2)); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("63 days: %v", err)
		}
		if _, err := f.svc.FreeSlots(ctx, 10, d(2026, 3, 1), d(2026, 5, 1)); err != nil {
			t.Fatalf("exactly 62 days refused: %v", err)
		}
		if got, err := f.svc.FreeSlots(ctx, 10, d(2026, 1, 1), d(2026, 1, 31)); err != nil || len(got) != 0 {
			t.Fatalf("past range: %v %v", got, err)
		}
		if _, err := f.svc.FreeSlots(ctx, 99, d(2026, 3, 1), d(2026, 3, 2)); !errors.Is(err, ErrDesignerNotFound) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("BookedSlotsDisappear", func(t *testing.T) {
		f.book(t, f.anna, f.at(3, 10))
		got, _ := f.svc.FreeSlots(ctx, 10, d(2026, 3, 3), d(2026, 3, 3))
		if len(got) != 2 || got[0].Start.Hour() != 9 || got[1].Start.Hour() != 11 {
			t.Fatalf("%v", got)
		}
	})
}

func TestService_Book(t *testing.T) {
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		f := newFixture(t)
		a, err := f.svc.Book(ctx, f.anna, BookRequest{DesignerID: 10, Start: f.at(3, 9).UTC(), Message: "  Soggiorno  ", Phone: "+39 333 123 4567"})
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != Pending || !a.StartsAt.Equal(f.at(3, 9)) || a.EndsAt.Sub(a.StartsAt) != time.Hour || a.Message != "Soggiorno" || a.CustomerName != "Anna Neri" {
			t.Fatalf("%+v", a)
		}
		mails := f.mail.to("sofia@example.com")
		if len(mails) != 1 || mails[0].Kind != KindBooked || !strings.Contains(mails[0].Message.Text, "martedì 3 marzo 2026, ore 09:00") ||
			!strings.Contains(mails[0].Message.Text, "+39 333 123 4567") || !strings.Contains(mails[0].Message.Text, "Soggiorno") {
			t.Fatalf("designer e-mail: %+v", mails)
		}
	})
	t.Run("ErrSlotTakenListsTheNearestThree", func(t *testing.T) {
		f := newFixture(t)
		f.book(t, f.anna, f.at(3, 10))
		_, err := f.svc.Book(ctx, f.bruno, BookRequest{DesignerID: 10, Start: f.at(3, 10)})
		if !errors.Is(err, ErrSlotTaken) {
			t.Fatalf("%v", err)
		}
		// 09:00 and 11:00 are an hour away; Monday 11:00 and Wednesday 09:00
		// are both 23 hours away, and the earlier one wins the tie.
		if got := strings.Join(alternatives(t, err), ","); got != "2026-03-02 11:00,2026-03-03 09:00,2026-03-03 11:00" {
			t.Fatalf("alternatives %s", got)
		}
	})
	t.Run("ErrSlotUnavailable", func(t *testing.T) {
		f := newFixture(t)
		for name, start := range map[string]time.Time{
			"OffTheGrid":    f.at(3, 9).Add(30 * time.Minute),
			"OutsideWindow": f.at(3, 14),
			"Weekend":       f.at(7, 9),
			"WithinNotice":  f.at(2, 9).Add(-time.Hour), // 08:00 today: no window, and inside notice
			"InsideNotice":  f.at(2, 6).Add(90 * time.Minute),
			"Past":          f.at(1, 10),
			"BeyondHorizon": f.at(3, 9).AddDate(1, 1, 0),
		} {
			_, err := f.svc.Book(ctx, f.anna, BookRequest{DesignerID: 10, Start: start})
			if !errors.Is(err, ErrSlotUnavailable) {
				t.Errorf("%s: %v", name, err)
			}
		}
		f.now = f.at(2, 7).Add(30 * time.Minute) // notice ends 09:30 today
		_, err := f.svc.Book(ctx, f.anna, BookRequest{DesignerID: 10, Start: f.at(2, 9)})
		if got := strings.Join(alternatives(t, err), ","); !errors.Is(err, ErrSlotUnavailable) || got != "2026-03-02 10:00,2026-03-02 11:00,2026-03-03 09:00" {
			t.Fatalf("%v %s", err, got)
		}
	})
	t.Run("Rules", func(t *testing.T) {
		f := newFixture(t)
		if _, err := f.svc.Book(ctx, f.sofia, BookRequest{DesignerID: 10, Start: f.at(3, 9)}); !errors.Is(err, ErrOwnProfile) {
			t.Fatalf("own profile: %v", err)
		}
		if _, err := f.svc.Book(ctx, f.anna, BookRequest{DesignerID: 99, Start: f.at(3, 9)}); !errors.Is(err, ErrDesignerNotFound) {
			t.Fatalf("missing designer: %v", err)
		}
		for name, r := range map[string]BookRequest{
			"designer_id":      {Start: f.at(3, 9)},
			"appointment_date": {DesignerID: 10},
			"message":          {DesignerID: 10, Start: f.at(3, 9), Message: strings.Repeat("x", 2001)},
			"phone":            {DesignerID: 10, Start: f.at(3, 9), Phone: "chiamami"},
		} {
			_, err := f.svc.Book(ctx, f.anna, r)
			if e, ok := fault.As(err); !ok || e.Code != fault.Invalid || e.Fields[0].Loc[1] != name {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
	t.Run("ErrBookingLimit", func(t *testing.T) {
		f := newFixture(t)
		for h := 9; h < 9+MaxLivePerPair; h++ {
			f.book(t, f.anna, f.at(3, h))
		}
		if _, err := f.svc.Book(ctx, f.anna, BookRequest{DesignerID: 10, Start: f.at(4, 9)}); !errors.Is(err, ErrBookingLimit) {
			t.Fatalf("%v", err)
		}
		f.book(t, f.bruno, f.at(4, 9)) // the limit is per customer
		list, _ := f.svc.CustomerAppointments(ctx, f.anna, 0, 10)
		if _, err := f.svc.Cancel(ctx, f.anna, list.Items[0].ID, ""); err != nil {
			t.Fatal(err)
		}
		f.book(t, f.anna, f.at(4, 10)) // a cancelled one frees a place
	})
	t.Run("ConcurrentBookingsOfOneSlot", func(t *testing.T) {
		f := newFixture(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, taken := 0, 0
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := f.svc.Book(ctx, kernel.Principal{UserID: int64(1000 + i)}, BookRequest{DesignerID: 10, Start: f.at(5, 11)})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, ErrSlotTaken):
					taken++
				default:
					t.Error(err)
				}
			}(i)
		}
		wg.Wait()
		if ok != 1 || taken != 19 {
			t.Fatalf("%d booked, %d refused", ok, taken)
		}
	})
}

func TestService_Lifecycle(t *testing.T) {
	ctx := context.Background()
	t.Run("ConfirmCreatesLinkInvitationAndReminders", func(t *testing.T) {
		f := newFixture(t)
		a := f.book(t, f.anna, f.at(4, 9))
		if _, err := f.svc.Confirm(ctx, f.anna, a.ID, ""); !errors.Is(err, ErrWrongParty) {
			t.Fatalf("customer confirmed: %v", err)
		}
		if _, err := f.svc.Confirm(ctx, f.bruno, a.ID, ""); !errors.Is(err, ErrNotParticipant) {
			t.Fatalf("stranger confirmed: %v", err)
		}
		got, err := f.svc.Confirm(ctx, f.sofia, a.ID, "Porta le planimetrie")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != Confirmed || !strings.HasPrefix(got.CallLink, "https://call.example/Interno-") || len(got.CallLink) < len("https://call.example/Interno-")+16 || got.DesignerNotes != "Porta le planimetrie" {
			t.Fatalf("%+v", got)
		}
		mails := f.mail.to("anna@example.com")
		if len(mails) != 2 {
			t.Fatalf("customer mails: %d", len(mails))
		}
		conf, rem := mails[0], mails[1]
		if conf.Kind != KindConfirmed || !strings.Contains(conf.Message.Text, got.CallLink) || len(conf.Message.Attachments) != 1 ||
			!strings.Contains(string(conf.Message.Attachments[0].Data), "DTSTART:20260304T080000Z") || conf.Message.Attachments[0].ContentType[:13] != "text/calendar" {
			t.Fatalf("confirmation: %+v", conf)
		}
		if rem.Kind != KindReminder || rem.DedupeKey != ReminderKey(a.ID, ByCustomer) || !rem.SendAfter.Equal(f.at(3, 9)) {
			t.Fatalf("customer reminder: %+v", rem)
		}
		if d := f.mail.to("sofia@example.com"); len(d) != 2 || d[1].DedupeKey != ReminderKey(a.ID, ByDesigner) || !d[1].SendAfter.Equal(f.at(3, 9)) {
			t.Fatalf("designer reminder: %+v", d)
		}
		second, err := f.svc.Confirm(ctx, f.sofia, a.ID, "")
		if e, ok := fault.As(err); !ok || e.Code != fault.Conflict || e.Reason != "invalid_transition" || second.ID != 0 {
			t.Fatalf("double confirm: %v", err)
		}
		if len(f.mail.to("anna@example.com")) != 2 {
			t.Fatal("a second confirmation e-mail was queued")
		}
		if _, err := f.svc.Cancel(ctx, f.anna, a.ID, ""); fault.CodeOf(err) != fault.Conflict {
			t.Fatalf("customer cancelled a confirmed call: %v", err)
		}
		// A call is marked held only from its start on: before, 409 with the start time.
		for _, before := range []time.Time{f.now, a.StartsAt.Add(-time.Second)} {
			f.now = before
			_, err := f.svc.Complete(ctx, f.sofia, a.ID)
			e, ok := fault.As(err)
			if !errors.Is(err, ErrCallNotStarted) || !ok || e.Code != fault.Conflict || e.Extra["starts_at"] != "2026-03-04T08:00:00Z" {
				t.Fatalf("completed at %s, before the call: %v", before, err)
			}
		}
		if got, _ := f.svc.Get(ctx, f.sofia, a.ID); got.Status != Confirmed || got.CompletedAt != nil {
			t.Fatalf("a refused completion changed the appointment: %+v", got)
		}
		f.now = a.StartsAt
		done, err := f.svc.Complete(ctx, f.sofia, a.ID)
		if err != nil || done.Status != Completed {
			t.Fatal(err)
		}
		if len(f.mail.to("anna@example.com")) != 1 {
			t.Fatal("completing did not drop the pending reminder")
		}
	})
	t.Run("NoReminderWhenConfirmedWithinADay", func(t *testing.T) {
		f := newFixture(t)
		a := f.book(t, f.anna, f.at(2, 11))
		if _, err := f.svc.Confirm(ctx, f.sofia, a.ID, ""); err != nil {
			t.Fatal(err)
		}
		for _, j := range append(f.mail.to("anna@example.com"), f.mail.to("sofia@example.com")...) {
			if j.Kind == KindReminder {
				t.Fatalf("reminder queued: %+v", j)
			}
		}
	})
	t.Run("RejectAndDelete", func(t *testing.T) {
		f := newFixture(t)
		a := f.book(t, f.anna, f.at(4, 10))
		if err := f.svc.Delete(ctx, f.sofia, a.ID); fault.CodeOf(err) != fault.Conflict {
			t.Fatalf("deleted a pending one: %v", err)
		}
		got, err := f.svc.Reject(ctx, f.sofia, a.ID, "  Quel giorno sono in cantiere ")
		if err != nil || got.Status != Cancelled || got.Reason != "Quel giorno sono in cantiere" || got.CancelledBy != ByDesigner {
			t.Fatalf("%+v %v", got, err)
		}
		m := f.mail.to("anna@example.com")
		if len(m) != 1 || m[0].Kind != KindRejected || !strings.Contains(m[0].Message.Text, "Quel giorno sono in cantiere") {
			t.Fatalf("%+v", m)
		}
		if _, err := f.svc.Reject(ctx, f.sofia, a.ID, strings.Repeat("x", 501)); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("long reason: %v", err)
		}
		if err := f.svc.Delete(ctx, f.anna, a.ID); !errors.Is(err, ErrWrongParty) {
			t.Fatalf("customer deleted: %v", err)
		}
		if err := f.svc.Delete(ctx, f.bruno, a.ID); !errors.Is(err, ErrNotParticipant) {
			t.Fatalf("stranger deleted: %v", err)
		}
		if err := f.svc.Delete(ctx, f.sofia, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Get(ctx, f.sofia, a.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("%v", err)
		}
	})
	t.Run("CustomerCancelsPending", func(t *testing.T) {
		f := newFixture(t)
		a := f.book(t, f.anna, f.at(4, 11))
		if _, err := f.svc.Cancel(ctx, f.sofia, a.ID, ""); !errors.Is(err, ErrWrongParty) {
			t.Fatalf("designer used the customer's cancel: %v", err)
		}
		got, err := f.svc.Cancel(ctx, f.anna, a.ID, "Ho cambiato idea")
		if err != nil || got.Status != Cancelled || got.CancelledBy != ByCustomer {
			t.Fatal(err)
		}
		m := f.mail.to("sofia@example.com")
		if len(m) != 2 || m[1].Kind != KindCancelled || !strings.Contains(m[1].Message.Text, "Anna Neri") {
			t.Fatalf("%+v", m)
		}
		if slots, _ := f.svc.FreeSlots(ctx, 10, d(2026, 3, 4), d(2026, 3, 4)); len(slots) != 3 {
			t.Fatalf("the cancelled slot is not free again: %v", slots)
		}
	})
	t.Run("OnlyParticipantsSee", func(t *testing.T) {
		f := newFixture(t)
		a := f.book(t, f.anna, f.at(4, 9))
		for _, c := range []kernel.Principal{f.anna, f.sofia} {
			if _, err := f.svc.Get(ctx, c, a.ID); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.svc.Get(ctx, f.bruno, a.ID); !errors.Is(err, ErrNotParticipant) {
			t.Fatalf("%v", err)
		}
		if p, _ := f.svc.CustomerAppointments(ctx, f.bruno, 0, 10); p.Total != 0 {
			t.Fatalf("another customer's list: %+v", p)
		}
		if _, err := f.svc.DesignerAppointments(ctx, f.anna, "", 0, 10); !errors.Is(err, ErrNoProfile) {
			t.Fatalf("customer read a designer list: %v", err)
		}
		p, err := f.svc.DesignerAppointments(ctx, f.sofia, Pending, 0, 10)
		if err != nil || p.Total != 1 || p.Counts[Pending] != 1 {
			t.Fatalf("%+v %v", p, err)
		}
		if _, err := f.svc.DesignerAppointments(ctx, f.sofia, "weird", 0, 10); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("%v", err)
		}
		s, err := f.svc.DesignerSummary(ctx, f.sofia)
		if err != nil || s.ActiveWindows != 5 || s.Counts[Pending] != 1 {
			t.Fatalf("%+v %v", s, err)
		}
	})
	t.Run("AccountDeletedTellsTheOtherSide", func(t *testing.T) {
		f := newFixture(t)
		a := f.book(t, f.anna, f.at(5, 9))
		if _, err := f.svc.Confirm(ctx, f.sofia, a.ID, ""); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AccountDeleted(ctx, f.anna.UserID); err != nil {
			t.Fatal(err)
		}
		for _, j := range append(f.mail.to("anna@example.com"), f.mail.to("sofia@example.com")...) {
			if j.Kind == KindReminder {
				t.Fatalf("reminder left for a deleted account: %+v", j)
			}
		}
		m := f.mail.to("sofia@example.com")
		if last := m[len(m)-1]; last.Kind != KindCancelled || !strings.Contains(last.Message.Text, "Il cliente Anna Neri") {
			t.Fatalf("%+v", last)
		}
	})
}

func TestParseInstant(t *testing.T) {
	loc := rome(t)
	for in, want := range map[string]time.Time{
		"2026-03-10T09:00:00+01:00": time.Date(2026, 3, 10, 8, 0, 0, 0, time.UTC),
		"2026-03-10T08:00:00Z":      time.Date(2026, 3, 10, 8, 0, 0, 0, time.UTC),
		"2026-03-10T09:00":          time.Date(2026, 3, 10, 8, 0, 0, 0, time.UTC),
		"2026-07-10 09:00:00":       time.Date(2026, 7, 10, 7, 0, 0, 0, time.UTC),
	} {
		got, ok := ParseInstant(in, loc)
		if !ok || !got.Equal(want) {
			t.Errorf("%s: %v %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "domani", "2026-02-30T09:00:00Z", "10/03/2026 09:00"} {
		if _, ok := ParseInstant(in, loc); ok {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestICS(t *testing.T) {
	loc := rome(t)
	ics := string(ICS(Event{UID: "appointment-7@interno.test", Start: time.Date(2026, 3, 10, 9, 0, 0, 0, loc),
		End: time.Date(2026, 3, 10, 10, 0, 0, 0, loc), Stamp: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
		Summary:     "Videochiamata con Sofia, designer; Interno",
		Description: strings.Repeat("Descrizione lunga con accenti è à ù ", 6) + "\nseconda riga"}))
	for _, want := range []string{"BEGIN:VCALENDAR\r\n", "DTSTART:20260310T080000Z\r\n", "DTEND:20260310T090000Z\r\n",
		"SUMMARY:Videochiamata con Sofia\\, designer\\; Interno\r\n", "UID:appointment-7@interno.test\r\n", "END:VCALENDAR\r\n"} {
		if !strings.Contains(ics, want) {
			t.Errorf("missing %q in\n%s", want, ics)
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line longer than 75 octets: %q", line)
		}
		if strings.Contains(line, "\n") {
			t.Errorf("bare newline in %q", line)
		}
	}
	if unfolded := strings.ReplaceAll(ics, "\r\n ", ""); !strings.Contains(unfolded, "accenti è à ù Descrizione") || !strings.Contains(unfolded, "\\nseconda riga") {
		t.Errorf("folding broke the text: %s", unfolded)
	}
	if LongDate(time.Date(2026, 10, 25, 8, 0, 0, 0, time.UTC), loc) != "domenica 25 ottobre 2026, ore 09:00" {
		t.Error(LongDate(time.Date(2026, 10, 25, 8, 0, 0, 0, time.UTC), loc))
	}
}

func conflictIDs(t *testing.T, err error) []ConflictInfo {
	t.Helper()
	if !errors.Is(err, ErrAvailabilityConflict) {
		t.Fatalf("want availability_conflict, got %v", err)
	}
	f, _ := fault.As(err)
	if f.Code != fault.Conflict {
		t.Fatalf("code %s", f.Code)
	}
	return f.Extra["conflicts"].([]ConflictInfo)
}

func TestService_SetWeekConflicts(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	started := f.book(t, f.anna, f.at(2, 9)) // Monday 09:00, under way once the clock moves
	tue := f.book(t, f.anna, f.at(3, 10))
	wed := f.book(t, f.bruno, f.at(4, 9))
	if _, err := f.svc.Confirm(ctx, f.sofia, wed.ID, ""); err != nil {
		t.Fatal(err)
	}
	thu := f.book(t, f.bruno, f.at(5, 11))
	if _, err := f.svc.Reject(ctx, f.sofia, thu.ID, ""); err != nil {
		t.Fatal(err)
	}
	f.now = f.at(2, 9).Add(30 * time.Minute)
	before, _ := f.svc.Week(ctx, 10)

	fridayOnly := []WindowInput{{DayOfWeek: 4, StartTime: "09:00", EndTime: "12:00", Active: true}}
	_, err := f.svc.SetWeek(ctx, f.sofia, 10, fridayOnly)
	got := conflictIDs(t, err)
	if len(got) != 2 || got[0].ID != tue.ID || got[1].ID != wed.ID {
		t.Fatalf("conflicts %+v (want Tuesday %d then Wednesday %d; not the started %d nor the cancelled %d)", got, tue.ID, wed.ID, started.ID, thu.ID)
	}
	want := ConflictInfo{ID: tue.ID, Datetime: "2026-03-03T10:00:00+01:00", Date: "2026-03-03", Time: "10:00", Status: Pending, CustomerName: "Anna Neri"}
	if got[0] != want {
		t.Fatalf("conflict %+v, want %+v", got[0], want)
	}
	if got[1].Status != Confirmed || got[1].CustomerName != "Bruno Gialli" || got[1].Time != "09:00" {
		t.Fatalf("second conflict %+v", got[1])
	}
	if after, _ := f.svc.Week(ctx, 10); len(after) != len(before) {
		t.Fatalf("refused change was applied: %d windows, had %d", len(after), len(before))
	}

	// Acknowledging only one still refuses, naming the other.
	_, err = f.svc.SetWeek(ctx, f.sofia, 10, fridayOnly, tue.ID, 999)
	if got := conflictIDs(t, err); len(got) != 1 || got[0].ID != wed.ID {
		t.Fatalf("conflicts %+v", got)
	}
	// A window moved by half an hour no longer lays 10:00 on Tuesday.
	shifted := []WindowInput{{DayOfWeek: 1, StartTime: "09:30", EndTime: "12:30", Active: true}, {DayOfWeek: 2, StartTime: "09:00", EndTime: "12:00", Active: true}}
	_, err = f.svc.SetWeek(ctx, f.sofia, 10, shifted)
	if got := conflictIDs(t, err); len(got) != 1 || got[0].ID != tue.ID {
		t.Fatalf("conflicts %+v", got)
	}
	// A week that still offers both times needs no acknowledgement.
	if _, err := f.svc.SetWeek(ctx, f.sofia, 10, []WindowInput{{DayOfWeek: 1, StartTime: "10:00", EndTime: "11:00", Active: true}, {DayOfWeek: 2, StartTime: "08:00", EndTime: "10:00", Active: true}}); err != nil {
		t.Fatal(err)
	}
	// An inactive window offers nothing.
	_, err = f.svc.SetWeek(ctx, f.sofia, 10, []WindowInput{{DayOfWeek: 1, StartTime: "10:00", EndTime: "11:00", Active: false}, {DayOfWeek: 2, StartTime: "08:00", EndTime: "10:00", Active: true}})
	if got := conflictIDs(t, err); len(got) != 1 || got[0].ID != tue.ID {
		t.Fatalf("conflicts %+v", got)
	}
	// Keeping both: the week changes and the appointments stay as they were.
	week, err := f.svc.SetWeek(ctx, f.sofia, 10, fridayOnly, wed.ID, tue.ID)
	if err != nil || len(week) != 1 {
		t.Fatalf("week %v, %v", week, err)
	}
	for id, status := range map[int64]Status{tue.ID: Pending, wed.ID: Confirmed, started.ID: Pending} {
		if a, _ := f.svc.Get(ctx, f.sofia, id); a.Status != status {
			t.Fatalf("appointment %d is %s, want %s", id, a.Status, status)
		}
	}
	// Too many acknowledgements are refused as input.
	if _, err := f.svc.SetWeek(ctx, f.sofia, 10, fridayOnly, make([]int64, MaxKeep+1)...); fault.CodeOf(err) != fault.Invalid {
		t.Fatalf("%v", err)
	}
	// Only the owner learns of conflicts.
	if _, err := f.svc.SetWeek(ctx, f.anna, 10, nil); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("%v", err)
	}
}

// Every lifecycle step tells both sides' open screens once it has committed,
// and a refused step tells no one.
func TestService_Events(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	events := &memEvents{}
	f.svc = NewService(f.svc.cfg, Deps{Repo: f.repo, Designers: f.repo, Mail: f.mail, Reminders: f.mail, Tx: scopedTx{}, Events: events})
	both := []int64{f.anna.UserID, f.sofia.UserID}
	expect := func(step string, want ...change) {
		t.Helper()
		got := events.take()
		if len(got) != len(want) {
			t.Fatalf("%s: %d events, want %d: %+v", step, len(got), len(want), got)
		}
		for i, w := range want {
			if got[i].c != w || len(got[i].users) != 2 || got[i].users[0] != both[0] || got[i].users[1] != both[1] {
				t.Fatalf("%s: %+v, want %+v to %v", step, got[i], w, both)
			}
		}
	}

	a := f.book(t, f.anna, f.at(4, 9))
	expect("book", change{a.ID, string(Pending)})
	if _, err := f.svc.Book(ctx, f.bruno, BookRequest{DesignerID: 10, Start: f.at(4, 9)}); !errors.Is(err, ErrSlotTaken) {
		t.Fatalf("%v", err)
	}
	expect("slot taken")
	if _, err := f.svc.Confirm(ctx, f.anna, a.ID, ""); !errors.Is(err, ErrWrongParty) {
		t.Fatal(err)
	}
	expect("refused confirm")
	if _, err := f.svc.Confirm(ctx, f.sofia, a.ID, ""); err != nil {
		t.Fatal(err)
	}
	expect("confirm", change{a.ID, string(Confirmed)})
	if _, err := f.svc.Complete(ctx, f.sofia, a.ID); !errors.Is(err, ErrCallNotStarted) {
		t.Fatal(err)
	}
	expect("complete too early")
	f.now = a.StartsAt.Add(time.Minute)
	if _, err := f.svc.Complete(ctx, f.sofia, a.ID); err != nil {
		t.Fatal(err)
	}
	expect("complete", change{a.ID, string(Completed)})

	f.now = f.at(2, 6)
	b := f.book(t, f.anna, f.at(5, 10))
	expect("book again", change{b.ID, string(Pending)})
	if _, err := f.svc.Reject(ctx, f.sofia, b.ID, "In cantiere"); err != nil {
		t.Fatal(err)
	}
	expect("reject", change{b.ID, string(Cancelled)})
	if err := f.svc.Delete(ctx, f.sofia, b.ID); err != nil {
		t.Fatal(err)
	}
	expect("delete", change{b.ID, live.StatusDeleted})
	c := f.book(t, f.anna, f.at(5, 11))
	expect("third booking", change{c.ID, string(Pending)})
	if _, err := f.svc.Cancel(ctx, f.anna, c.ID, ""); err != nil {
		t.Fatal(err)
	}
	expect("cancel", change{c.ID, string(Cancelled)})
	d := f.book(t, f.anna, f.at(6, 11))
	expect("fourth booking", change{d.ID, string(Pending)})
	if err := f.svc.AccountDeleted(ctx, f.anna.UserID); err != nil {
		t.Fatal(err)
	}
	expect("account deleted", change{d.ID, live.StatusDeleted})
}

type memPushes struct{ got []string }

func (m *memPushes) Changed(_ context.Context, a Appointment, action Action) error {
	m.got = append(m.got, fmt.Sprintf("%d:%s:%s:%s", a.ID, action, a.Status, a.CancelledBy))
	return nil
}

// TestService_Pushes checks the Pushes port hears every step, with the
// appointment as it is after the step (who cancelled, for an account deleted).
func TestService_Pushes(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	pushes := &memPushes{}
	f.svc = NewService(f.svc.cfg, Deps{Repo: f.repo, Designers: f.repo, Mail: f.mail, Reminders: f.mail, Tx: directTx{}, Pushes: pushes})
	a := f.book(t, f.anna, f.at(4, 9))
	if _, err := f.svc.Confirm(ctx, f.sofia, a.ID, ""); err != nil {
		t.Fatal(err)
	}
	b := f.book(t, f.anna, f.at(5, 10))
	if _, err := f.svc.Cancel(ctx, f.anna, b.ID, "Cambio di programma"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Delete(ctx, f.sofia, b.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.AccountDeleted(ctx, f.sofia.UserID); err != nil {
		t.Fatal(err)
	}
	want := []string{
		fmt.Sprintf("%d:book:pending:", a.ID), fmt.Sprintf("%d:confirm:confirmed:", a.ID),
		fmt.Sprintf("%d:book:pending:", b.ID), fmt.Sprintf("%d:cancel:cancelled:customer", b.ID), fmt.Sprintf("%d:delete:cancelled:customer", b.ID),
		fmt.Sprintf("%d:cancel:confirmed:designer", a.ID),
	}
	if fmt.Sprint(pushes.got) != fmt.Sprint(want) {
		t.Fatalf("%v\nwant %v", pushes.got, want)
	}
}
