package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

func testConfig(t testing.TB, extra map[string]string) Config {
	t.Helper()
	env := map[string]string{"INTERNO_DATA_DIR": t.TempDir(), "INTERNO_RATE_LIMITS": "off", "INTERNO_LOG_LEVEL": "warn",
		"INTERNO_SHUTDOWN_TIMEOUT": "5s"}
	for k, v := range extra {
		env[k] = v
	}
	cfg, err := loadConfig(env)
	if err != nil {
		t.Fatal(err)
	}
	// No test resolves a name: push endpoints in tests are IP literals.
	cfg.pushLookup = func(_ context.Context, host string) ([]netip.Addr, error) {
		return nil, &net.DNSError{Err: "no DNS in tests", Name: host, IsNotFound: true}
	}
	return cfg
}

// TestApp_GracefulShutdown starts the real app, begins a request that is
// still running when the stop signal arrives, and checks the request
// completes, the server stops accepting connections and Run returns cleanly.
func TestApp_GracefulShutdown(t *testing.T) {
	cfg := testConfig(t, nil)
	a, err := newApp(context.Background(), cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.run(ctx, ln) }()

	res, err := http.Post(base+"/api/auth/register", "application/json",
		strings.NewReader(`{"email":"anna@example.com","password":"password123","name":"Anna"}`))
	if err != nil {
		t.Fatal(err)
	}
	var reg map[string]any
	_ = json.NewDecoder(res.Body).Decode(&reg)
	res.Body.Close()

	inFlight := make(chan struct{})
	a.http.SetAfterCommitHook(func(*gin.Context) {
		close(inFlight)
		time.Sleep(700 * time.Millisecond)
	})
	type result struct {
		status int
		err    error
	}
	got := make(chan result, 1)
	go func() {
		req, _ := http.NewRequest("PUT", base+"/api/users/me", bytes.NewReader([]byte(`{"location":"Napoli"}`)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+reg["access_token"].(string))
		req.Header.Set("Idempotency-Key", "slow-1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- result{err: err}
			return
		}
		res.Body.Close()
		got <- result{status: res.StatusCode}
	}()
	<-inFlight
	stop()
	r := <-got
	if r.err != nil || r.status != 200 {
		t.Fatalf("in-flight request was cut short: %+v", r)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop")
	}
	if _, err := http.Get(base + "/api/health"); err == nil {
		t.Fatal("server still accepts connections after shutdown")
	}
}

func TestLoadConfig(t *testing.T) {
	cfg := testConfig(t, map[string]string{"INTERNO_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.1", "INTERNO_BASE_URL": "https://interno.example/"})
	if cfg.Addr != ":8080" || cfg.Timezone != "Europe/Rome" || cfg.BaseURL != "https://interno.example" || len(cfg.TrustedProxies) != 2 {
		t.Fatalf("%+v", cfg)
	}
	for k, v := range map[string]string{"INTERNO_TRUSTED_PROXIES": "not-an-ip", "INTERNO_CORS_ORIGINS": "https://a.example/path",
		"INTERNO_LOG_LEVEL": "loud", "INTERNO_CALL_BASE_URL": "jitsi"} {
		if _, err := loadConfig(map[string]string{"INTERNO_DATA_DIR": t.TempDir(), k: v}); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%s: %v", k, v, err)
		}
	}
}

// TestFaultInjectionConfig checks the fault switch is off unless asked for,
// refuses a value that is not a boolean, and when on reaches the router
// (the control endpoint exists) while off it does not.
func TestFaultInjectionConfig(t *testing.T) {
	if cfg := testConfig(t, nil); cfg.FaultInjection {
		t.Fatal("fault injection is on by default")
	}
	if _, err := loadConfig(map[string]string{"INTERNO_DATA_DIR": t.TempDir(), "INTERNO_FAULT_INJECTION": "maybe"}); err == nil ||
		!strings.Contains(err.Error(), "INTERNO_FAULT_INJECTION") {
		t.Fatalf("bad boolean: %v", err)
	}
	for value, want := range map[string]int{"false": http.StatusNotFound, "true": http.StatusOK} {
		cfg := testConfig(t, map[string]string{"INTERNO_FAULT_INJECTION": value})
		var logs bytes.Buffer
		a, err := newApp(context.Background(), cfg, &logs)
		if err != nil {
			t.Fatal(err)
		}
		w := httptest.NewRecorder()
		a.http.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/api/_faults", nil))
		a.close()
		if w.Code != want {
			t.Errorf("INTERNO_FAULT_INJECTION=%s: GET /api/_faults %d, want %d", value, w.Code, want)
		}
		if warned := strings.Contains(logs.String(), "INTERNO_FAULT_INJECTION is on"); warned != (value == "true") {
			t.Errorf("INTERNO_FAULT_INJECTION=%s: start-up warning logged %v", value, warned)
		}
	}
}

func TestJWTSecretIsGeneratedOnceAndKept(t *testing.T) {
	cfg := testConfig(t, nil)
	a, err := cfg.jwtSecret()
	if err != nil {
		t.Fatal(err)
	}
	b, err := cfg.jwtSecret()
	if err != nil || string(a) != string(b) || len(a) < 32 {
		t.Fatalf("secret not stable: %q %q %v", a, b, err)
	}
}
