package realtime

import (
	"sort"
	"testing"
	"time"
)

// BenchmarkDelivery measures publish-to-receive latency with 200 open
// streams, each event going to two of them (a conversation's two sides).
func BenchmarkDelivery(b *testing.B) {
	h := NewHub(0)
	const streams = 200
	chans := make([]<-chan Event, streams)
	for i := 0; i < streams; i++ {
		ch, _, cancel := h.Subscribe(int64(i), 0)
		defer cancel()
		chans[i] = ch
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a, c := int64(i%streams), int64((i+1)%streams)
		start := time.Now()
		h.Publish([]int64{a, c}, "message", []byte(`{"contact_id":1}`))
		<-chans[a]
		<-chans[c]
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1000, "p99-µs")
}
