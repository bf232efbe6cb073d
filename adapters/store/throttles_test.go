package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/throttle"
)

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func eachEngine(t *testing.T, fn func(t *testing.T, d store.Dialect)) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) { fn(t, d) })
	}
}

func TestThrottleStore_EntriesExpireAndArePurged(t *testing.T) {
	eachEngine(t, func(t *testing.T, d store.Dialect) {
		ctx := context.Background()
		clk := &testClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
		db := storetest.Open(t, d, storetest.Options{Clock: clk.now})
		s := store.NewThrottleStore(db)
		if _, found, err := s.Get(ctx, "k"); err != nil || found {
			t.Fatalf("empty store: %v %v", found, err)
		}
		at := clk.now().Add(-time.Second)
		err := s.Update(ctx, "k", func(cur throttle.Entry, found bool) (throttle.Entry, time.Duration) {
			if found {
				t.Errorf("first update found %+v", cur)
			}
			return throttle.Entry{N: 2.5, At: at}, time.Minute
		})
		if err != nil {
			t.Fatal(err)
		}
		e, found, err := s.Get(ctx, "k")
		if err != nil || !found || e.N != 2.5 || !e.At.Equal(at) {
			t.Fatalf("after insert: %+v %v %v", e, found, err)
		}
		if err := s.Update(ctx, "k", func(cur throttle.Entry, found bool) (throttle.Entry, time.Duration) {
			if !found || cur.N != 2.5 {
				t.Errorf("second update got %+v %v", cur, found)
			}
			return throttle.Entry{N: cur.N + 1, At: clk.now()}, time.Minute
		}); err != nil {
			t.Fatal(err)
		}
		if e, _, _ := s.Get(ctx, "k"); e.N != 3.5 {
			t.Fatalf("after update: %+v", e)
		}
		// Another key that lives longer.
		if err := s.Update(ctx, "long", func(throttle.Entry, bool) (throttle.Entry, time.Duration) {
			return throttle.Entry{N: 1, At: clk.now()}, time.Hour
		}); err != nil {
			t.Fatal(err)
		}

		clk.advance(time.Minute)
		if _, found, _ := s.Get(ctx, "k"); found {
			t.Fatal("an expired entry was found")
		}
		if err := s.Update(ctx, "k", func(cur throttle.Entry, found bool) (throttle.Entry, time.Duration) {
			if found {
				t.Errorf("an expired entry was handed to the policy: %+v", cur)
			}
			return throttle.Entry{N: 1, At: clk.now()}, time.Second
		}); err != nil {
			t.Fatal(err)
		}
		clk.advance(2 * time.Second)
		if n, err := s.Purge(ctx, clk.now()); err != nil || n != 1 {
			t.Fatalf("purge: %d %v", n, err)
		}
		if _, found, _ := s.Get(ctx, "long"); !found {
			t.Fatal("purge dropped a live counter")
		}
		// A ttl of zero deletes; deleting a missing key is fine.
		for _, key := range []string{"long", "missing"} {
			if err := s.Update(ctx, key, func(throttle.Entry, bool) (throttle.Entry, time.Duration) { return throttle.Entry{}, 0 }); err != nil {
				t.Fatal(err)
			}
		}
		if _, found, _ := s.Get(ctx, "long"); found {
			t.Fatal("a deleted counter was found")
		}
		if n, _ := s.Purge(ctx, clk.now().Add(24*time.Hour)); n != 0 {
			t.Fatalf("rows left after deletes: %d", n)
		}
	})
}

// TestThrottleStore_ConcurrentUpdatesAreExact runs many goroutines on one key
// through two database handles (two instances' pools): every increment lands.
func TestThrottleStore_ConcurrentUpdatesAreExact(t *testing.T) {
	eachEngine(t, func(t *testing.T, d store.Dialect) {
		var so store.Options
		if d == store.Postgres {
			so.URL = storetest.NewPostgresSchema(t)
		} else {
			so.DataDir = t.TempDir()
		}
		var stores []*store.ThrottleStore
		for i := 0; i < 2; i++ {
			db, err := store.Open(so)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = db.Close() })
			if _, err := db.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			stores = append(stores, store.NewThrottleStore(db))
		}
		const goroutines, each = 40, 5
		var wg sync.WaitGroup
		errs := make(chan error, goroutines*each)
		for g := 0; g < goroutines; g++ {
			wg.Add(1)
			go func(s *store.ThrottleStore) {
				defer wg.Done()
				for i := 0; i < each; i++ {
					errs <- s.Update(context.Background(), "hot", func(cur throttle.Entry, found bool) (throttle.Entry, time.Duration) {
						return throttle.Entry{N: cur.N + 1, At: time.Now()}, time.Hour
					})
				}
			}(stores[g%2])
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		e, found, err := stores[0].Get(context.Background(), "hot")
		if err != nil || !found || e.N != goroutines*each {
			t.Fatalf("count = %v (found %v, %v), want %d", e.N, found, err, goroutines*each)
		}
	})
}

// TestThrottleStore_LimiterSharedByTwoInstances: a token bucket over two
// handles on one database refuses at the same count as over one.
func TestThrottleStore_LimiterSharedByTwoInstances(t *testing.T) {
	eachEngine(t, func(t *testing.T, d store.Dialect) {
		var so store.Options
		if d == store.Postgres {
			so.URL = storetest.NewPostgresSchema(t)
		} else {
			so.DataDir = t.TempDir()
		}
		clk := &testClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
		so.Clock = clk.now
		var limiters []*throttle.Limiter
		for i := 0; i < 2; i++ {
			db, err := store.Open(so)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = db.Close() })
			if _, err := db.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			limiters = append(limiters, throttle.NewLimiter("auth_ip", throttle.Rate{Burst: 6, Every: time.Minute}, store.NewThrottleStore(db), clk.now))
		}
		allowed := 0
		for i := 0; i < 10; i++ {
			if err := limiters[i%2].Allow(context.Background(), "203.0.113.7"); err == nil {
				allowed++
			}
		}
		if allowed != 6 {
			t.Fatalf("allowed %d of 10 across two instances, want 6 (the burst)", allowed)
		}
		clk.advance(time.Minute)
		if err := limiters[1].Allow(context.Background(), "203.0.113.7"); err != nil {
			t.Fatalf("a refilled token was refused: %v", err)
		}
	})
}
