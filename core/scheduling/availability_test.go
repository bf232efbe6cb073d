package scheduling

import (
	"errors"
	"strings"
	"testing"
	"time"

	"interno/core/fault"
)

func TestParseWallTime(t *testing.T) {
	ok := map[string]WallTime{"00:00": 0, "9:15": 555, "09:30": 570, "23:45": 1425}
	for in, want := range ok {
		if got, valid := ParseWallTime(in); !valid || got != want {
			t.Errorf("%q: %v %v", in, got, valid)
		}
	}
	for _, in := range []string{"24:00", "09:10", "9", "09:60", "-1:00", "ab:cd", "09:5", "", "09:00:00"} {
		if _, valid := ParseWallTime(in); valid {
			t.Errorf("%q accepted", in)
		}
	}
	if WallTime(570).String() != "09:30" {
		t.Fatal(WallTime(570).String())
	}
}

func TestValidateWeek(t *testing.T) {
	in := func(day int, s, e string, active bool) WindowInput {
		return WindowInput{DayOfWeek: day, StartTime: s, EndTime: e, Active: active}
	}
	t.Run("SortsAndKeepsInactive", func(t *testing.T) {
		got, err := ValidateWeek([]WindowInput{in(2, "14:00", "18:00", true), in(0, "09:00", "12:00", true),
			in(2, "09:00", "12:00", false), in(0, "12:00", "13:00", true)})
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, w := range got {
			s = append(s, string(rune('0'+w.DayOfWeek))+" "+w.Start.String()+"-"+w.End.String())
		}
		if strings.Join(s, ",") != "0 09:00-12:00,0 12:00-13:00,2 09:00-12:00,2 14:00-18:00" || got[2].Active {
			t.Fatalf("%v", s)
		}
	})
	t.Run("EmptyWeekIsAllowed", func(t *testing.T) {
		if got, err := ValidateWeek(nil); err != nil || len(got) != 0 {
			t.Fatal(got, err)
		}
	})
	t.Run("FieldErrors", func(t *testing.T) {
		cases := map[string]WindowInput{
			"slots.0.day_of_week": in(7, "09:00", "10:00", true),
			"slots.0.start_time":  in(0, "09:10", "10:00", true),
			"slots.0.end_time":    in(0, "10:00", "09:00", true),
		}
		for field, w := range cases {
			_, err := ValidateWeek([]WindowInput{w})
			f, ok := fault.As(err)
			if !ok || f.Code != fault.Invalid || f.Fields[0].Loc[1] != field {
				t.Errorf("%s: %v", field, err)
			}
		}
		if _, err := ValidateWeek([]WindowInput{in(0, "10:00", "10:00", true)}); err == nil {
			t.Error("empty window accepted")
		}
	})
	t.Run("OverlapsAreRefusedNotMerged", func(t *testing.T) {
		_, err := ValidateWeek([]WindowInput{in(1, "09:00", "12:00", true), in(1, "11:00", "14:00", true)})
		f, ok := fault.As(err)
		if !ok || f.Reason != "availability_overlap" || !strings.Contains(f.Message, "Tuesday: 09:00-12:00 overlaps 11:00-14:00") {
			t.Fatalf("%v", err)
		}
		if _, err := ValidateWeek([]WindowInput{in(1, "09:00", "12:00", true), in(1, "09:00", "12:00", true)}); err == nil {
			t.Fatal("duplicate window accepted")
		}
		if _, err := ValidateWeek([]WindowInput{in(1, "09:00", "12:00", true), in(1, "10:00", "11:00", false)}); err != nil {
			t.Fatalf("an inactive draft overlapping is fine: %v", err)
		}
		if _, err := ValidateWeek([]WindowInput{in(1, "09:00", "12:00", true), in(2, "10:00", "11:00", true)}); err != nil {
			t.Fatalf("other days do not clash: %v", err)
		}
	})
	t.Run("AtMostTwelvePerDay", func(t *testing.T) {
		var w []WindowInput
		for h := 0; h < 13; h++ {
			w = append(w, in(3, WallTime(h*60).String(), WallTime(h*60+30).String(), true))
		}
		if _, err := ValidateWeek(w); err == nil {
			t.Fatal("13 windows accepted")
		}
		if _, err := ValidateWeek(w[:12]); err != nil {
			t.Fatal(err)
		}
	})
}

func TestTransitions(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	statuses := []Status{Pending, Confirmed, Cancelled, Completed}
	// want[action][from] is the status after a successful step by the right
	// party; absent means 409.
	want := map[Action]map[Status]Status{
		ActConfirm:  {Pending: Confirmed},
		ActReject:   {Pending: Cancelled},
		ActCancel:   {Pending: Cancelled},
		ActComplete: {Confirmed: Completed},
		ActDelete:   {Cancelled: Cancelled},
	}
	for action, ok := range want {
		by := Transitions[action].By
		other := ByCustomer
		if by == ByCustomer {
			other = ByDesigner
		}
		for _, from := range statuses {
			t.Run(string(action)+"/"+string(from), func(t *testing.T) {
				a := Appointment{Status: from}
				err := a.Apply(action, by, now)
				to, allowed := ok[from]
				switch {
				case allowed && err != nil:
					t.Fatalf("refused: %v", err)
				case allowed && a.Status != to:
					t.Fatalf("status %s, want %s", a.Status, to)
				case !allowed:
					f, isFault := fault.As(err)
					if !isFault || f.Code != fault.Conflict || f.Reason != "invalid_transition" || a.Status != from {
						t.Fatalf("want 409 invalid_transition and status unchanged, got %v (%s)", err, a.Status)
					}
				}
				b := Appointment{Status: from}
				if err := b.Apply(action, other, now); !errors.Is(err, ErrWrongParty) || b.Status != from {
					t.Fatalf("the other party may %s: %v", action, err)
				}
			})
		}
	}
	a := Appointment{Status: Pending}
	_ = a.Apply(ActReject, ByDesigner, now)
	if a.CancelledBy != ByDesigner || a.CancelledAt == nil || !a.CancelledAt.Equal(now) {
		t.Fatalf("%+v", a)
	}
	if !Pending.Live() || !Confirmed.Live() || Cancelled.Live() || Completed.Live() || Status("x").Valid() {
		t.Fatal("status predicates")
	}
}
