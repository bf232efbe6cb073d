package scheduling

import (
	"testing"
	"time"
	_ "time/tzdata" // the tests must not depend on the machine's zoneinfo
)

func rome(t testing.TB) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func win(day int, start, end string) Window {
	s, ok1 := ParseWallTime(start)
	e, ok2 := ParseWallTime(end)
	if !ok1 || !ok2 {
		panic("bad wall time " + start + "-" + end)
	}
	return Window{DayOfWeek: day, Start: s, End: e, Active: true}
}

func utcTimes(slots []Slot) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.Start.UTC().Format("01-02 15:04Z")
	}
	return out
}

func localTimes(slots []Slot) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.Start.Format("01-02 15:04 -07:00")
	}
	return out
}

func equal(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d slots %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("slot %d: got %s, want %s\nall: %v", i, got[i], want[i], got)
		}
	}
}

func d(y int, m time.Month, day int) Date { return Date{y, m, day} }

func TestCalendar_Slots(t *testing.T) {
	loc := rome(t)
	cal := Calendar{Location: loc, Length: time.Hour, Notice: 2 * time.Hour}
	// Pinned clock: Monday 2 March 2026, 06:00 in Rome.
	now := time.Date(2026, 3, 2, 6, 0, 0, 0, loc)

	t.Run("WindowsLaidFromTheirStart", func(t *testing.T) {
		week := []Window{win(0, "09:00", "12:00"), win(0, "14:30", "17:00"), win(2, "10:15", "11:15")}
		got := cal.Slots(week, d(2026, 3, 2), d(2026, 3, 4), now, nil)
		equal(t, localTimes(got), []string{
			"03-02 09:00 +01:00", "03-02 10:00 +01:00", "03-02 11:00 +01:00",
			"03-02 14:30 +01:00", "03-02 15:30 +01:00", // 16:30 would end after 17:00
			"03-04 10:15 +01:00",
		})
		for _, s := range got {
			if s.End.Sub(s.Start) != time.Hour {
				t.Fatalf("slot length %v", s.End.Sub(s.Start))
			}
		}
	})
	t.Run("InactiveWindowsAndOtherDaysGiveNothing", func(t *testing.T) {
		w := win(1, "09:00", "12:00")
		w.Active = false
		if got := cal.Slots([]Window{w}, d(2026, 3, 2), d(2026, 3, 8), now, nil); len(got) != 0 {
			t.Fatalf("%v", localTimes(got))
		}
	})
	t.Run("MinimumNoticeAndPast", func(t *testing.T) {
		at := time.Date(2026, 3, 2, 8, 30, 0, 0, loc) // notice ends 10:30
		got := cal.Slots([]Window{win(0, "08:00", "13:00")}, d(2026, 3, 1), d(2026, 3, 2), at, nil)
		equal(t, localTimes(got), []string{"03-02 11:00 +01:00", "03-02 12:00 +01:00"})
		exact := time.Date(2026, 3, 2, 9, 0, 0, 0, loc) // a slot exactly at now+notice is offered
		got = cal.Slots([]Window{win(0, "08:00", "13:00")}, d(2026, 3, 2), d(2026, 3, 2), exact, nil)
		equal(t, localTimes(got), []string{"03-02 11:00 +01:00", "03-02 12:00 +01:00"})
	})
	t.Run("BookedSlotsAreNotOffered", func(t *testing.T) {
		week := []Window{win(0, "09:00", "13:00")}
		busy := []Interval{
			{time.Date(2026, 3, 2, 9, 0, 0, 0, loc), time.Date(2026, 3, 2, 10, 0, 0, 0, loc)},
			// Off the grid (the week changed after it was booked): blocks both neighbours.
			{time.Date(2026, 3, 2, 11, 30, 0, 0, loc), time.Date(2026, 3, 2, 12, 30, 0, 0, loc)},
		}
		got := cal.Slots(week, d(2026, 3, 2), d(2026, 3, 2), now, busy)
		equal(t, localTimes(got), []string{"03-02 10:00 +01:00"})
	})
	t.Run("NestedBusyIntervals", func(t *testing.T) {
		week := []Window{win(0, "09:00", "13:00")}
		busy := []Interval{
			{time.Date(2026, 3, 2, 9, 0, 0, 0, loc), time.Date(2026, 3, 2, 12, 0, 0, 0, loc)},
			{time.Date(2026, 3, 2, 9, 15, 0, 0, loc), time.Date(2026, 3, 2, 9, 45, 0, 0, loc)},
		}
		got := cal.Slots(week, d(2026, 3, 2), d(2026, 3, 2), now, busy)
		equal(t, localTimes(got), []string{"03-02 12:00 +01:00"})
	})
	t.Run("Horizon", func(t *testing.T) {
		h := cal
		h.Horizon = 3*24*time.Hour + 4*time.Hour // until Thursday 10:00
		got := h.Slots([]Window{win(0, "09:00", "10:00"), win(3, "09:00", "10:00"), win(6, "09:00", "10:00")}, d(2026, 3, 2), d(2026, 3, 12), now, nil)
		equal(t, localTimes(got), []string{"03-02 09:00 +01:00", "03-05 09:00 +01:00"})
	})
	t.Run("ThirtyMinuteCalls", func(t *testing.T) {
		c := cal
		c.Length = 30 * time.Minute
		got := c.Slots([]Window{win(0, "09:00", "10:45")}, d(2026, 3, 2), d(2026, 3, 2), now, nil)
		equal(t, localTimes(got), []string{"03-02 09:00 +01:00", "03-02 09:30 +01:00", "03-02 10:00 +01:00"})
	})
}

