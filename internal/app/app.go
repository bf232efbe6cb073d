package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"interno/adapters/backup"
	"interno/adapters/googleauth"
	"interno/adapters/httpapi"
	"interno/adapters/imaging"
	"interno/adapters/mail"
	"interno/adapters/metrics"
	"interno/adapters/pglive"
	"interno/adapters/pgnotify"
	"interno/adapters/realtime"
	"interno/adapters/store"
	"interno/adapters/webpush"
	"interno/core/designers"
	"interno/core/email"
	"interno/core/identity"
	"interno/core/live"
	"interno/core/matching"
	"interno/core/messaging"
	"interno/core/push"
	"interno/core/scheduling"
	"interno/core/trace"
	"interno/internal/artwork"
	"interno/web"
)

// app is the composition root: every adapter is built and wired here, and
// nowhere else. Tests start the same app on port 0 with a temp data dir.
type app struct {
	cfg        Config
	log        *slog.Logger
	dataLock   *backup.Lock
	db         *store.DB
	mailQueue  *store.EmailQueue
	dispatcher *mail.Dispatcher
	images     *imaging.Service
	art        *artwork.Library
	throttles  *store.ThrottleStore
	later      *deferred
	identity   *identity.Service
	designers  *designers.Service
	scheduling *scheduling.Service
	messaging  *messaging.Service
	matching   *matching.Service
	realtime   *realtime.Hub
	live       liveUpdates    // the hub, or the PostgreSQL fan-out around it
	fanout     *pglive.Fanout // nil on SQLite
	push       *push.Service
	pushes     *webpush.Dispatcher
	http       *httpapi.Server
	metrics    *metrics.Registry
	metricsLn  net.Listener
	notify     *pgnotify.Listener
	background sync.WaitGroup
}

func newLogger(cfg Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	if b, ok := w.(*bufferedLog); ok {
		h = flushOnWarn{h, b.Flush}
	}
	// Every line logged with a request's context names the request.
	return slog.New(trace.Handler(h))
}

func newApp(ctx context.Context, cfg Config, logOut io.Writer) (*app, error) {
	a := &app{cfg: cfg, log: newLogger(cfg, logOut)}
	// The shared lock marks the data directory in use, so `interno restore` refuses it.
	lock, err := backup.ShareDataDir(cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("INTERNO_DATA_DIR: %w", err)
	}
	a.dataLock = lock
	db, err := store.Open(store.Options{URL: cfg.DatabaseURL, DataDir: cfg.DataDir, Logger: a.log})
	if err != nil {
		lock.Release()
		return nil, fmt.Errorf("INTERNO_DATABASE_URL: %w", err)
	}
	a.db = db
	if n, err := db.Migrate(ctx); err != nil {
		db.Close()
		lock.Release()
		return nil, err
	} else if n > 0 {
		a.log.Info("database migrated", "applied", n, "dialect", db.Dialect())
	}
	if err := a.wire(); err != nil {
		db.Close()
		lock.Release()
		return nil, err
	}
	return a, nil
}

