package throttle

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"interno/core/fault"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newClock() *clock { return &clock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)} }

func retryAfter(t *testing.T, err error) int {
	t.Helper()
	var f *fault.Error
	if !errors.As(err, &f) || f.Code != fault.Throttled || f.Reason != "throttled" {
		t.Fatalf("want a throttled fault, got %v", err)
	}
	return f.RetryAfterSeconds
}

func TestLimiter_TokenBucket(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	store := NewMemory(0, c.now)
	l := NewLimiter("share", Rate{Burst: 3, Every: 10 * time.Second}, store, c.now)
	for i := 0; i < 3; i++ {
		if err := l.Allow(ctx, "1.2.3.4"); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if secs := retryAfter(t, l.Allow(ctx, "1.2.3.4")); secs != 10 {
		t.Fatalf("Retry-After %d, want 10", secs)
	}
	if err := l.Allow(ctx, "5.6.7.8"); err != nil {
		t.Fatalf("another key is independent: %v", err)
	}
	c.advance(4 * time.Second)
	if secs := retryAfter(t, l.Allow(ctx, "1.2.3.4")); secs != 6 {
		t.Fatalf("refused calls take nothing: Retry-After %d, want 6", secs)
	}
	c.advance(6 * time.Second)
	if err := l.Allow(ctx, "1.2.3.4"); err != nil {
		t.Fatalf("one token back after Every: %v", err)
	}
	c.advance(time.Hour)
	if store.Len() > 0 {
		_ = store.Update(ctx, "sweep", func(Entry, bool) (Entry, time.Duration) { return Entry{}, time.Second })
	}
	if n := store.Len(); n > 1 {
		t.Fatalf("full buckets are forgotten: %d keys left", n)
	}
	var nilLimiter *Limiter
	if err := nilLimiter.Allow(ctx, "x"); err != nil {
		t.Fatal(err)
	}
	if err := NewLimiter("off", Rate{}, store, c.now).Allow(ctx, "x"); err != nil {
		t.Fatal(err)
	}
}

func TestCounter_ExponentialBackoffThatLeaks(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	p := Backoff{Free: 3, Leak: 10 * time.Minute, Base: 2 * time.Second, Max: time.Minute}
	k := NewCounter("pair", p, NewMemory(0, c.now), c.now)
	wait := func() time.Duration {
		w, err := k.Wait(ctx, "anna|1.2.3.4")
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	for i := 0; i < 3; i++ {
		if w := wait(); w != 0 {
			t.Fatalf("free failure %d waits %s", i, w)
		}
		_ = k.Fail(ctx, "anna|1.2.3.4")
	}
	if w := wait(); w != 0 {
		t.Fatalf("after 3 free failures: %s", w)
	}
	var got []time.Duration
	for i := 0; i < 8; i++ {
		_ = k.Fail(ctx, "anna|1.2.3.4")
		w := wait()
		got = append(got, w)
		c.advance(w)
	}
	want := "[2s 4s 8s 16s 32s 1m0s 1m0s 1m0s]"
	if fmt.Sprint(got) != want {
		t.Fatalf("waits %v, want %s", got, want)
	}
	// Failures leak away at one per 10 minutes: 50 minutes later, five fewer.
	c.advance(50 * time.Minute)
	_ = k.Fail(ctx, "anna|1.2.3.4")
	if w := wait(); w != 16*time.Second {
		t.Fatalf("after 50 minutes: %s, want 16s", w)
	}
	c.advance(3 * time.Hour)
	_ = k.Fail(ctx, "anna|1.2.3.4")
	if w := wait(); w != 0 {
		t.Fatalf("after three quiet hours: %s", w)
	}
	_ = k.Clear(ctx, "anna|1.2.3.4")
	if w := wait(); w != 0 {
		t.Fatalf("cleared: %s", w)
	}
}

func TestMarks(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	m := NewMarks("known", 24*time.Hour, NewMemory(0, c.now), c.now)
	if ok, _ := m.Has(ctx, "a"); ok {
		t.Fatal("unmarked key reported")
	}
	_ = m.Mark(ctx, "a")
	c.advance(23 * time.Hour)
	if ok, _ := m.Has(ctx, "a"); !ok {
		t.Fatal("mark forgotten early")
	}
	c.advance(2 * time.Hour)
	if ok, _ := m.Has(ctx, "a"); ok {
		t.Fatal("mark kept past its ttl")
	}
}

func TestMemory_IsBounded(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	m := NewMemory(1000, c.now)
	l := NewLimiter("flood", Rate{Burst: 1, Every: time.Hour}, m, c.now)
	for i := 0; i < 10_000; i++ {
		_ = l.Allow(ctx, fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	if n := m.Len(); n > 1000 {
		t.Fatalf("%d keys held, bound is 1000", n)
	}
}

func TestClientKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.9":              "203.0.113.9",
		"::ffff:203.0.113.9":       "203.0.113.9",
		"2001:db8:1:2:3:4:5:6":     "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1":     "2001:db8:1:2::/64",
		"not an address":           "not an address",
		"2001:db8:aaaa:bbbb::dead": "2001:db8:aaaa:bbbb::/64",
	} {
		if got := ClientKey(in); got != want {
			t.Errorf("ClientKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// retryingStore runs every update's fn twice, the first result thrown away,
// as a store shared by instances does after a lost race.
type retryingStore struct{ Store }

func (r retryingStore) Update(ctx context.Context, key string, fn func(Entry, bool) (Entry, time.Duration)) error {
	cur, found, err := r.Store.Get(ctx, key)
	if err != nil {
		return err
	}
	if found && cur.N < 1 {
		// Pretend the first run saw an empty bucket, then a concurrent refill won.
		fn(cur, found)
	} else {
		fn(Entry{N: 0, At: time.Now()}, true)
	}
	return r.Store.Update(ctx, key, fn)
}

func TestLimiter_RetriedUpdateReportsOnlyTheLastRun(t *testing.T) {
	clk := newClock()
	l := NewLimiter("t", Rate{Burst: 2, Every: time.Minute}, retryingStore{NewMemory(0, clk.now)}, clk.now)
	if err := l.Allow(context.Background(), "k"); err != nil {
		t.Fatalf("a call allowed by the last run was refused by a discarded one: %v", err)
	}
}
