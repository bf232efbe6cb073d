package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"interno/adapters/metrics"
	"interno/adapters/store"
)

// newMetrics builds the instance's Prometheus registry: the database pool and
// the two durable queues are read at scrape time; the HTTP layer, the image
// service and the event streams report through their hooks (wired in wire).
func (a *app) newMetrics() *metrics.Registry {
	m := metrics.New(version)
	m.DBPool(a.db.SQL())
	m.Queue("email", a.mailQueue.Backlog, time.Now, a.log)
	m.Queue("push", store.NewPushRepo(a.db).Backlog, time.Now, a.log)
	return m
}

// publicMetrics is what the main listener serves at /metrics (to admins):
// nothing when INTERNO_METRICS_ADDR gives metrics a listener of their own.
func (a *app) publicMetrics() http.Handler {
	if a.cfg.MetricsAddr != "" {
		return nil
	}
	return a.metrics.Handler()
}

// listenMetrics opens INTERNO_METRICS_ADDR when set.
func (a *app) listenMetrics() error {
	if a.cfg.MetricsAddr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", a.cfg.MetricsAddr)
	if err != nil {
		return fmt.Errorf("INTERNO_METRICS_ADDR: %w", err)
	}
	a.metricsLn = ln
	return nil
}

// serveMetrics serves GET /metrics, without authentication, on the metrics
// listener (meant for a private interface: loopback, a pod network) until
// the returned stop is called.
func (a *app) serveMetrics() (stop func(context.Context)) {
	if a.metricsLn == nil {
		return func(context.Context) {}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", a.metrics.Handler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	a.log.Info("metrics listening", "addr", a.metricsLn.Addr().String())
	go func() {
		if err := hs.Serve(a.metricsLn); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.log.Error("metrics listener stopped", "error", err)
		}
	}()
	return func(ctx context.Context) { _ = hs.Shutdown(ctx) }
}