// The last Sunday of March 2026 (the 29th) Rome jumps from 02:00 to 03:00;
// the last Sunday of October 2026 (the 25th) it goes back from 03:00 to 02:00.
func TestCalendar_DST(t *testing.T) {
	loc := rome(t)
	cal := Calendar{Location: loc, Length: time.Hour}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, loc)
	every := func(start, end string) []Window {
		var w []Window
		for day := 0; day < 7; day++ {
			w = append(w, win(day, start, end))
		}
		return w
	}

	t.Run("SpringForwardKeepsWallTimes", func(t *testing.T) {
		got := cal.Slots(every("09:00", "11:00"), d(2026, 3, 28), d(2026, 3, 30), now, nil)
		equal(t, localTimes(got), []string{
			"03-28 09:00 +01:00", "03-28 10:00 +01:00",
			"03-29 09:00 +02:00", "03-29 10:00 +02:00",
			"03-30 09:00 +02:00", "03-30 10:00 +02:00",
		})
		equal(t, utcTimes(got), []string{"03-28 08:00Z", "03-28 09:00Z", "03-29 07:00Z", "03-29 08:00Z", "03-30 07:00Z", "03-30 08:00Z"})
	})
	t.Run("SpringForwardSkipsTheMissingHour", func(t *testing.T) {
		got := cal.Slots(every("00:00", "05:00"), d(2026, 3, 29), d(2026, 3, 29), now, nil)
		equal(t, localTimes(got), []string{
			"03-29 00:00 +01:00", "03-29 01:00 +01:00", // 02:00 does not exist that night
			"03-29 03:00 +02:00", "03-29 04:00 +02:00",
		})
		assertNoOverlap(t, got)
	})
	t.Run("FallBackKeepsWallTimes", func(t *testing.T) {
		got := cal.Slots(every("09:00", "11:00"), d(2026, 10, 24), d(2026, 10, 26), now, nil)
		equal(t, localTimes(got), []string{
			"10-24 09:00 +02:00", "10-24 10:00 +02:00",
			"10-25 09:00 +01:00", "10-25 10:00 +01:00",
			"10-26 09:00 +01:00", "10-26 10:00 +01:00",
		})
	})
	t.Run("FallBackRepeatedHourGivesOneSlot", func(t *testing.T) {
		got := cal.Slots(every("00:00", "05:00"), d(2026, 10, 25), d(2026, 10, 25), now, nil)
		equal(t, localTimes(got), []string{
			"10-25 00:00 +02:00", "10-25 01:00 +02:00",
			"10-25 02:00 +02:00", // 02:00 happens twice; the first one is offered, once
			"10-25 03:00 +01:00", "10-25 04:00 +01:00",
		})
		assertNoOverlap(t, got)
	})
	t.Run("HalfHourSlotsAcrossBothChanges", func(t *testing.T) {
		c := cal
		c.Length = 30 * time.Minute
		spring := c.Slots(every("01:00", "04:00"), d(2026, 3, 29), d(2026, 3, 29), now, nil)
		equal(t, utcTimes(spring), []string{"03-29 00:00Z", "03-29 00:30Z", "03-29 01:00Z", "03-29 01:30Z"})
		autumn := c.Slots(every("01:00", "04:00"), d(2026, 10, 25), d(2026, 10, 25), now, nil)
		equal(t, utcTimes(autumn), []string{"10-24 23:00Z", "10-24 23:30Z", "10-25 00:00Z", "10-25 00:30Z", "10-25 02:00Z", "10-25 02:30Z"})
		assertNoOverlap(t, spring)
		assertNoOverlap(t, autumn)
	})
	t.Run("OffersMatchesTheSameGrid", func(t *testing.T) {
		w := every("00:00", "05:00")
		if !cal.Offers(w, time.Date(2026, 10, 25, 0, 0, 0, 0, time.UTC)) { // 02:00 CEST, first occurrence
			t.Fatal("first 02:00 of the fall-back night not offered")
		}
		if cal.Offers(w, time.Date(2026, 10, 25, 1, 0, 0, 0, time.UTC)) { // 02:00 CET, the repeat
			t.Fatal("the repeated 02:00 is offered too")
		}
		if !cal.Offers(w, time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC)) { // 03:00 CEST
			t.Fatal("03:00 after the spring jump not offered")
		}
		if cal.Offers(w, time.Date(2026, 3, 29, 9, 30, 0, 0, time.UTC)) {
			t.Fatal("an instant off the grid is offered")
		}
	})
}

