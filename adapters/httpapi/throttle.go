package httpapi

import (
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/identity"
	"interno/core/throttle"
)

// Rate is a token bucket: Burst requests at once, then one per Every.
type Rate = throttle.Rate

// RateLimits configures the throttles of the routes anyone can call that
// write or cost CPU. A zero Rate disables one throttle; Off disables all of
// them, the sign-in lockout included (benchmarks, load tests).
type RateLimits struct {
	Off bool
	// AuthPerIP bounds registration, Google sign-in and password-reset calls per client address.
	AuthPerIP Rate
	// AuthPerEmail bounds reset e-mails per target address (beyond it the answer is the same, no e-mail).
	AuthPerEmail Rate
	// DesignerPerIP bounds designer registrations (argon2 and image work) per client address.
	DesignerPerIP Rate
	// MatchPerIP bounds questionnaire submissions (one stored lead each) per caller.
	MatchPerIP Rate
	// SharePerIP bounds shares per caller; SharePerTarget per caller and designer,
	// so share statistics cannot be inflated.
	SharePerIP     Rate
	SharePerTarget Rate
	// ClickPerIP bounds e-mail click tracking per client address.
	ClickPerIP Rate
	// PushPerAccount bounds push-device registrations per account (each one
	// resolves the endpoint's host to check its addresses).
	PushPerAccount Rate
}

// DefaultRateLimits are sized for people, including many behind one address
// (an office, a school, a trade-fair Wi-Fi), and tight for scripts.
var DefaultRateLimits = RateLimits{
	AuthPerIP:      Rate{Burst: 20, Every: 6 * time.Second},
	AuthPerEmail:   Rate{Burst: 6, Every: 2 * time.Minute},
	DesignerPerIP:  Rate{Burst: 6, Every: 10 * time.Minute},
	MatchPerIP:     Rate{Burst: 60, Every: 10 * time.Second},
	SharePerIP:     Rate{Burst: 30, Every: 20 * time.Second},
	SharePerTarget: Rate{Burst: 5, Every: time.Hour},
	ClickPerIP:     Rate{Burst: 60, Every: time.Second},
	PushPerAccount: Rate{Burst: 10, Every: time.Minute},
}

// rateNames are the names INTERNO_RATE_LIMITS uses.
var rateNames = map[string]func(*RateLimits) *Rate{
	"auth_ip":      func(r *RateLimits) *Rate { return &r.AuthPerIP },
	"auth_email":   func(r *RateLimits) *Rate { return &r.AuthPerEmail },
	"designer_ip":  func(r *RateLimits) *Rate { return &r.DesignerPerIP },
	"match_ip":     func(r *RateLimits) *Rate { return &r.MatchPerIP },
	"share_ip":     func(r *RateLimits) *Rate { return &r.SharePerIP },
	"share_target": func(r *RateLimits) *Rate { return &r.SharePerTarget },
	"click_ip":     func(r *RateLimits) *Rate { return &r.ClickPerIP },
	"push_account": func(r *RateLimits) *Rate { return &r.PushPerAccount },
}

// ParseRateLimits reads INTERNO_RATE_LIMITS: empty for the defaults, "off",
// or a list like "auth_ip=20/6s,designer_ip=6/10m" overriding some of them
// ("name=off" disables one).
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
		field, known := rateNames[name]
		if !known {
			names := make([]string, 0, len(rateNames))
			for n := range rateNames {
				names = append(names, n)
			}
			sort.Strings(names)
			return RateLimits{}, fmt.Errorf("unknown limit %q (known: %s)", name, strings.Join(names, ", "))
		}
		if spec == "off" {
			*field(&out) = Rate{}
			continue
		}
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
		*field(&out) = Rate{Burst: b, Every: d}
	}
	return out, nil
}

// limiters are the throttles the handlers and routeThrottle use.
type limiters struct {
	authIP, authEmail, designer, match, shareIP, shareTarget, click, push *throttle.Limiter
	// byRoute throttles whole routes ("POST /api/designers") per caller,
	// before their body is read.
	byRoute map[string]*throttle.Limiter
}

func newLimiters(r RateLimits, store throttle.Store, now func() time.Time) limiters {
	if r.Off {
		return limiters{}
	}
	mk := func(name string, rate Rate) *throttle.Limiter { return throttle.NewLimiter(name, rate, store, now) }
	l := limiters{
		authIP: mk("auth_ip", r.AuthPerIP), authEmail: mk("auth_email", r.AuthPerEmail),
		designer: mk("designer_ip", r.DesignerPerIP), match: mk("match_ip", r.MatchPerIP),
		shareIP: mk("share_ip", r.SharePerIP), shareTarget: mk("share_target", r.SharePerTarget),
		click: mk("click_ip", r.ClickPerIP), push: mk("push_account", r.PushPerAccount),
	}
	l.byRoute = map[string]*throttle.Limiter{
		"POST /api/designers":             l.designer,
		"POST /api/designers/google-auth": l.designer,
		"POST /api/match-designers":       l.match,
		"POST /api/shares":                l.shareIP,
		"POST /api/shares/":               l.shareIP,
		"POST /api/email/track/:id/click": l.click,
		"GET /api/email/track/:id/click":  l.click,
		"POST /api/push/subscriptions":    l.push,
	}
	return l
}

// throttleKey is who a throttle counts: the account when signed in, else the
// client address (an IPv6 client by its /64).
func throttleKey(c *gin.Context) string {
	if p, ok := principalOf(c); ok {
		return "user:" + strconv.FormatInt(p.UserID, 10)
	}
	return throttle.ClientKey(c.ClientIP())
}

// routeThrottle refuses a throttled call before its body is read, so a
// refused registration with a 25 MB gallery costs nothing.
func routeThrottle(log *slog.Logger, byRoute map[string]*throttle.Limiter) gin.HandlerFunc {
	return func(c *gin.Context) {
		if l := byRoute[c.Request.Method+" "+c.FullPath()]; l != nil {
			if err := l.Allow(c.Request.Context(), throttleKey(c)); err != nil {
				writeError(c, log, err)
				return
			}
		}
		c.Next()
	}
}

// throttle applies the per-address limit of the auth endpoints that are not
// under the sign-in lockout (registration, Google, password reset).
func (s *Server) throttle(c *gin.Context) bool {
	if err := s.limits.authIP.Allow(c.Request.Context(), throttle.ClientKey(c.ClientIP())); err != nil {
		_ = c.Error(err)
		return false
	}
	return true
}

// resetMailAllowed reports whether another reset e-mail may go to addr; past
// the limit the request is answered as usual and nothing is sent, so the
// limit neither floods an inbox nor locks the owner out of resetting.
func (s *Server) resetMailAllowed(c *gin.Context, addr string) bool {
	e := identity.NormalizeEmail(addr)
	return e == "" || s.limits.authEmail.Allow(c.Request.Context(), e) == nil
}
