package realtime

import (
	"context"
	"sort"
	"testing"
	"time"

	"interno/core/live"
)

// BenchmarkDelivery measures publish-to-receive latency with 200 open
// streams, each event going to two of them (a conversation's two sides).
func BenchmarkDelivery(b *testing.B) {
	h := NewHub(0)
	const streams = 200
	chans := make([]<-chan live.Delivered, streams)
	for i := 0; i < streams; i++ {
		s := h.Subscribe(context.Background(), int64(i), 0)
		defer s.Cancel()
		chans[i] = s.Events
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a, c := int64(i%streams), int64((i+1)%streams)
		start := time.Now()
		h.Publish(context.Background(), live.Event{Kind: live.Message, To: []int64{a, c}, ContactID: 1})
		<-chans[a]
		<-chans[c]
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1000, "p99-µs")
}
