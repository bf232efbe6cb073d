package matching

import (
	"math"
	"sort"

	"interno/core/style"
)

// Profile is what ranking needs of a designer: the declared design style, the
// specialties (each leaning to a style) and the like count for tie-breaks.
type Profile struct {
	DesignerID  int64
	DesignStyle style.Code
	Specialties []string
	Likes       int
}

// Weights of a designer's style profile: the declared design style carries
// DesignStyleWeight, and the specialties share the rest equally through their
// style affinity. A designer without known specialties is all design style.
const DesignStyleWeight = 0.6

// Vector returns the designer's style profile in style.Codes order, summing to 1.
func (p Profile) Vector() [5]float64 {
	var v [5]float64
	idx := func(c style.Code) int {
		for i, x := range style.Codes {
			if x == c {
				return i
			}
		}
		return -1
	}
	var known []int
	for _, s := range p.Specialties {
		if c, ok := style.AffinityOf(s); ok {
			known = append(known, idx(c))
		}
	}
	ds := idx(p.DesignStyle)
	if len(known) == 0 {
		if ds >= 0 {
			v[ds] = 1
		}
		return v
	}
	rest := 1.0
	if ds >= 0 {
		v[ds] = DesignStyleWeight
		rest = 1 - DesignStyleWeight
	}
	for _, i := range known {
		v[i] += rest / float64(len(known))
	}
	return v
}

// Match is one designer's place in a ranking.
type Match struct {
	DesignerID int64
	// Score is the style affinity, 0–100.
	Score int
	// Styles are the one or two styles that explain the score, strongest first.
	Styles []style.Code
	likes  int
	sim    float64
}

// rankable is a designer with its profile vector precomputed.
type rankable struct {
	id    int64
	vec   [5]float64
	norm  float64
	likes int
}

func newRankable(p Profile) rankable {
	v := p.Vector()
	return rankable{id: p.DesignerID, vec: v, norm: norm(v), likes: p.Likes}
}

func norm(v [5]float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// affinity scores one designer for a customer vector c with norm cn.
//
// The score is the cosine similarity of the two style vectors, as a whole
// percentage (rounded half up). The explaining styles are those contributing
// most to the similarity (c[i]·d[i]): the strongest always, the second when it
// brings at least a quarter of the total.
func affinity(c [5]float64, cn float64, r rankable) Match {
	m := Match{DesignerID: r.id, likes: r.likes}
	if cn == 0 || r.norm == 0 {
		return m
	}
	var contrib [5]float64
	dot := 0.0
	for i := range c {
		contrib[i] = c[i] * r.vec[i]
		dot += contrib[i]
	}
	m.sim = math.Round(dot/(cn*r.norm)*1e9) / 1e9
	m.Score = int(math.Floor(m.sim*100 + 0.5))
	if dot == 0 {
		return m
	}
	order := []int{0, 1, 2, 3, 4}
	sort.SliceStable(order, func(i, j int) bool { return contrib[order[i]] > contrib[order[j]] })
	m.Styles = append(m.Styles, style.Codes[order[0]])
	if contrib[order[1]] > 0 && contrib[order[1]] >= dot/4 {
		m.Styles = append(m.Styles, style.Codes[order[1]])
	}
	return m
}

// Rank orders designers for an analysis: most similar first, then most liked,
// then the lowest id, so equal inputs always give the same order. Designers
// sharing no style at all with the customer are not matches and are left out.
func Rank(a Analysis, designers []Profile) []Match {
	r := newIndex(designers).rank(a)
	return r.slice(0, r.total)
}

// index groups designers by style vector. Many designers share a vector (one
// design style, a few specialties), and within a group the order (likes, id)
// does not depend on the customer, so it is sorted once when the index is
// built; ranking then scores each group once.
type index struct {
	groups []group
}

type group struct {
	r       rankable
	members []rankable
}

func newIndex(ps []Profile) *index {
	byVec := map[[5]int64]int{}
	var gs []group
	for _, p := range ps {
		r := newRankable(p)
		var key [5]int64
		for i, x := range r.vec {
			key[i] = int64(math.Round(x * 1e9))
		}
		g, ok := byVec[key]
		if !ok {
			g = len(gs)
			byVec[key] = g
			gs = append(gs, group{r: r})
		}
		gs[g].members = append(gs[g].members, r)
	}
	for _, g := range gs {
		sortMembers(g.members)
	}
	return &index{groups: gs}
}

// sortMembers applies the tie-break among designers of equal similarity.
func sortMembers(ms []rankable) {
	sort.Slice(ms, func(i, j int) bool {
		if ms[i].likes != ms[j].likes {
			return ms[i].likes > ms[j].likes
		}
		return ms[i].id < ms[j].id
	})
}

// ranking is a ranking kept compactly: runs of designers of equal similarity
// with the score they share, so a cached ranking costs a few hundred entries,
// not one per designer.
type ranking struct {
	runs  []run
	total int
}

type run struct {
	m       Match
	members []rankable
}

func (ix *index) rank(a Analysis) ranking {
	c := a.Vector()
	cn := norm(c)
	var runs []run
	for i := range ix.groups {
		g := &ix.groups[i]
		if m := affinity(c, cn, g.r); m.sim > 0 {
			runs = append(runs, run{m: m, members: g.members})
		}
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].m.sim > runs[j].m.sim })
	out := ranking{}
	for i := 0; i < len(runs); {
		j := i + 1
		for j < len(runs) && runs[j].m.sim == runs[i].m.sim {
			j++
		}
		r := runs[i]
		if j-i > 1 {
			var merged []rankable
			for _, x := range runs[i:j] {
				merged = append(merged, x.members...)
			}
			sortMembers(merged)
			r.members = merged
		}
		out.runs = append(out.runs, r)
		out.total += len(r.members)
		i = j
	}
	return out
}

// slice returns the matches at positions [from, to).
func (r ranking) slice(from, to int) []Match {
	to = min(to, r.total)
	if from >= to {
		return []Match{}
	}
	out := make([]Match, 0, to-from)
	pos := 0
	for _, x := range r.runs {
		n := len(x.members)
		if pos+n <= from {
			pos += n
			continue
		}
		for k := max(from-pos, 0); k < n && pos+k < to; k++ {
			m := x.m
			m.DesignerID, m.likes = x.members[k].id, x.members[k].likes
			out = append(out, m)
		}
		pos += n
		if pos >= to {
			break
		}
	}
	return out
}
