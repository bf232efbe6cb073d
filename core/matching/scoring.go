package matching

import (
	"fmt"
	"sort"
	"strings"

	"interno/core/fault"
	"interno/core/style"
)

// Analysis is a customer's style profile: the dominant style and a
// percentage for each of the five codes, summing to exactly 100.
type Analysis struct {
	Dominant    style.Code
	Percentages map[style.Code]int
}

// Vector returns the percentages as fractions in style.Codes order.
func (a Analysis) Vector() [5]float64 {
	var v [5]float64
	for i, c := range style.Codes {
		v[i] = float64(a.Percentages[c]) / 100
	}
	return v
}

// Valid reports whether a is a well-formed analysis: five codes summing to
// 100 and a dominant style holding the largest share.
func (a Analysis) Valid() bool {
	sum := 0
	for _, c := range style.Codes {
		p := a.Percentages[c]
		if p < 0 || p > 100 {
			return false
		}
		sum += p
	}
	return sum == 100 && len(a.Percentages) == len(style.Codes) && a.Dominant.Valid() && a.Percentages[a.Dominant] == maxShare(a)
}

func maxShare(a Analysis) int {
	m := 0
	for _, p := range a.Percentages {
		m = max(m, p)
	}
	return m
}

// Faults callers recognise.
var (
	ErrWrongCount = fault.New(fault.Invalid, "Exactly 7 answers are required, one per question, in question order").WithReason("wrong_answer_count")
)

// unknownAnswer is the 422 for an answer that is not an option of its question.
func unknownAnswer(i int, text string) error {
	return fault.New(fault.Invalid, fmt.Sprintf("Answer %d (%q) is not an option of question %d", i+1, text, i+1)).
		WithReason("unknown_answer").With("question", i+1)
}

// Resolve maps answers (chosen option texts in question order) to options.
func (q Questionnaire) Resolve(answers []string) ([]Option, error) {
	if len(answers) != len(q.Questions) {
		return nil, ErrWrongCount
	}
	out := make([]Option, len(answers))
	for i, a := range answers {
		a = strings.TrimSpace(a)
		found := false
		for _, o := range q.Questions[i].Options {
			if o.Text == a || o.ID == a {
				out[i], found = o, true
				break
			}
		}
		if !found {
			return nil, unknownAnswer(i, a)
		}
	}
	return out, nil
}

// Score turns chosen options into an analysis.
//
// Each answer counts one vote for its style. Percentages are the votes' shares
// rounded by the largest-remainder method: every style gets the floor of its
// exact share, and the points still missing to reach 100 go one each to the
// styles with the largest remainders. Ties — for the dominant style and for
// remainders alike — are broken by the style ranking: more votes first, then
// the style chosen earliest in the questionnaire, then code order A–E. So the
// dominant style always holds the largest percentage, and equal inputs always
// give equal outputs.
func Score(chosen []Option) Analysis {
	votes := map[style.Code]int{}
	first := map[style.Code]int{}
	for i, o := range chosen {
		votes[o.Style]++
		if _, ok := first[o.Style]; !ok {
			first[o.Style] = i
		}
	}
	rank := append([]style.Code(nil), style.Codes...)
	sort.SliceStable(rank, func(i, j int) bool {
		a, b := rank[i], rank[j]
		if votes[a] != votes[b] {
			return votes[a] > votes[b]
		}
		fa, oka := first[a]
		fb, okb := first[b]
		if oka != okb {
			return oka
		}
		if fa != fb {
			return fa < fb
		}
		return a < b
	})
	pos := map[style.Code]int{}
	for i, c := range rank {
		pos[c] = i
	}
	total := len(chosen)
	pct := map[style.Code]int{}
	rem := map[style.Code]int{}
	given := 0
	for _, c := range style.Codes {
		if total == 0 {
			pct[c] = 0
			continue
		}
		pct[c] = votes[c] * 100 / total
		rem[c] = votes[c] * 100 % total
		given += pct[c]
	}
	if total == 0 {
		pct[rank[0]] = 100
		return Analysis{Dominant: rank[0], Percentages: pct}
	}
	byRem := append([]style.Code(nil), style.Codes...)
	sort.SliceStable(byRem, func(i, j int) bool {
		a, b := byRem[i], byRem[j]
		if rem[a] != rem[b] {
			return rem[a] > rem[b]
		}
		return pos[a] < pos[b]
	})
	for i := 0; given < 100; i++ {
		pct[byRem[i%len(byRem)]]++
		given++
	}
	return Analysis{Dominant: rank[0], Percentages: pct}
}
