package api_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The binary with INTERNO_METRICS_ADDR: Prometheus text on its own listener,
// a JSON 404 on the public one, request durations by route template, both
// queues read from the database; and one request id followed from the access
// line to the e-mail its request queued, in the JSON log, on both engines.
func TestMetricsAndRequestIDs(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			port := freePort(t)
			s := start(t, dialect, fmt.Sprintf("INTERNO_METRICS_ADDR=127.0.0.1:%d", port), "INTERNO_LOG_LEVEL=info")
			metricsURL := fmt.Sprintf("http://127.0.0.1:%d/metrics", port)

			if r := s.call("GET", "/metrics", "", nil); r.Status != 404 || r.JSON()["reason"] != "no_route" {
				t.Fatalf("public /metrics: %d %.200s", r.Status, r.Raw)
			}
			s.register("anna@example.com")
			s.must(404, "GET", "/api/designers/987654", "", nil)
			s.must(200, "POST", "/api/auth/request-password-reset", "", map[string]string{"email": "anna@example.com"},
				"X-Request-ID", "bb-reset-"+dialect)

			res, err := http.Get(metricsURL)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
				t.Fatalf("metrics listener: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
			}
			for _, want := range []string{
				`interno_http_request_duration_seconds_count{method="GET",route="/api/designers/:id",status="404"} 1`,
				`interno_http_request_duration_seconds_count{method="POST",route="/api/auth/register",status="201"} 1`,
				`interno_queue_waiting_jobs{queue="email"}`,
				`interno_queue_oldest_due_age_seconds{queue="push"} 0`,
				`go_sql_open_connections{db_name="interno"}`,
			} {
				if !strings.Contains(string(body), want) {
					t.Errorf("scrape lacks %q", want)
				}
			}

			deadline := time.Now().Add(30 * time.Second)
			for {
				var access, sent bool
				for _, l := range s.logLines("http") {
					access = access || l["request_id"] == "bb-reset-"+dialect && l["path"] == "/api/auth/request-password-reset"
				}
				for _, l := range s.logLines("e-mail sent") {
					sent = sent || l["request_id"] == "bb-reset-"+dialect && l["kind"] == "password_reset"
				}
				if access && sent {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("request id in the log: access line %v, e-mail line %v\n%s", access, sent, tail(s.logs.String(), 30))
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}
