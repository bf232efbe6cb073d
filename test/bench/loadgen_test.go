//go:build bench

// Package bench holds the load scenarios behind `make bench`: each TestLoad_*
// starts the real binary (see startServer), drives it with an open-loop load
// generator at a fixed request rate, and prints latency percentiles in a
// line that scripts/bench.sh collects into bench/out/results.txt.
package bench

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Result summarises one load run.
type Result struct {
	Name   string
	Rate   int
	Sent   int
	Errors int64
	// NotModified counts 304 answers (conditional polling).
	NotModified int64
	P50, P99    time.Duration
	Max         time.Duration
}

// String is the line recorded in bench/out/results.txt.
func (r Result) String() string {
	return fmt.Sprintf("LOAD %-48s rate=%d/s requests=%d errors=%d 304s=%d p50=%.2fms p99=%.2fms max=%.2fms",
		r.Name, r.Rate, r.Sent, r.Errors, r.NotModified, ms(r.P50), ms(r.P99), ms(r.Max))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Load sends rate requests per second for dur, each built by next(i), without
// waiting for earlier answers (open loop, so slow answers cannot hide queueing).
// A request counts as an error when it fails or answers outside 2xx/304.
func Load(t *testing.T, name string, rate int, dur time.Duration, next func(i int) *http.Request) Result {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 512, MaxConnsPerHost: 512}}
	total := int(float64(rate) * dur.Seconds())
	lat := make([]time.Duration, total)
	var errs, notModified atomic.Int64
	var wg sync.WaitGroup
	interval := time.Second / time.Duration(rate)
	start := time.Now()
	for i := 0; i < total; i++ {
		if d := time.Until(start.Add(time.Duration(i) * interval)); d > 0 {
			time.Sleep(d)
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			req := next(i)
			t0 := time.Now()
			res, err := client.Do(req)
			if err != nil {
				errs.Add(1)
				lat[i] = time.Since(t0)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			lat[i] = time.Since(t0)
			if res.StatusCode == http.StatusNotModified {
				notModified.Add(1)
			}
			if (res.StatusCode < 200 || res.StatusCode > 299) && res.StatusCode != http.StatusNotModified {
				errs.Add(1)
			}
		}(i)
	}
	wg.Wait()
	sorted := append([]time.Duration(nil), lat...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
	pct := func(p float64) time.Duration { return sorted[int(p*float64(len(sorted)-1))] }
	r := Result{Name: name, Rate: rate, Sent: total, Errors: errs.Load(), NotModified: notModified.Load(), P50: pct(0.50), P99: pct(0.99), Max: sorted[len(sorted)-1]}
	fmt.Println(r.String())
	return r
}
