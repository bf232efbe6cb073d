package httpapi

import (
	"encoding/binary"
	"encoding/hex"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/trace"
)

// validRequestID reports whether a client's X-Request-ID can be kept: 8 to
// 64 characters among A-Z, a-z, 0-9, '.', '_' and '-'.
func validRequestID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch b := id[i]; {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9', b == '.', b == '_', b == '-':
		default:
			return false
		}
	}
	return true
}

// headerValue is h.Get(key) for a key already in canonical form: read
// straight from the map, without canonicalising the key on every request.
func headerValue(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// requestScope is what the request id middleware adds to a request, in one
// allocation: the context carrying the id (core/trace) and the value of the
// X-Request-ID answer header (a one-element slice, so an append copies it).
type requestScope struct {
	trace.Scope
	header [1]string
}

// requestID tags every request with an id (kept from X-Request-ID when sane)
// that appears in logs and in the response, so a user's report can be traced.
// The id travels in the request's context only (core/trace), where the access
// log and every other log line of the request read it.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		// Header.Get would canonicalise "X-Request-ID" (and allocate) on every request.
		id := headerValue(c.Request.Header, "X-Request-Id")
		if !validRequestID(id) {
			// An id only has to be unique, not secret: the runtime's
			// ChaCha8 generator gives 64 random bits without a system call.
			var raw [8]byte
			var text [16]byte
			binary.LittleEndian.PutUint64(raw[:], rand.Uint64())
			hex.Encode(text[:], raw[:])
			id = string(text[:])
		}
		// In the request's context, so the log lines of everything the
		// request causes (core, store, mail, jobs) carry it (core/trace).
		s := &requestScope{Scope: trace.Scope{Context: c.Request.Context(), ID: id}}
		s.header[0] = id
		c.Request = c.Request.WithContext(s)
		c.Writer.Header()["X-Request-Id"] = s.header[:1:1]
		c.Next()
	}
}

// accessLog writes one structured line per API request and reports its
// duration to the observer under its route template. The line is built only
// when the logger writes that level. proxied says whether the client's
// address may come from a trusted proxy's header (clientIP).
func accessLog(log *slog.Logger, obs Observer, proxied bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		if !strings.HasPrefix(c.Request.URL.Path, "/api/") {
			return
		}
		// One clock reading for the duration and the line's time.
		end := time.Now()
		took := end.Sub(start)
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		status := c.Writer.Status()
		obs.Request(c.Request.Method, route, status, took)
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		ctx := c.Request.Context()
		h := log.Handler()
		if !h.Enabled(ctx, level) {
			return
		}
		// The record is handed to the handler directly, as slog's own
		// wrappers do: Logger.LogAttrs would also walk the stack for the
		// caller's source position, which the log never prints.
		r := slog.NewRecord(end, level, "http", 0)
		r.AddAttrs(slog.String("method", c.Request.Method),
			slog.String("path", c.Request.URL.Path), slog.Int("status", status),
			slog.Float64("duration_ms", float64(took.Microseconds())/1000), slog.String("client_ip", clientIP(c, proxied)))
		if p, ok := principalOf(c); ok {
			r.AddAttrs(slog.Int64("user_id", p.UserID))
		}
		_ = h.Handle(ctx, r)
	}
}

// clientIP is c.ClientIP() without its allocation in the common case. With
// no trusted proxy, gin answers the connection's address as net.IP formats
// it; for an IPv4 peer that is the host part of RemoteAddr exactly as it is
// (netip accepts only the canonical dotted form), so it is returned without
// parsing it into a net.IP and formatting it again. IPv6 peers (whose forms
// net.IP and netip may write differently), odd addresses and proxied
// deployments go to gin.
func clientIP(c *gin.Context, proxied bool) string {
	if !proxied {
		if host, _, err := net.SplitHostPort(strings.TrimSpace(c.Request.RemoteAddr)); err == nil {
			if a, err := netip.ParseAddr(host); err == nil && a.Is4() {
				return host
			}
		}
	}
	return c.ClientIP()
}

// recovery turns a panic into a logged 500 with a generic body and no stack
// trace. http.ErrAbortHandler is re-raised so net/http drops the connection.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			if r == http.ErrAbortHandler {
				panic(r)
			}
			log.ErrorContext(c.Request.Context(), "panic", "path", c.Request.URL.Path, "panic", r)
			if !c.Writer.Written() {
				c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"detail": "Internal error", "reason": "internal"})
			}
		}()
		c.Next()
	}
}

// contentSecurityPolicy allows only our own code plus Google sign-in and, after
// consent, Google Analytics.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://accounts.google.com/gsi/client https://www.googletagmanager.com; " +
	"style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style; " +
	"img-src 'self' data: blob: https://*.googleusercontent.com https://www.googletagmanager.com https://*.google-analytics.com; " +
	"connect-src 'self' https://accounts.google.com/gsi/ https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com; " +
	"frame-src https://accounts.google.com/gsi/; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'; worker-src 'self'; manifest-src 'self'"

