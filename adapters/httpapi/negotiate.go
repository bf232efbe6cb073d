package httpapi

import (
	"strconv"
	"strings"
)

// acceptedEncoding picks the content coding of a file that has a brotli copy
// (haveBr) and/or a gzip copy (haveGz), from the request's Accept-Encoding
// lines (RFC 9110 §12.5.3): the coding with the highest q-value wins, q=0
// refuses it, "*" stands for codings the header does not name, "x-gzip" is
// gzip, and brotli wins a tie because its copies are smaller. An item with a
// malformed q-value is ignored. "" means the file as it is (identity), which
// is also the answer to a request without the header.
func acceptedEncoding(header []string, haveBr, haveGz bool) string {
	weights := map[string]float64{}
	star := -1.0
	for _, line := range header {
		for _, item := range strings.Split(line, ",") {
			coding, params, _ := strings.Cut(item, ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding == "" {
				continue
			}
			q, ok := qValue(params)
			if !ok {
				continue
			}
			switch coding {
			case "*":
				star = q
			case "x-gzip":
				weights[encGzip] = q
			default:
				weights[coding] = q
			}
		}
	}
	weight := func(coding string) float64 {
		if q, ok := weights[coding]; ok {
			return q
		}
		return max(star, 0)
	}
	best, bestQ := "", 0.0
	if q := weight(encBrotli); haveBr && q > bestQ {
		best, bestQ = encBrotli, q
	}
	if q := weight(encGzip); haveGz && q > bestQ {
		best = encGzip
	}
	return best
}

// qValue reads the weight among an item's parameters ("q=0.5"); 1 without one.
func qValue(params string) (float64, bool) {
	q := 1.0
	for _, p := range strings.Split(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || f < 0 || f > 1 {
			return 0, false
		}
		q = f
	}
	return q, true
}