func assertNoOverlap(t *testing.T, slots []Slot) {
	t.Helper()
	for i := 1; i < len(slots); i++ {
		if slots[i].Start.Before(slots[i-1].End) {
			t.Fatalf("slots %s and %s overlap", slots[i-1].Start, slots[i].Start)
		}
	}
}

func TestDate(t *testing.T) {
	for in, ok := range map[string]bool{"2026-03-10": true, "2024-02-29": true, "2025-02-29": false, "2026-13-01": false,
		"2026-3-10": false, "10/03/2026": false, "": false, "2026-03-10T00:00:00Z": false} {
		if _, got := ParseDate(in); got != ok {
			t.Errorf("ParseDate(%q) = %v, want %v", in, got, ok)
		}
	}
	a := d(2026, 3, 28)
	if a.AddDays(1) != d(2026, 3, 29) || a.AddDays(4) != d(2026, 4, 1) || a.DaysUntil(d(2026, 4, 1)) != 4 || a.Weekday() != 5 {
		t.Fatalf("date arithmetic: %v %v %d %d", a.AddDays(1), a.AddDays(4), a.DaysUntil(d(2026, 4, 1)), a.Weekday())
	}
}

func TestCalendar_OverlappingLegacyWindowsGiveNoDuplicates(t *testing.T) {
	loc := rome(t)
	cal := Calendar{Location: loc, Length: time.Hour}
	// Validation refuses overlaps, but rows written before a rule change
	// must still yield each slot once, in order.
	week := []Window{win(0, "10:00", "12:00"), win(0, "09:00", "12:00")}
	got := cal.Slots(week, d(2026, 3, 2), d(2026, 3, 2), time.Date(2026, 3, 1, 0, 0, 0, 0, loc), nil)
	equal(t, localTimes(got), []string{"03-02 09:00 +01:00", "03-02 10:00 +01:00", "03-02 11:00 +01:00"})
}

func BenchmarkCalendar_Slots62Days(b *testing.B) {
	loc := rome(b)
	cal := Calendar{Location: loc, Length: time.Hour, Notice: 2 * time.Hour}
	var week []Window
	for day := 0; day < 6; day++ {
		week = append(week, win(day, "08:00", "13:00"), win(day, "14:00", "20:00"))
	}
	now := time.Date(2026, 3, 2, 7, 0, 0, 0, loc)
	var busy []Interval
	for i := 0; i < 170; i++ {
		s := now.Add(time.Duration(i) * 9 * time.Hour).Truncate(time.Hour)
		busy = append(busy, Interval{s, s.Add(time.Hour)})
	}
	b.ReportAllocs()
	for b.Loop() {
		cal.Slots(week, DateOf(now), DateOf(now).AddDays(61), now, busy)
	}
}
