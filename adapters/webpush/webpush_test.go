package webpush_test

import (
	"context"
	"encoding/json"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"interno/adapters/webpush"
	"interno/adapters/webpush/pushtest"
	"interno/core/fault"
	"interno/core/push"
)

func TestGuard_Allowed(t *testing.T) {
	strict, tests := webpush.Guard{}, webpush.Guard{AllowLoopback: true}
	for addr, want := range map[string]bool{
		"142.250.180.10": true, "2a00:1450:4002:402::200a": true,
		"127.0.0.1": false, "::1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "fe80::1": false, "fc00::1": false, "0.0.0.0": false, "::": false,
		"100.64.0.1": false, "224.0.0.1": false, "ff02::1": false, "255.255.255.255": false, "::ffff:10.0.0.1": false,
		"::ffff:127.0.0.1": false, "64:ff9b::a00:1": false, "198.18.0.1": false, "2001:db8::1": false,
	} {
		if got := strict.Allowed(netip.MustParseAddr(addr)); got != want {
			t.Errorf("%s: allowed %v, want %v", addr, got, want)
		}
	}
	if !tests.Allowed(netip.MustParseAddr("127.0.0.1")) || tests.Allowed(netip.MustParseAddr("10.0.0.1")) {
		t.Error("the tests-only switch admits loopback and nothing else")
	}
}