func (a *app) wire() error {
	cfg := a.cfg
	a.mailQueue = store.NewEmailQueue(a.db)
	var sender email.Sender
	if cfg.smtp != nil {
		s, err := mail.NewSMTPSender(*cfg.smtp, mail.SenderOptions{})
		if err != nil {
			return fmt.Errorf("INTERNO_SMTP_URL: %w", err)
		}
		sender = s
	} else {
		o, err := mail.NewFileOutbox(filepath.Join(cfg.DataDir, "outbox"), mail.OutboxOptions{Logger: a.log})
		if err != nil {
			return fmt.Errorf("INTERNO_DATA_DIR: %w", err)
		}
		sender = o
	}
	a.dispatcher = mail.NewDispatcher(mailStore{a.mailQueue}, sender, mail.DispatcherOptions{Logger: a.log})
	a.metrics = a.newMetrics()

	uploadStore, cacheStore, err := a.openStores()
	if err != nil {
		return err
	}
	images, err := imaging.New(imaging.Config{
		Uploads:  uploadStore,
		StyleDir: filepath.Join(cfg.DataDir, "styles"),
		Cache:    cacheStore,
		Observe:  a.metrics.ImageProcessed,
	})
	if err != nil {
		return fmt.Errorf("INTERNO_DATA_DIR: images: %w", err)
	}
	a.images = images
	a.art = artwork.NewLibrary(filepath.Join(cfg.DataDir, "styles"), stylePictures()...)
	if n, err := a.art.Prune(); err != nil {
		a.log.Warn("pruning style pictures failed", "error", err)
	} else if n > 0 {
		a.log.Info("style pictures pruned", "removed", n)
	}
	// Counters live in the database, so every instance on it counts the same attempts.
	a.throttles = store.NewThrottleStore(a.db)
	a.later = newDeferred(a.log)
	var lockout *identity.Lockout
	if !cfg.rateLimits.Off {
		lockout = identity.NewLockout(identity.DefaultLockout, a.throttles, time.Now)
	}

	secret, err := cfg.jwtSecret()
	if err != nil {
		return err
	}
	tokens, err := identity.NewTokens(secret, time.Now)
	if err != nil {
		return fmt.Errorf("INTERNO_JWT_SECRET: %w", err)
	}
	var google identity.GoogleVerifier
	if cfg.GoogleClientID != "" {
		google = googleauth.New(googleauth.Config{ClientID: cfg.GoogleClientID, JWKSURL: cfg.GoogleJWKSURL})
	}
	a.identity = identity.NewService(identity.Deps{
		Users: store.NewUserRepo(a.db), Resets: store.NewResetRepo(a.db), Pictures: profilePictures{images},
		Mail: wakingQueue{a.mailQueue, a.dispatcher}, Tx: a.db, Hasher: identity.NewPasswordHasher(identity.DefaultArgon2, 2),
		Tokens: tokens, Google: google, BaseURL: cfg.BaseURL,
		Lockout: lockout, Revoked: store.NewRevocationRepo(a.db), Later: a.later,
	})

	a.designers = designers.NewService(store.NewDesignerRepo(a.db), a.identity, designerImages{images}, a.db)
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return a.designers.RemoveFilesOf(ctx, u.ID) })
	// One event hub for the server-sent events of every capability (chat, appointments);
	// on PostgreSQL, LISTEN/NOTIFY spreads its events to every instance of the database.
	a.realtime = realtime.NewHub(realtime.DefaultHistory)
	a.live = a.realtime
	if a.db.Dialect() == store.Postgres {
		if a.fanout, err = pglive.New(context.Background(), cfg.DatabaseURL, a.realtime, pglive.Options{Log: a.log}); err != nil {
			return fmt.Errorf("INTERNO_DATABASE_URL: %w", err)
		}
		a.live = a.fanout
	}
	if a.push, a.pushes, err = a.newPush(time.Now); err != nil {
		return err
	}
	// Logout everywhere and a password reset end the account's push devices with its sessions.
	a.identity.OnSessionsEnded(a.push.ForgetDevices)
	a.scheduling = a.newScheduling()
	a.messaging = a.newMessaging()
	a.matching = a.newMatching()
	if a.notify, err = a.newNotifications(context.Background()); err != nil {
		return err
	}
	if a.fanout != nil {
		// One listening connection per instance: the live events ride on
		// the designers' announcements' listener.
		a.fanout.Listen(a.notify)
	}

	srv, err := httpapi.New(httpapi.Config{
		BaseURL: cfg.BaseURL, TrustedProxies: cfg.TrustedProxies, CORSOrigins: cfg.CORSOrigins,
		RateLimits: cfg.rateLimits, Version: version, AnalyticsID: cfg.AnalyticsID, GoogleClientID: cfg.GoogleClientID,
		TicketSecret: secret, FaultInjection: cfg.FaultInjection, ImageWidths: imaging.Widths(),
	}, httpapi.Deps{
		Log: a.log, DB: a.db, Tx: a.db, Idempotency: idempotencyStore{store.NewIdempotencyRepo(a.db)},
		Web: web.Dist(), Identity: a.identity, Designers: a.designers, Uploads: uploads{images, a.art},
		Scheduling: a.scheduling, Matching: a.matching, Admin: a.newAdmin(), Engagement: a.newEngagement(), Messaging: a.messaging,
		Events: a.live, Throttles: a.throttles, Push: a.push,
		Observe: a.metrics, Metrics: a.publicMetrics(),
	})
	if err != nil {
		return fmt.Errorf("INTERNO_TRUSTED_PROXIES: %w", err)
	}
	a.http = srv
	if cfg.FaultInjection {
		a.log.Warn("INTERNO_FAULT_INJECTION is on: POST /api/_faults lets anyone make this server fail requests after committing them; tests only, never in production")
	}
	if cfg.PushAllowLoopback {
		a.log.Warn("INTERNO_PUSH_ALLOW_LOOPBACK is on: push subscriptions may point at loopback addresses over plain http, so anyone can make this server post to its own ports; tests only, never in production")
	}
	return nil
}

