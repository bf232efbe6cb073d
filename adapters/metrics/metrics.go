// Package metrics is Interno's Prometheus adapter: one registry with the
// process and Go runtime collectors, the HTTP, idempotency, event-stream and
// image-processing observations the other adapters report through small
// function hooks (they never import this package), the database pool, and the
// e-mail and push queues read at scrape time. Handler serves the text format.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

const namespace = "interno"

// Registry holds every metric of one instance.
type Registry struct {
	reg       *prometheus.Registry
	requests  *prometheus.HistogramVec
	throttled *prometheus.CounterVec
	replays   prometheus.Counter
	streams   prometheus.Gauge
	images    prometheus.Histogram
	// observers caches the request histogram's series per method, route
	// template and status (a bounded set: the routes are templates), so a
	// request does not hash and look up its three labels again.
	observers sync.Map // requestSeries → prometheus.Observer
}

// requestSeries names one series of the request histogram.
type requestSeries struct {
	method, route string
	status        int
}

// New builds a registry with the Go runtime and process collectors.
func New(version string) *Registry {
	reg := prometheus.NewRegistry()
	r := &Registry{
		reg: reg,
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Duration of API requests by method, route template and status code.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route", "status"}),
		throttled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Subsystem: "http", Name: "throttled_requests_total",
			Help: "Requests refused with 429 by a rate limit or the sign-in backoff, by route template.",
		}, []string{"route"}),
		replays: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: namespace, Subsystem: "http", Name: "idempotent_replays_total",
			Help: "Responses replayed for a repeated Idempotency-Key instead of running the request again.",
		}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: namespace, Subsystem: "events", Name: "open_streams",
			Help: "Server-sent event streams open on this instance.",
		}),
		images: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: namespace, Subsystem: "images", Name: "processing_seconds",
			Help:    "Duration of one libvips job (upload ingest or resized variant), the wait for a slot excluded.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}),
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: namespace, Name: "build_info", Help: "Always 1; the version label names the running build.",
		ConstLabels: prometheus.Labels{"version": version},
	})
	build.Set(1)
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		r.requests, r.throttled, r.replays, r.streams, r.images, build)
	return r
}

// Request records one API request. route is the template ("/api/designers/:id"),
// never the raw path, so the label set stays bounded.
func (r *Registry) Request(method, route string, status int, d time.Duration) {
	key := requestSeries{method, route, status}
	obs, ok := r.observers.Load(key)
	if !ok {
		obs, _ = r.observers.LoadOrStore(key, r.requests.WithLabelValues(method, route, strconv.Itoa(status)))
	}
	obs.(prometheus.Observer).Observe(d.Seconds())
	if status == http.StatusTooManyRequests {
		r.throttled.WithLabelValues(route).Inc()
	}
}

// Replay records a response replayed for a repeated Idempotency-Key.
func (r *Registry) Replay() { r.replays.Inc() }

// StreamOpened and StreamClosed track the open event streams.
func (r *Registry) StreamOpened() { r.streams.Inc() }

// StreamClosed is StreamOpened's pair.
func (r *Registry) StreamClosed() { r.streams.Dec() }

// ImageProcessed records one libvips job.
func (r *Registry) ImageProcessed(d time.Duration) { r.images.Observe(d.Seconds()) }

// DBPool exports the connection pool's statistics (open, in use, idle, waits).
func (r *Registry) DBPool(db *sql.DB) {
	r.reg.MustRegister(collectors.NewDBStatsCollector(db, namespace))
}

// Backlog reads a durable queue at now: the jobs waiting (not sent, not
// dead, scheduled ones included) and the send time of the oldest one already
// due (zero when none is due).
type Backlog func(ctx context.Context, now time.Time) (waiting int64, oldestDue time.Time, err error)

// Queue exports a durable queue's depth and how late its oldest due job is,
// read from the database at each scrape (with a short timeout; a failed read
// is logged and the queue's series are left out of that scrape).
func (r *Registry) Queue(name string, read Backlog, now func() time.Time, log *slog.Logger) {
	r.reg.MustRegister(&queueCollector{
		read: read, now: now, log: log, name: name,
		depth: prometheus.NewDesc(prometheus.BuildFQName(namespace, "queue", "waiting_jobs"),
			"Jobs of a durable queue not yet sent (due or scheduled), dead ones excluded.", nil, prometheus.Labels{"queue": name}),
		age: prometheus.NewDesc(prometheus.BuildFQName(namespace, "queue", "oldest_due_age_seconds"),
			"How long the oldest due job of a durable queue has been waiting past its send time; 0 when none is due.", nil, prometheus.Labels{"queue": name}),
	})
}

type queueCollector struct {
	name       string
	read       Backlog
	now        func() time.Time
	log        *slog.Logger
	depth, age *prometheus.Desc
}

func (q *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- q.depth; ch <- q.age }

func (q *queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	now := q.now()
	n, oldest, err := q.read(ctx, now)
	if err != nil {
		q.log.Warn("metrics: reading a queue failed", "queue", q.name, "error", err)
		return
	}
	age := 0.0
	if !oldest.IsZero() {
		age = max(0, now.Sub(oldest).Seconds())
	}
	ch <- prometheus.MustNewConstMetric(q.depth, prometheus.GaugeValue, float64(n))
	ch <- prometheus.MustNewConstMetric(q.age, prometheus.GaugeValue, age)
}

// Handler serves the registry in Prometheus' text format.
func (r *Registry) Handler() http.Handler {
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{Registry: r.reg})
}