// apiContentSecurityPolicy is the policy of the API's answers: JSON is never
// a document that loads anything or may be framed, so the strictest policy
// (as OWASP's REST guidance suggests) replaces the page policy, which is ten
// times longer and only means something for the web app's HTML.
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

// Every response's security headers share these one-element values: net/http
// and every handler only ever replace a header's slice (Set) or append to it
// (Add), and a slice whose capacity is its length cannot be appended to in
// place, so no answer can change another's. The keys are canonical, so they
// are written straight into the header map (Header.Set would canonicalise
// each key on every request).
var (
	hdrNosniff      = fixedHeader("nosniff")
	hdrReferrer     = fixedHeader("strict-origin-when-cross-origin")
	hdrFrameDeny    = fixedHeader("DENY")
	hdrPermissions  = fixedHeader("camera=(), microphone=(), geolocation=(), payment=()")
	hdrOpener       = fixedHeader("same-origin-allow-popups")
	hdrHSTS         = fixedHeader("max-age=31536000; includeSubDomains")
	hdrAPIPolicy    = fixedHeader(apiContentSecurityPolicy)
	hdrPagePolicy   = fixedHeader(contentSecurityPolicy)
	hdrNoStore      = fixedHeader("no-store")
	hdrVaryOrigin   = fixedHeader("Origin")
	hdrVaryEncoding = fixedHeader("Accept-Encoding")
	// hdrVaryOriginEncoding is Vary: Origin followed by Accept-Encoding.
	hdrVaryOriginEncoding = []string{"Origin", "Accept-Encoding"}[:2:2]
	// hdrJSON is the Content-Type of JSON answers, as gin writes it.
	hdrJSON = fixedHeader("application/json; charset=utf-8")
)

// fixedHeader is a header value shared by every response: its capacity is
// its length, so an append makes a copy.
func fixedHeader(v string) []string { return []string{v}[:1:1] }

// securityHeaders sets the headers every response carries; HSTS only when
// the request reached us over HTTPS (directly or through a trusted proxy).
func securityHeaders(httpsOnly bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h["X-Content-Type-Options"] = hdrNosniff
		h["Referrer-Policy"] = hdrReferrer
		h["X-Frame-Options"] = hdrFrameDeny
		h["Permissions-Policy"] = hdrPermissions
		h["Cross-Origin-Opener-Policy"] = hdrOpener
		if httpsOnly || c.Request.TLS != nil {
			h["Strict-Transport-Security"] = hdrHSTS
		}
		if strings.HasPrefix(c.Request.URL.Path, "/api/") {
			h["Content-Security-Policy"] = hdrAPIPolicy
			h["Cache-Control"] = hdrNoStore
		} else {
			h["Content-Security-Policy"] = hdrPagePolicy
		}
		c.Next()
	}
}

// cors answers cross-origin requests only for origins on the allow-list, and
// never reflects an arbitrary Origin. With an empty list the API is same-origin.
// Every API answer, and every answer to a request with an Origin, carries
// Vary: Origin, refusals included: what a cache stores for one origin must
// not be served to another.
func cors(allowed []string) gin.HandlerFunc {
	return func(c *gin.Context) {
		origin := headerValue(c.Request.Header, "Origin")
		if origin != "" || strings.HasPrefix(c.Request.URL.Path, "/api/") {
			h := c.Writer.Header()
			if v, ok := h["Vary"]; ok {
				h["Vary"] = append(v, "Origin")
			} else {
				h["Vary"] = hdrVaryOrigin
			}
		}
		if origin == "" || !slices.Contains(allowed, origin) {
			if c.Request.Method == http.MethodOptions && origin != "" && c.GetHeader("Access-Control-Request-Method") != "" {
				c.AbortWithStatus(http.StatusForbidden)
				return
			}
			c.Next()
			return
		}
		h := c.Writer.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Allow-Credentials", "true")
		h.Set("Access-Control-Expose-Headers", "ETag, Retry-After, X-Request-ID, Idempotent-Replayed")
		if c.Request.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID, X-Request-ID")
			h.Set("Access-Control-Max-Age", "600")
			c.AbortWithStatus(http.StatusNoContent)
			return
		}
		c.Next()
	}
}

// DefaultBodyLimit bounds request bodies of routes without their own limit.
const DefaultBodyLimit = 1 << 20

// bodyLimit caps request bodies by route so a client cannot exhaust memory.
func bodyLimit(log *slog.Logger, limits map[string]int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.Body != nil && c.Request.Body != http.NoBody {
			n, ok := limits[c.Request.Method+" "+c.FullPath()]
			if !ok {
				n = DefaultBodyLimit
			}
			if c.Request.ContentLength > n {
				writeError(c, log, fault.New(fault.TooLarge, "Request body too large").WithReason("body_too_large"))
				return
			}
			c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		}
		c.Next()
	}
}
