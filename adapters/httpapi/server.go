// Package httpapi is Interno's HTTP adapter: the Gin router, middleware, JSON
// shapes and error mapping of the API under /api, and the embedded web app for
// every other path. Handlers decode, call one use case, and encode.
package httpapi

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/admin"
	"interno/core/designers"
	"interno/core/engagement"
	"interno/core/identity"
	"interno/core/live"
	"interno/core/matching"
	"interno/core/messaging"
	"interno/core/push"
	"interno/core/scheduling"
	"interno/core/throttle"
	"interno/core/unitofwork"
)

// Config holds the HTTP-level settings.
type Config struct {
	BaseURL        string
	TrustedProxies []string
	CORSOrigins    []string
	RateLimits     RateLimits
	Version        string
	// Public client settings served at /api/config.
	AnalyticsID    string
	GoogleClientID string
	Clock          func() time.Time
	// TicketSecret, when set, derives the key that signs event-stream
	// tickets, so every instance sharing it accepts the same tickets;
	// empty means a random key per process.
	TicketSecret []byte
	// FaultInjection turns on the fault switch of the offline tests
	// (POST/GET/DELETE /api/_faults). Never in production.
	FaultInjection bool
	// ImageWidths are the widths the resize endpoint accepts, smallest
	// first (the imaging adapter's list, wired in internal/app): the profile
	// page's avatar preload builds its srcset from them; none, no preload.
	ImageWidths []int
}

// Pinger checks the database for the readiness probe.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps are the use cases and infrastructure the handlers call.
type Deps struct {
	Log         *slog.Logger
	DB          Pinger
	Tx          unitofwork.Transactor
	Idempotency IdempotencyStore
	Web         fs.FS
	Identity    *identity.Service
	Designers   *designers.Service
	Uploads     Uploads
	Scheduling  *scheduling.Service
	Admin       *admin.Service
	Engagement  *engagement.Service
	Messaging   *messaging.Service
	Matching    *matching.Service
	// Events feeds GET /api/events (server-sent events, wire format in
	// events.go); nil turns it off.
	Events live.Subscriber
	// Throttles keeps the rate limits' counters; nil keeps them in memory.
	Throttles throttle.Store
	// Push serves /api/push (Web Push devices and preferences); nil turns it off.
	Push *push.Service
	// Observe receives what the HTTP layer measures (metrics); nil records nothing.
	Observe Observer
	// Metrics, when set, serves GET /metrics on this listener to admins only;
	// nil answers 404 there (metrics off, or on their own listener).
	Metrics http.Handler
}

// Observer receives the HTTP layer's measurements. route is the route
// template ("/api/designers/:id"), "unmatched" for unknown API paths.
type Observer interface {
	Request(method, route string, status int, d time.Duration)
	Replay()
	StreamOpened()
	StreamClosed()
}

type noObserver struct{}

func (noObserver) Request(string, string, int, time.Duration) {}
func (noObserver) Replay()                                    {}
func (noObserver) StreamOpened()                              {}
func (noObserver) StreamClosed()                              {}

// Server owns the router and the dependencies handlers use.
type Server struct {
	cfg    Config
	d      Deps
	engine *gin.Engine
	// handler is the engine behind the JSON compressor (compress.go).
	handler http.Handler
	idem    *idempotency
	limits  limiters
	// bodyLimits overrides DefaultBodyLimit per "METHOD /route/:pattern".
	bodyLimits map[string]int64
	// streams is cancelled at shutdown so long-lived responses (server-sent
	// events) end and the server can drain.
	streams      context.Context
	closeStreams context.CancelFunc
	// ticketKey signs the short-lived tickets of the event stream.
	ticketKey []byte
}

func init() { gin.SetMode(gin.ReleaseMode) }

