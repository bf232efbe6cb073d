package matching

import (
	"testing"

	"interno/core/style"
)

// BenchmarkRank ranks 10,000 designers for a new analysis and reads a page:
// the CPU part of POST /api/match-designers once the inputs are cached.
func BenchmarkRank(b *testing.B) {
	var ps []Profile
	for i := 1; i <= 10000; i++ {
		ps = append(ps, Profile{DesignerID: int64(i), DesignStyle: style.Codes[i%5],
			Specialties: []string{style.Specialties[i%len(style.Specialties)], style.Specialties[(i*7)%len(style.Specialties)]}, Likes: i % 40})
	}
	ix := newIndex(ps)
	a := Score([]Option{{Style: "C"}, {Style: "E"}, {Style: "C"}, {Style: "A"}, {Style: "C"}, {Style: "B"}, {Style: "E"}})
	b.ReportAllocs()
	for b.Loop() {
		r := ix.rank(a)
		if len(r.slice(5, 10)) != 5 {
			b.Fatal("short page")
		}
	}
}
