package scheduling

import (
	"fmt"
	"sort"
	"time"
)

// Date is a calendar day in the business time zone.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads a strict "YYYY-MM-DD" and rejects impossible days (2025-02-30).
func ParseDate(s string) (Date, bool) {
	if len(s) != 10 {
		return Date{}, false
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, false
	}
	return DateOf(t), true
}

// DateOf is the calendar day of t in t's own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// String renders "YYYY-MM-DD".
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

// AddDays moves by n calendar days (never by n×24 hours).
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC))
}

// Before reports whether d is an earlier day than o.
func (d Date) Before(o Date) bool { return d.index() < o.index() }

// DaysUntil counts calendar days from d to o (negative when o is earlier).
func (d Date) DaysUntil(o Date) int { return int((o.index() - d.index()) / 86400) }

func (d Date) index() int64 { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC).Unix() }

// Weekday is the Monday-first day index (0 Monday … 6 Sunday).
func (d Date) Weekday() int {
	return (int(time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC).Weekday()) + 6) % 7
}

// Interval is a half-open stretch of time [Start, End) held by an appointment.
type Interval struct {
	Start, End time.Time
}

// Slot is one bookable call.
type Slot struct {
	Start time.Time // in the business zone
	End   time.Time
}

// Calendar turns weekly wall-clock windows into concrete slots.
type Calendar struct {
	// Location is the business time zone of the windows.
	Location *time.Location
	// Length of a call (60 minutes by default); slots are laid back to back
	// from each window's start and must end by the window's end.
	Length time.Duration
	// Notice is the minimum time between now and a slot's start.
	Notice time.Duration
	// Horizon is how far ahead slots are offered at all; zero means no limit.
	Horizon time.Duration
}

// Slots returns the free slots on the days from..to (inclusive) for the
// given windows, leaving out slots that start before now+Notice or beyond
// the horizon, and slots overlapping any busy interval. The result is in
// chronological order, without duplicates.
//
// Each slot is built from its date and wall-clock time with time.Date in the
// zone: on the spring-forward day a wall time that does not exist (02:00 in
// Rome on the last Sunday of March) yields no slot; on the fall-back day a
// wall time that happens twice yields one slot, at its first occurrence.
func (c Calendar) Slots(week []Window, from, to Date, now time.Time, busy []Interval) []Slot {
	earliest := now.Add(c.Notice)
	latest := now.Add(c.Horizon)
	step := int(c.Length / time.Minute)
	if step <= 0 {
		return nil
	}
	byDay := [7][]Window{}
	for _, w := range week {
		if w.Active && w.DayOfWeek >= 0 && w.DayOfWeek <= 6 && w.Start < w.End {
			byDay[w.DayOfWeek] = append(byDay[w.DayOfWeek], w)
		}
	}
	for i := range byDay {
		SortWeek(byDay[i])
	}
	sorted := sortedBusy(busy)
	var out []Slot
	for d := from; !to.Before(d); d = d.AddDays(1) {
		windows := byDay[d.Weekday()]
		if len(windows) == 0 {
			continue
		}
		z := c.zoneOf(d)
		dayStart := len(out)
		for _, w := range windows {
			for m := int(w.Start); m+step <= int(w.End); m += step {
				start, ok := z.at(m)
				if !ok || start.Before(earliest) || (c.Horizon > 0 && start.After(latest)) {
					continue
				}
				end := start.Add(c.Length)
				if overlapsAny(sorted, start, end) {
					continue
				}
				out = append(out, Slot{Start: start, End: end})
			}
		}
		if len(windows) > 1 && !strictlyOrdered(out[dayStart:]) {
			out = append(out[:dayStart], dedupe(out[dayStart:])...)
		}
	}
	return out
}

// Offers reports whether start is exactly a slot the windows lay (ignoring
// notice, horizon and busy intervals), so a booking can be checked against
// the designer's availability.
func (c Calendar) Offers(week []Window, start time.Time) bool {
	local := start.In(c.Location)
	d := DateOf(local)
	z := c.zoneOf(d)
	step := int(c.Length / time.Minute)
	if step <= 0 {
		return false
	}
	for _, w := range week {
		if !w.Active || w.DayOfWeek != d.Weekday() {
			continue
		}
		for m := int(w.Start); m+step <= int(w.End); m += step {
			if t, ok := z.at(m); ok && t.Equal(start) {
				return true
			}
		}
	}
	return false
}

// dayZone knows the UTC offsets in force on one local date, so a wall time
// can be turned into an instant without guessing around DST changes.
type dayZone struct {
	loc     *time.Location
	date    Date
	offsets [2]int
}

func (c Calendar) zoneOf(d Date) dayZone {
	_, before := time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, c.Location).Zone()
	_, after := time.Date(d.Year, d.Month, d.Day, 23, 59, 0, 0, c.Location).Zone()
	if after < before {
		before, after = after, before
	}
	// The larger offset first: for a wall time that happens twice, the
	// instant computed with the larger offset is the earlier one.
	return dayZone{loc: c.Location, date: d, offsets: [2]int{after, before}}
}

// at returns the first instant whose local wall clock on the date reads
// minute m, or false when that wall time does not exist (a DST gap).
func (z dayZone) at(m int) (time.Time, bool) {
	wall := time.Date(z.date.Year, z.date.Month, z.date.Day, m/60, m%60, 0, 0, time.UTC)
	for i, off := range z.offsets {
		if i == 1 && off == z.offsets[0] {
			break
		}
		t := wall.Add(-time.Duration(off) * time.Second).In(z.loc)
		h, mm, _ := t.Clock()
		if DateOf(t) == z.date && h == m/60 && mm == m%60 {
			return t, true
		}
	}
	return time.Time{}, false
}

func sortedBusy(busy []Interval) []Interval {
	out := append([]Interval(nil), busy...)
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	// Running maximum of ends lets a binary search answer overlap queries
	// even when intervals nest.
	for i := 1; i < len(out); i++ {
		if out[i].End.Before(out[i-1].End) {
			out[i].End = out[i-1].End
		}
	}
	return out
}

// overlapsAny reports whether [start, end) meets an interval of sorted
// (sorted by start, with running-maximum ends).
func overlapsAny(sorted []Interval, start, end time.Time) bool {
	// The last interval starting before end is the only candidate: its
	// running-maximum end covers every earlier one.
	i := sort.Search(len(sorted), func(i int) bool { return !sorted[i].Start.Before(end) })
	return i > 0 && sorted[i-1].End.After(start)
}

// strictlyOrdered is the common case: a validated week's windows do not
// overlap, so their slots are already in order and distinct.
func strictlyOrdered(day []Slot) bool {
	for i := 1; i < len(day); i++ {
		if !day[i-1].Start.Before(day[i].Start) {
			return false
		}
	}
	return true
}

func dedupe(day []Slot) []Slot {
	sort.SliceStable(day, func(i, j int) bool { return day[i].Start.Before(day[j].Start) })
	out := make([]Slot, 0, len(day))
	for _, s := range day {
		if len(out) == 0 || !s.Start.Equal(out[len(out)-1].Start) {
			out = append(out, s)
		}
	}
	return out
}
