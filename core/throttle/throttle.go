// Package throttle holds the rate limits and back-off counters that keep
// anonymous callers from exhausting the service or guessing passwords. The
// policies (token buckets, exponential back-off, remembered addresses) are
// pure arithmetic over one small storage port, Store, so the counters can
// live in this process (Memory) or in the database shared by several
// instances without touching the callers.
package throttle

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/netip"
	"time"

	"interno/core/fault"
)

// Entry is one counter: N is the tokens left (bucket), the failures
// (back-off) or 1 (a mark); At is when it last changed.
type Entry struct {
	N  float64
	At time.Time
}

// Store keeps entries by key until they expire. Update must be atomic per
// key: fn gets the current entry (found is false when there is none or it
// expired) and returns the entry to keep and for how long; a ttl of zero or
// less deletes it. fn may run more than once (a store shared by several
// instances retries after a lost race), so it must depend only on its
// arguments and overwrite, not accumulate, anything it reports.
type Store interface {
	Get(ctx context.Context, key string) (e Entry, found bool, err error)
	Update(ctx context.Context, key string, fn func(cur Entry, found bool) (next Entry, ttl time.Duration)) error
}

// hashKey keeps personal data (e-mail addresses, client addresses) out of
// the counters' keys: a store sees only the limit's name and a digest.
func hashKey(name, key string) string {
	sum := sha256.Sum256([]byte(key))
	return name + ":" + hex.EncodeToString(sum[:16])
}

// Throttled is the fault a refused caller gets: 429 with Retry-After.
func Throttled(wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	f := fault.Newf(fault.Throttled, "Too many attempts: retry in %d seconds", secs).WithReason("throttled")
	f.RetryAfterSeconds = secs
	return f
}

// Rate is a token bucket: Burst requests at once, then one per Every. A zero
// Rate is off.
type Rate struct {
	Burst int
	Every time.Duration
}

// Off reports a disabled limit.
func (r Rate) Off() bool { return r.Burst <= 0 || r.Every <= 0 }

// Limiter is a token bucket per key (an address, an address and a target).
type Limiter struct {
	name  string
	rate  Rate
	store Store
	now   func() time.Time
}

// NewLimiter returns a limiter named name (the key prefix in the store); a
// nil limiter or an Off rate allows everything.
func NewLimiter(name string, r Rate, s Store, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{name: name, rate: r, store: s, now: now}
}

// Allow takes one token for key, or returns a Throttled fault saying how long
// to wait. Refused calls take nothing.
func (l *Limiter) Allow(ctx context.Context, key string) error {
	if l == nil || l.rate.Off() {
		return nil
	}
	now := l.now()
	burst := float64(l.rate.Burst)
	var wait time.Duration
	// A bucket left alone until it is full again can be forgotten.
	full := l.rate.Every * time.Duration(l.rate.Burst)
	err := l.store.Update(ctx, hashKey(l.name, key), func(cur Entry, found bool) (Entry, time.Duration) {
		wait = 0 // fn may run again after a lost race: report only the last run
		tokens := burst
		if found {
			tokens = math.Min(burst, cur.N+float64(now.Sub(cur.At))/float64(l.rate.Every))
		}
		if tokens < 1 {
			wait = time.Duration((1 - tokens) * float64(l.rate.Every))
			refilled := time.Duration((burst-cur.N)*float64(l.rate.Every)) - now.Sub(cur.At)
			return cur, max(refilled, l.rate.Every)
		}
		return Entry{N: tokens - 1, At: now}, full
	})
	if err != nil {
		return err
	}
	if wait > 0 {
		return Throttled(wait)
	}
	return nil
}

// Backoff slows repeated failures down: Free failures cost nothing, each one
// after that doubles the wait before the next attempt (Base, 2×Base, ... up to
// Max), and failures are forgotten at one per Leak, so a typo now and then
// never adds up.
type Backoff struct {
	Free int
	Leak time.Duration
	Base time.Duration
	Max  time.Duration
}

// Off reports a disabled policy.
func (b Backoff) Off() bool { return b.Base <= 0 || b.Leak <= 0 }

// delay is the wait after the n-th failure.
func (b Backoff) delay(n float64) time.Duration {
	over := int(math.Round(n)) - b.Free
	if over <= 0 {
		return 0
	}
	if over > 40 {
		return b.Max
	}
	return min(b.Max, b.Base<<(over-1))
}

// level is the failure count left after leaking since the last failure.
func (b Backoff) level(e Entry, now time.Time) float64 {
	return math.Max(0, e.N-float64(now.Sub(e.At))/float64(b.Leak))
}

// Counter counts failures per key under a Backoff policy.
type Counter struct {
	name   string
	policy Backoff
	store  Store
	now    func() time.Time
}

// NewCounter returns a failure counter named name; a nil counter or an Off
// policy never makes anyone wait.
func NewCounter(name string, p Backoff, s Store, now func() time.Time) *Counter {
	if now == nil {
		now = time.Now
	}
	return &Counter{name: name, policy: p, store: s, now: now}
}

// Wait is how long key must still wait before its next attempt (0: go ahead).
func (c *Counter) Wait(ctx context.Context, key string) (time.Duration, error) {
	if c == nil || c.policy.Off() {
		return 0, nil
	}
	e, found, err := c.store.Get(ctx, hashKey(c.name, key))
	if err != nil || !found {
		return 0, err
	}
	return max(0, c.policy.delay(e.N)-c.now().Sub(e.At)), nil
}

// Fail records one failure of key.
func (c *Counter) Fail(ctx context.Context, key string) error {
	if c == nil || c.policy.Off() {
		return nil
	}
	now := c.now()
	return c.store.Update(ctx, hashKey(c.name, key), func(cur Entry, found bool) (Entry, time.Duration) {
		n := 1.0
		if found {
			n += c.policy.level(cur, now)
		}
		// Kept until every failure has leaked away and the last wait is over.
		return Entry{N: n, At: now}, time.Duration(n*float64(c.policy.Leak)) + c.policy.delay(n)
	})
}

// Clear forgets key's failures (after a success).
func (c *Counter) Clear(ctx context.Context, key string) error {
	if c == nil || c.policy.Off() {
		return nil
	}
	return c.store.Update(ctx, hashKey(c.name, key), func(Entry, bool) (Entry, time.Duration) { return Entry{}, 0 })
}

// Marks remembers keys for a while (the addresses an account signed in from).
type Marks struct {
	name  string
	ttl   time.Duration
	store Store
	now   func() time.Time
}

// NewMarks returns a set of keys remembered for ttl after their last Mark.
func NewMarks(name string, ttl time.Duration, s Store, now func() time.Time) *Marks {
	if now == nil {
		now = time.Now
	}
	return &Marks{name: name, ttl: ttl, store: s, now: now}
}

// Mark remembers key for the set's ttl from now.
func (m *Marks) Mark(ctx context.Context, key string) error {
	if m == nil || m.ttl <= 0 {
		return nil
	}
	now := m.now()
	return m.store.Update(ctx, hashKey(m.name, key), func(Entry, bool) (Entry, time.Duration) { return Entry{N: 1, At: now}, m.ttl })
}

// Has reports whether key was marked within the ttl.
func (m *Marks) Has(ctx context.Context, key string) (bool, error) {
	if m == nil || m.ttl <= 0 {
		return false, nil
	}
	_, found, err := m.store.Get(ctx, hashKey(m.name, key))
	return found, err
}

// ClientKey is the key of a client address: IPv4 addresses as they are,
// IPv6 addresses by their /64 network, since one subscriber usually holds a
// whole /64 and could otherwise take a fresh address for every request.
func ClientKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}
