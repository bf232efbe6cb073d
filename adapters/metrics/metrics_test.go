package metrics

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func scrape(t *testing.T, r *Registry) string {
	t.Helper()
	rec := httptest.NewRecorder()
	r.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("scrape: %d", rec.Code)
	}
	return rec.Body.String()
}

func TestRegistry_ExportsWhatTheAdaptersReport(t *testing.T) {
	r := New("v-test")
	r.Request("GET", "/api/designers/:id", 200, 3*time.Millisecond)
	r.Request("GET", "/api/designers/:id", 200, 7*time.Millisecond)
	r.Request("POST", "/api/auth/login", 429, time.Millisecond)
	r.Replay()
	r.StreamOpened()
	r.StreamOpened()
	r.StreamClosed()
	r.ImageProcessed(120 * time.Millisecond)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	r.Queue("email", func(_ context.Context, at time.Time) (int64, time.Time, error) {
		if !at.Equal(now) {
			t.Errorf("queue read at %v, want the collector's now", at)
		}
		return 4, now.Add(-42 * time.Second), nil
	}, func() time.Time { return now }, slog.New(slog.DiscardHandler))
	r.Queue("push", func(context.Context, time.Time) (int64, time.Time, error) { return 0, time.Time{}, nil },
		func() time.Time { return now }, slog.New(slog.DiscardHandler))

	out := scrape(t, r)
	for _, want := range []string{
		`interno_http_request_duration_seconds_count{method="GET",route="/api/designers/:id",status="200"} 2`,
		`interno_http_request_duration_seconds_count{method="POST",route="/api/auth/login",status="429"} 1`,
		`interno_http_throttled_requests_total{route="/api/auth/login"} 1`,
		`interno_http_idempotent_replays_total 1`,
		`interno_events_open_streams 1`,
		`interno_images_processing_seconds_count 1`,
		`interno_queue_waiting_jobs{queue="email"} 4`,
		`interno_queue_oldest_due_age_seconds{queue="email"} 42`,
		`interno_queue_waiting_jobs{queue="push"} 0`,
		`interno_queue_oldest_due_age_seconds{queue="push"} 0`,
		`interno_build_info{version="v-test"} 1`,
		`go_goroutines `,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
	if strings.Contains(out, `route="/api/designers/38"`) {
		t.Error("a raw path leaked into a route label")
	}
}

func TestRegistry_AFailedQueueReadLeavesItsSeriesOut(t *testing.T) {
	r := New("v")
	r.Queue("email", func(context.Context, time.Time) (int64, time.Time, error) {
		return 0, time.Time{}, errors.New("database is down")
	}, time.Now, slog.New(slog.NewTextHandler(io.Discard, nil)))
	out := scrape(t, r)
	if strings.Contains(out, `queue="email"`) {
		t.Errorf("a failed read exported a value:\n%s", out)
	}
	if !strings.Contains(out, "interno_build_info") {
		t.Error("one failed queue read broke the whole scrape")
	}
}