// New builds the router with every route of the API and the web app.
func New(cfg Config, d Deps) (*Server, error) {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if d.Observe == nil {
		d.Observe = noObserver{}
	}
	s := &Server{cfg: cfg, d: d, bodyLimits: map[string]int64{}}
	s.streams, s.closeStreams = context.WithCancel(context.Background())
	if d.Throttles == nil {
		d.Throttles = throttle.NewMemory(0, cfg.Clock)
		s.d.Throttles = d.Throttles
	}
	s.limits = newLimiters(cfg.RateLimits, d.Throttles, cfg.Clock)
	e := gin.New()
	e.HandleMethodNotAllowed = true
	e.ContextWithFallback = true
	if err := e.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return nil, err
	}
	if len(cfg.TrustedProxies) == 0 {
		e.ForwardedByClientIP = false
	}
	s.idem = &idempotency{store: d.Idempotency, tx: d.Tx, log: d.Log, exempt: func(method, path string) bool {
		// Auth endpoints answer with credentials, which are never stored.
		return strings.HasPrefix(path, "/api/auth/") || path == faultsPath
	}, replayed: d.Observe.Replay}
	e.Use(requestID(), accessLog(d.Log, d.Observe, e.ForwardedByClientIP), recovery(d.Log),
		securityHeaders(strings.HasPrefix(cfg.BaseURL, "https://")), cors(cfg.CORSOrigins))
	if d.Identity != nil {
		e.Use(authenticate(d.Identity))
	}
	e.Use(routeThrottle(d.Log, s.limits.byRoute), newHeavyBodies(d.Log, s.bodyLimits).handle, bodyLimit(d.Log, s.bodyLimits), textGuard(d.Log))
	var faults *faultSwitch
	if cfg.FaultInjection {
		// Before the idempotency layer, so a fault acts only once the
		// response has been committed and stored for replays.
		faults = &faultSwitch{log: d.Log}
		e.Use(faults.handle)
	}
	if d.Idempotency != nil && d.Tx != nil {
		e.Use(s.idem.handle)
	}
	e.Use(renderErrors(d.Log))

	// /metrics is never the web app: admins only here, or 404 when metrics
	// are off or served on their own listener (INTERNO_METRICS_ADDR).
	if d.Metrics != nil {
		e.GET("/metrics", requireAdmin, gin.WrapH(d.Metrics))
	} else {
		e.GET("/metrics", func(c *gin.Context) {
			c.AbortWithStatusJSON(http.StatusNotFound, gin.H{"detail": "Not Found", "reason": "no_route"})
		})
	}

	api := e.Group("/api")
	api.GET("/health", s.health)
	api.GET("/ready", s.ready)
	api.GET("/config", s.publicConfig)
	s.registerDocs(api)
	if faults != nil {
		faults.register(api)
	}
	if d.Identity != nil {
		s.registerAccounts(api)
	}
	if d.Designers != nil {
		s.registerDesigners(api)
	}
	if d.Uploads != nil {
		s.registerImages(api)
	}
	if d.Scheduling != nil {
		s.registerScheduling(api)
	}
	if d.Admin != nil {
		s.registerAdmin(api)
	}
	if d.Engagement != nil {
		s.registerEngagement(api)
	}
	if d.Messaging != nil {
		s.registerMessaging(api)
	}
	if d.Matching != nil && d.Designers != nil {
		s.registerMatching(api)
	}
	if d.Events != nil {
		s.registerEvents(api)
	}
	if d.Push != nil {
		s.registerPush(api)
	}

	web, err := newSPA(d.Web)
	if err != nil {
		return nil, err
	}
	web.head = s.documentHead
	e.NoRoute(func(c *gin.Context) {
		if strings.HasPrefix(c.Request.URL.Path, "/api/") || c.Request.URL.Path == "/api" {
			c.AbortWithStatusJSON(http.StatusNotFound, gin.H{"detail": "Not Found", "reason": "no_route"})
			return
		}
		web.serve(c)
	})
	e.NoMethod(func(c *gin.Context) {
		c.AbortWithStatusJSON(http.StatusMethodNotAllowed, gin.H{"detail": "Method Not Allowed", "reason": "method_not_allowed"})
	})
	s.engine = e
	if s.handler, err = compressJSON(e); err != nil {
		return nil, err
	}
	return s, nil
}

// Handler returns the root HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Routes lists every API route as "METHOD /api/path/:param", so suites that
// must cover them all (authorisation, fuzzing) can check they do.
func (s *Server) Routes() []string {
	var out []string
	for _, r := range s.engine.Routes() {
		out = append(out, r.Method+" "+r.Path)
	}
	sort.Strings(out)
	return out
}

// SetAfterCommitHook installs a test hook run between a keyed request's commit
// and its response, to simulate a crash at the worst moment.
func (s *Server) SetAfterCommitHook(fn func(c *gin.Context)) { s.idem.afterCommit = fn }

// CloseStreams ends every long-lived response so a graceful shutdown can finish.
func (s *Server) CloseStreams() { s.closeStreams() }

// limitBody raises the body limit of one route (uploads).
func (s *Server) limitBody(method, path string, n int64) { s.bodyLimits[method+" "+path] = n }

// healthBody is the answer of GET /api/health, which never changes: encoded
// once, as c.JSON would encode it, instead of on every probe.
var healthBody = func() []byte {
	b, err := json.Marshal(statusView{Status: "ok"})
	if err != nil {
		panic(err)
	}
	return b
}()

func (s *Server) health(c *gin.Context) {
	h := c.Writer.Header()
	if len(h["Content-Type"]) == 0 {
		h["Content-Type"] = hdrJSON
	}
	c.Status(http.StatusOK)
	_, _ = c.Writer.Write(healthBody)
}

func (s *Server) ready(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if s.d.DB == nil || s.d.DB.Ping(ctx) != nil {
		c.JSON(http.StatusServiceUnavailable, gin.H{"detail": "Database unreachable", "reason": "db_unreachable"})
		return
	}
	c.JSON(http.StatusOK, statusView{Status: "ready"})
}

func (s *Server) publicConfig(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, publicConfigView{AnalyticsID: s.cfg.AnalyticsID, GoogleClientID: s.cfg.GoogleClientID,
		BaseURL: s.cfg.BaseURL, Version: s.cfg.Version})
}
