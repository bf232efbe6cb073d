// Package scheduling holds designers' weekly availability, the bookable
// slots it yields, and the lifecycle of video-call appointments between a
// customer and a designer.
//
// Availability is local wall time in the business time zone (one zone for
// the whole marketplace); appointments are instants, stored in UTC. Slots are
// laid per calendar date with time.Date in that zone, so daylight-saving
// changes never shift, drop or duplicate a slot.
package scheduling

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"interno/core/fault"
)

// WallTime is a time of day as minutes after local midnight, on a
// quarter-hour (the editor's 15-minute steps).
type WallTime int

// ParseWallTime reads "HH:MM" (hours 0–23, minutes 0, 15, 30 or 45).
func ParseWallTime(s string) (WallTime, bool) {
	h, m, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok || len(h) < 1 || len(h) > 2 || len(m) != 2 {
		return 0, false
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || hh < 0 || hh > 23 || mm%15 != 0 || mm < 0 || mm > 45 {
		return 0, false
	}
	return WallTime(hh*60 + mm), true
}

// Hour is the hour part.
func (w WallTime) Hour() int { return int(w) / 60 }

// Minute is the minute part.
func (w WallTime) Minute() int { return int(w) % 60 }

// String renders "HH:MM".
func (w WallTime) String() string { return fmt.Sprintf("%02d:%02d", w.Hour(), w.Minute()) }

// Window is one weekly availability range of a designer: on DayOfWeek
// (0 Monday … 6 Sunday) from Start to End local time, used for slots only
// while Active.
type Window struct {
	ID        int64
	DayOfWeek int
	Start     WallTime
	End       WallTime
	Active    bool
}

// DayNames are the Italian weekday names, Monday first like DayOfWeek.
var DayNames = [7]string{"Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"}

// MaxWindowsPerDay bounds one day's windows; a real week never needs more,
// and the bound keeps slot generation and the editor small.
const MaxWindowsPerDay = 12

// WindowInput is a window as a client sends it, before validation.
type WindowInput struct {
	DayOfWeek int
	StartTime string
	EndTime   string
	Active    bool
}

// ValidateWeek checks a whole week sent by the editor and returns it sorted
// by day and start time. Overlapping active windows on the same day are
// refused, never merged: merging would silently move where slots are laid
// (slots start at each window's start), so the designer is told which two
// windows clash instead. Windows that only touch (09:00–12:00 and
// 12:00–14:00) do not overlap. Inactive windows are kept as drafts and only
// checked for their own shape.
func ValidateWeek(in []WindowInput) ([]Window, error) {
	var v fault.Validation
	out := make([]Window, 0, len(in))
	perDay := map[int]int{}
	for i, w := range in {
		field := fmt.Sprintf("slots.%d", i)
		okDay := v.Check(w.DayOfWeek >= 0 && w.DayOfWeek <= 6, field+".day_of_week", "day_of_week must be 0 (Monday) to 6 (Sunday)")
		start, okStart := ParseWallTime(w.StartTime)
		v.Check(okStart, field+".start_time", "start_time must be HH:MM with hours 0-23 and minutes 00, 15, 30 or 45")
		end, okEnd := ParseWallTime(w.EndTime)
		v.Check(okEnd, field+".end_time", "end_time must be HH:MM with hours 0-23 and minutes 00, 15, 30 or 45")
		if okStart && okEnd {
			v.Check(start < end, field+".end_time", "start_time must be before end_time")
		}
		if okDay {
			perDay[w.DayOfWeek]++
			if perDay[w.DayOfWeek] == MaxWindowsPerDay+1 {
				v.Add(field+".day_of_week", fmt.Sprintf("At most %d windows per day", MaxWindowsPerDay))
			}
		}
		out = append(out, Window{DayOfWeek: w.DayOfWeek, Start: start, End: end, Active: w.Active})
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	SortWeek(out)
	for i := range out {
		for j := i + 1; j < len(out) && out[j].DayOfWeek == out[i].DayOfWeek; j++ {
			a, b := out[i], out[j]
			if a.Active && b.Active && b.Start < a.End {
				return nil, fault.InvalidField("slots", fmt.Sprintf("%s: %s-%s overlaps %s-%s; overlapping windows are not merged, adjust one of them",
					dayNameEN[a.DayOfWeek], a.Start, a.End, b.Start, b.End)).WithReason("availability_overlap")
			}
		}
	}
	return out, nil
}

var dayNameEN = [7]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// SortWeek orders windows by day, then start, then end.
func SortWeek(w []Window) {
	sort.SliceStable(w, func(i, j int) bool {
		if w[i].DayOfWeek != w[j].DayOfWeek {
			return w[i].DayOfWeek < w[j].DayOfWeek
		}
		if w[i].Start != w[j].Start {
			return w[i].Start < w[j].Start
		}
		return w[i].End < w[j].End
	})
}