func TestGuard_Check(t *testing.T) {
	ctx := context.Background()
	lookup := func(_ context.Context, host string) ([]netip.Addr, error) {
		switch host {
		case "push.example":
			return []netip.Addr{netip.MustParseAddr("142.250.180.10")}, nil
		case "mixed.example":
			return []netip.Addr{netip.MustParseAddr("142.250.180.10"), netip.MustParseAddr("10.0.0.7")}, nil
		case "loop.example":
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	strict := webpush.Guard{Lookup: lookup}
	loose := webpush.Guard{Lookup: lookup, AllowLoopback: true}
	for _, c := range []struct {
		g        webpush.Guard
		endpoint string
		reason   string
	}{
		{strict, "https://push.example/fcm/send/abc", ""},
		{strict, "https://push.example:443/abc", ""},
		{strict, "http://push.example/abc", "invalid_subscription"},
		{strict, "https://push.example:8443/abc", "invalid_subscription"},
		{strict, "https://mixed.example/abc", "endpoint_not_allowed"},
		{strict, "https://loop.example/abc", "endpoint_not_allowed"},
		{strict, "https://127.0.0.1/abc", "endpoint_not_allowed"},
		{strict, "https://[::1]/abc", "endpoint_not_allowed"},
		{strict, "https://10.0.0.1/abc", "endpoint_not_allowed"},
		{strict, "https://169.254.169.254/latest/meta-data", "endpoint_not_allowed"},
		{strict, "https://nowhere.invalid/abc", "endpoint_not_allowed"},
		{loose, "http://127.0.0.1:9999/push/abc", ""},
		{loose, "http://loop.example:9999/push/abc", ""},
		{loose, "http://push.example/abc", "invalid_subscription"},
		{loose, "https://192.168.0.1/abc", "endpoint_not_allowed"},
	} {
		err := c.g.Check(ctx, c.endpoint)
		if c.reason == "" {
			if err != nil {
				t.Errorf("%s refused: %v", c.endpoint, err)
			}
			continue
		}
		f, ok := fault.As(err)
		if !ok || f.Code != fault.Invalid || f.Reason != c.reason {
			t.Errorf("%s (loopback %v): %v, want reason %s", c.endpoint, c.g.AllowLoopback, err, c.reason)
		}
	}
	failing := webpush.Guard{Lookup: func(context.Context, string) ([]netip.Addr, error) {
		return nil, &net.DNSError{Err: "timeout", IsTimeout: true}
	}}
	if err := failing.Check(ctx, "https://push.example/abc"); fault.CodeOf(err) != fault.Unavailable {
		t.Errorf("a DNS timeout is not the client's fault: %v", err)
	}
}

// TestGuard_RebindingIsRefusedAtSend registers a host that resolves to a
// public address, then lets it resolve to loopback at send time: the sender
// never connects, and the device is reported gone.
func TestGuard_RebindingIsRefusedAtSend(t *testing.T) {
	keys := testKeys(t)
	svc := pushtest.New(t, keys.Public)
	dev := svc.Device()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(svc.URL, "http://"))
	var mu sync.Mutex
	calls := 0
	guard := webpush.Guard{Lookup: func(context.Context, string) ([]netip.Addr, error) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if calls == 1 {
			return []netip.Addr{netip.MustParseAddr("142.250.180.10")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}}
	endpoint := "https://rebind.example/push/" + dev.ID
	if err := guard.Check(context.Background(), endpoint); err != nil {
		t.Fatal(err)
	}
	sender := webpush.NewSender(keys, "mailto:ops@interno.test", guard)
	// The endpoint's port is the test server's, so a connection to 127.0.0.1 would reach it.
	job := push.Job{ID: 1, Payload: []byte(`{}`), Endpoint: "http://rebind.example:" + port + "/push/" + dev.ID, P256dh: dev.P256dh, Auth: dev.Auth}
	if r := sender.Send(context.Background(), job, time.Minute); r.Outcome != push.Gone {
		t.Fatalf("%+v", r)
	}
	if got := svc.Received(dev); len(got) != 0 {
		t.Fatalf("the rebinding host reached the loopback service: %+v", got)
	}
}

func testKeys(t *testing.T) webpush.Keys {
	t.Helper()
	k, err := webpush.LoadOrCreateKeys(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestKeys(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	got := make([]webpush.Keys, 6)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k, err := webpush.LoadOrCreateKeys(dir)
			if err != nil {
				t.Error(err)
			}
			got[i] = k
		}()
	}
	wg.Wait()
	for _, k := range got[1:] {
		if k != got[0] {
			t.Fatal("instances starting together generated different keys")
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, webpush.KeyFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("%v %v", fi, err)
	}
	if k, _ := webpush.LoadOrCreateKeys(dir); k != got[0] {
		t.Fatal("keys changed on restart")
	}
	if _, err := webpush.ParseKeys(got[0].Public, got[0].Private+"=="); err != nil {
		t.Fatalf("padded private key refused: %v", err)
	}
	other := testKeys(t)
	for _, c := range [][2]string{{"", got[0].Private}, {got[0].Public, ""}, {other.Public, got[0].Private}, {got[0].Public, "c2hvcnQ"}, {"bm90LWEta2V5", got[0].Private}} {
		if _, err := webpush.ParseKeys(c[0], c[1]); err == nil {
			t.Errorf("accepted %q / %q", c[0], c[1])
		}
	}
	for configured, want := range map[string]string{"": "https://interno.example", "mailto:ops@interno.example": "mailto:ops@interno.example",
		"https://interno.example/contact": "https://interno.example/contact"} {
		if got, err := webpush.Subject(configured, "https://interno.example"); err != nil || got != want {
			t.Errorf("%q: %q %v", configured, got, err)
		}
	}
	if got, _ := webpush.Subject("", "http://localhost:8080"); got != "mailto:webpush@localhost" {
		t.Errorf("%q", got)
	}
	for _, bad := range []string{"ops@interno.example", "mailto:not an address", "http://interno.example"} {
		if _, err := webpush.Subject(bad, "https://interno.example"); err == nil {
			t.Errorf("accepted subject %q", bad)
		}
	}
}

// TestSender drives the real sender against the local push service: the
// VAPID JWT verifies, the body decrypts to the payload, headers carry TTL,
// Urgency and Topic, and the service's answers map to outcomes.
func TestSender(t *testing.T) {
	keys := testKeys(t)
	svc := pushtest.New(t, keys.Public)
	dev := svc.Device()
	sender := webpush.NewSender(keys, "mailto:ops@interno.test", webpush.Guard{AllowLoopback: true})
	payload, _ := json.Marshal(map[string]any{"v": 1, "type": "show", "title": "Nuovo messaggio da Anna", "body": "Ciao! È libero giovedì?"})
	job := push.Job{ID: 1, Payload: payload, Topic: "contact-7", Urgency: push.High, Endpoint: dev.Endpoint, P256dh: dev.P256dh, Auth: dev.Auth}
	ctx := context.Background()

	if r := sender.Send(ctx, job, 90*time.Minute); r.Outcome != push.Delivered {
		t.Fatalf("%+v %+v", r, svc.Errors())
	}
	got := svc.Accepted(dev)
	if len(got) != 1 || string(got[0].Payload) != string(payload) || got[0].TTL != 5400 || got[0].Urgency != "high" ||
		got[0].Topic != "contact-7" || got[0].Subject != "mailto:ops@interno.test" || got[0].BodyLength > 4096 {
		t.Fatalf("%+v", got)
	}

	svc.Script(dev, pushtest.Reply{Status: 503, RetryAfter: "7"}, pushtest.Reply{Status: 429}, pushtest.Reply{Status: 410},
		pushtest.Reply{Status: 404}, pushtest.Reply{Status: 413}, pushtest.Reply{Status: 403}, pushtest.Reply{Status: 500, RetryAfter: "soon"})
	for _, want := range []push.Result{{Outcome: push.Retry, RetryAfter: 7 * time.Second}, {Outcome: push.Retry}, {Outcome: push.Gone},
		{Outcome: push.Gone}, {Outcome: push.Rejected}, {Outcome: push.Rejected}, {Outcome: push.Retry}} {
		r := sender.Send(ctx, job, time.Minute)
		if r.Outcome != want.Outcome || r.RetryAfter != want.RetryAfter {
			t.Fatalf("%+v, want %+v", r, want)
		}
	}

	huge := job
	huge.Payload = []byte(strings.Repeat("x", 4000))
	if r := sender.Send(ctx, huge, time.Minute); r.Outcome != push.Rejected {
		t.Fatalf("an oversized payload: %+v", r)
	}
	strict := webpush.NewSender(keys, "https://interno.test", webpush.Guard{})
	if r := strict.Send(ctx, job, time.Minute); r.Outcome != push.Gone {
		t.Fatalf("loopback without the tests-only switch: %+v", r)
	}
	if n := len(svc.Received(dev)); n != 8 {
		t.Fatalf("%d requests reached the service; the refused ones must not", n)
	}
}
