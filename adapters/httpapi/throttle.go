package httpapi

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"interno/core/fault"
)

// RateLimits configures the throttles of abuse-prone endpoints. A zero Every
// disables a throttle; Off disables all of them (benchmarks, load tests).
type RateLimits struct {
	Off bool
	// AuthPerIP bounds login, token, Google, register and reset calls per client address.
	AuthPerIP Rate
	// AuthPerEmail bounds the same calls per target e-mail address.
	AuthPerEmail Rate
}

// Rate is a token bucket: Burst requests at once, then one per Every.
type Rate struct {
	Burst int
	Every time.Duration
}

// DefaultRateLimits are generous for people and tight for scripts.
var DefaultRateLimits = RateLimits{
	AuthPerIP:    Rate{Burst: 20, Every: 6 * time.Second},
	AuthPerEmail: Rate{Burst: 6, Every: 2 * time.Minute},
}

// ParseRateLimits reads INTERNO_RATE_LIMITS: empty for the defaults, "off",
// or a list like "auth_ip=20/6s,auth_email=6/2m".
func ParseRateLimits(s string) (RateLimits, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultRateLimits, nil
	}
	if s == "off" {
		return RateLimits{Off: true}, nil
	}
	out := DefaultRateLimits
	for _, part := range strings.Split(s, ",") {
		name, spec, ok := strings.Cut(strings.TrimSpace(part), "=")
		burst, every, ok2 := strings.Cut(spec, "/")
		if !ok || !ok2 {
			return RateLimits{}, fmt.Errorf("%q is not name=burst/interval", part)
		}
		b, err := strconv.Atoi(burst)
		if err != nil || b < 1 {
			return RateLimits{}, fmt.Errorf("bad burst in %q", part)
		}
		d, err := time.ParseDuration(every)
		if err != nil || d <= 0 {
			return RateLimits{}, fmt.Errorf("bad interval in %q", part)
		}
		switch name {
		case "auth_ip":
			out.AuthPerIP = Rate{Burst: b, Every: d}
		case "auth_email":
			out.AuthPerEmail = Rate{Burst: b, Every: d}
		default:
			return RateLimits{}, fmt.Errorf("unknown limit %q (known: auth_ip, auth_email)", name)
		}
	}
	return out, nil
}

// keyedLimiter keeps one token bucket per key and forgets idle ones.
type keyedLimiter struct {
	r       Rate
	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
	now     func() time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newKeyedLimiter(r Rate, now func() time.Time) *keyedLimiter {
	if now == nil {
		now = time.Now
	}
	return &keyedLimiter{r: r, buckets: map[string]*bucket{}, now: now}
}

// allow takes a token for key or returns a Throttled fault with Retry-After.
func (k *keyedLimiter) allow(key string) error {
	if k == nil || k.r.Every == 0 {
		return nil
	}
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	if now.Sub(k.sweep) > time.Minute {
		idle := k.r.Every * time.Duration(k.r.Burst+1)
		for key, b := range k.buckets {
			if now.Sub(b.seen) > idle {
				delete(k.buckets, key)
			}
		}
		k.sweep = now
	}
	b, ok := k.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Every(k.r.Every), k.r.Burst)}
		k.buckets[key] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if delay := res.DelayFrom(now); delay > 0 {
		res.CancelAt(now)
		secs := int(math.Ceil(delay.Seconds()))
		f := fault.Newf(fault.Throttled, "Too many attempts: retry in %d seconds", secs).WithReason("throttled")
		f.RetryAfterSeconds = secs
		return f
	}
	return nil
}