// startBackground runs the e-mail and push dispatchers, deferred work and
// housekeeping until ctx ends.
func (a *app) startBackground(ctx context.Context) {
	a.runNotifications(ctx)
	a.background.Add(4)
	go func() {
		defer a.background.Done()
		a.later.run(ctx)
	}()
	go func() {
		defer a.background.Done()
		if err := a.dispatcher.Run(ctx); err != nil {
			a.log.Error("mail dispatcher stopped", "error", err)
		}
	}()
	go func() {
		defer a.background.Done()
		if err := a.pushes.Run(ctx); err != nil {
			a.log.Error("push dispatcher stopped", "error", err)
		}
	}()
	go func() {
		defer a.background.Done()
		a.housekeeping(ctx)
	}()
}

// liveUpdates is what the app's live-update hub offers the services and the
// HTTP layer (core/live).
type liveUpdates interface {
	live.Publisher
	live.Subscriber
}

// housekeeping drops idempotency records past their 7-day retention,
// revocations of tokens that have expired anyway, expired throttle counters,
// and finished push jobs older than 8 days.
func (a *app) housekeeping(ctx context.Context) {
	repo := store.NewIdempotencyRepo(a.db)
	revoked := store.NewRevocationRepo(a.db)
	pushes := store.NewPushRepo(a.db)
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := repo.Purge(ctx, time.Now().Add(-8*24*time.Hour)); err != nil && ctx.Err() == nil {
			a.log.Warn("idempotency purge failed", "error", err)
		} else if n > 0 {
			a.log.Info("idempotency records purged", "count", n)
		}
		if n, err := revoked.Purge(ctx, time.Now().Add(-identity.TokenLeeway-time.Minute)); err != nil && ctx.Err() == nil {
			a.log.Warn("revoked-token purge failed", "error", err)
		} else if n > 0 {
			a.log.Info("revoked tokens purged", "count", n)
		}
		if n, err := a.throttles.Purge(ctx, time.Now()); err != nil && ctx.Err() == nil {
			a.log.Warn("throttle purge failed", "error", err)
		} else if n > 0 {
			a.log.Info("expired throttle counters purged", "count", n)
		}
		if n, err := pushes.PurgeJobs(ctx, time.Now().Add(-8*24*time.Hour)); err != nil && ctx.Err() == nil {
			a.log.Warn("push job purge failed", "error", err)
		} else if n > 0 {
			a.log.Info("finished push jobs purged", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (a *app) close() {
	if a.fanout != nil {
		a.fanout.Close()
	}
	if err := a.db.Close(); err != nil {
		a.log.Warn("closing database", "error", err)
	}
	_ = a.dataLock.Release()
}

// serve runs the HTTP server until ctx is cancelled (SIGINT/SIGTERM), then
// lets in-flight requests finish within the shutdown timeout, stops
// background work and closes the database.
func serve(ctx context.Context, cfg Config, logOut io.Writer) error {
	if !web.Built() {
		return errors.New(web.ErrNotBuilt)
	}
	logs := newBufferedLog(logOut, logFlushInterval)
	defer logs.Close()
	a, err := newApp(ctx, cfg, logs)
	if err != nil {
		return err
	}
	defer a.close()
	if cfg.Demo {
		if err := a.seedDemo(ctx, io.Discard); err != nil {
			return fmt.Errorf("INTERNO_DEMO: seeding demo data: %w", err)
		}
		go a.prepaint(ctx)
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("INTERNO_ADDR: %w", err)
	}
	if err := a.listenMetrics(); err != nil {
		ln.Close()
		return err
	}
	return a.run(ctx, ln)
}

func (a *app) run(ctx context.Context, ln net.Listener) error {
	bg, stopBG := context.WithCancel(context.Background())
	a.startBackground(bg)
	stopMetrics := a.serveMetrics()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		stopMetrics(ctx)
	}()
	hs := &http.Server{
		Handler:           a.http.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
	}
	a.log.Info("listening", "addr", ln.Addr().String(), "url", a.cfg.BaseURL, "dialect", a.db.Dialect(), "version", version)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		stopBG()
		a.background.Wait()
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down", "timeout", a.cfg.ShutdownTimeout.String())
	a.http.CloseStreams()
	sctx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	stopBG()
	a.background.Wait()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	a.log.Info("stopped")
	return nil
}
