package app

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"interno/core/identity"
)

// startApp runs the real app on a loopback listener until the test ends.
func startApp(t *testing.T, cfg Config, logs io.Writer) (*app, string) {
	t.Helper()
	a, err := newApp(context.Background(), cfg, logs)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.listenMetrics(); err != nil {
		a.close()
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.run(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		<-done
		a.close()
	})
	return a, "http://" + ln.Addr().String()
}

func get(t *testing.T, url, token string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// Without INTERNO_METRICS_ADDR, /metrics is on the main listener for admins
// only (who else may call it is in the authorisation matrix); the scrape
// names routes by template and carries the pool and both queues.
func TestMetrics_OnTheMainListenerForAdmins(t *testing.T) {
	a, base := startApp(t, testConfig(t, nil), io.Discard)
	root, err := a.identity.CreateAdmin(context.Background(), "root@example.com", "Root", "password123")
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := a.identity.Issue(root, false)
	for i := 0; i < 3; i++ {
		if code, _ := get(t, base+fmt.Sprintf("/api/designers/%d", 900+i), ""); code != 404 {
			t.Fatalf("unknown designer: %d", code)
		}
	}
	if code, body := get(t, base+"/metrics", ""); code != 401 || !strings.Contains(body, `"reason"`) {
		t.Fatalf("anonymous scrape: %d %s", code, body)
	}
	code, body := get(t, base+"/metrics", sess.Token)
	if code != 200 {
		t.Fatalf("admin scrape: %d %s", code, body)
	}
	for _, want := range []string{
		`interno_http_request_duration_seconds_count{method="GET",route="/api/designers/:id",status="404"} 3`,
		`go_sql_max_open_connections{db_name="interno"}`,
		`interno_queue_waiting_jobs{queue="email"} 0`,
		`interno_queue_waiting_jobs{queue="push"} 0`,
		`interno_events_open_streams 0`,
		`interno_build_info{version="dev"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
}

// With INTERNO_METRICS_ADDR, metrics have a listener of their own, without
// authentication, and the public listener answers /metrics with a JSON 404
// (never the web app's page).
func TestMetrics_OnTheirOwnListener(t *testing.T) {
	_, base := startAppWithMetricsAddr(t)
	if code, body := get(t, base.public+"/metrics", ""); code != 404 || !strings.Contains(body, `"no_route"`) {
		t.Fatalf("public /metrics: %d %.200s", code, body)
	}
	code, body := get(t, base.metrics+"/metrics", "")
	if code != 200 || !strings.Contains(body, "interno_http_request_duration_seconds") && !strings.Contains(body, "interno_build_info") {
		t.Fatalf("metrics listener: %d %.300s", code, body)
	}
	if code, _ := get(t, base.metrics+"/", ""); code != 404 {
		t.Errorf("the metrics listener serves more than /metrics: %d", code)
	}
}

type bases struct{ public, metrics string }

func startAppWithMetricsAddr(t *testing.T) (*app, bases) {
	t.Helper()
	a, public := startApp(t, testConfig(t, map[string]string{"INTERNO_METRICS_ADDR": "127.0.0.1:0"}), io.Discard)
	return a, bases{public: public, metrics: "http://" + a.metricsLn.Addr().String()}
}

func TestMetrics_AddressInUseStopsStartUpWithOneLine(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cfg := testConfig(t, map[string]string{"INTERNO_METRICS_ADDR": busy.Addr().String(), "INTERNO_ADDR": "127.0.0.1:0"})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = serve(ctx, cfg, io.Discard)
	if err == nil || !strings.HasPrefix(err.Error(), "INTERNO_METRICS_ADDR: ") {
		t.Fatalf("serve with a busy metrics address: %v", err)
	}
}

// One request followed through the log: the access line, and the e-mail the
// request queued, sent later by the dispatcher, carry the same request id.
func TestRequestIDFollowsTheRequestIntoTheMailJob(t *testing.T) {
	logs := &syncBuffer{}
	a, base := startApp(t, testConfig(t, map[string]string{"INTERNO_LOG_LEVEL": "info"}), logs)
	if _, err := a.identity.Register(context.Background(), identity.Registration{Email: "anna@example.com", Name: "Anna", Password: "password123"}); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", base+"/api/auth/request-password-reset", strings.NewReader(`{"email":"anna@example.com"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-ID", "trace-reset-0001")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("reset request: %d", res.StatusCode)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		var access, sent bool
		for _, line := range strings.Split(logs.String(), "\n") {
			if !strings.Contains(line, "request_id=trace-reset-0001") {
				continue
			}
			access = access || strings.Contains(line, "msg=http") && strings.Contains(line, "path=/api/auth/request-password-reset")
			sent = sent || strings.Contains(line, `msg="e-mail sent"`)
		}
		if access && sent {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 20 s: access line %v, e-mail line %v; log:\n%s", access, sent, logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
