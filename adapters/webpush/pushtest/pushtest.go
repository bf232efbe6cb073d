// Package pushtest is a local push service for tests: an HTTP server on
// loopback acting as the RFC 8030 endpoint of test devices. For every push it
// checks the VAPID authorization (RFC 8292: the ES256 JWT's signature against
// the server's public key, its audience, expiry and subject), decrypts the
// aes128gcm body (RFC 8291) with the device's private key, and records what
// arrived with its TTL, Urgency and Topic. Tests script its answers (a 503,
// then a 201; a 410) per device.
package pushtest

import (
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Push is one request the service received.
type Push struct {
	Device  string
	Status  int // what the service answered
	TTL     int
	Urgency string
	Topic   string
	// BodyLength is the encrypted body's size in bytes.
	BodyLength int
	// Payload is the decrypted message.
	Payload []byte
	// Subject is the VAPID JWT's sub claim.
	Subject string
	// Err is set when the request failed a check (then Status is 400/401/403).
	Err string
}

// String shows the push with its payload as text.
func (p Push) String() string {
	return fmt.Sprintf("{%d ttl=%d urgency=%s topic=%s %s%s}", p.Status, p.TTL, p.Urgency, p.Topic, p.Payload, p.Err)
}

// JSON decodes the payload as an object.
func (p Push) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(p.Payload, &m); err != nil {
		t.Fatalf("push payload is not JSON: %q", p.Payload)
	}
	return m
}

// Reply is a scripted answer.
type Reply struct {
	Status     int
	RetryAfter string
}

// Service is the running push service.
type Service struct {
	*httptest.Server
	t         testing.TB
	vapidKey  []byte
	mu        sync.Mutex
	devices   map[string]*Device
	scripts   map[string][]Reply
	received  []Push
	delivered chan struct{}
}

// Device is one test browser's subscription: its endpoint and keys.
type Device struct {
	ID       string
	Endpoint string
	P256dh   string
	Auth     string
	priv     *ecdh.PrivateKey
	secret   []byte
}

// Subscription is the browser's PushSubscription JSON for the API, with the
// optional categories.
func (d *Device) Subscription(kinds ...string) map[string]any {
	m := map[string]any{"endpoint": d.Endpoint, "expirationTime": nil, "keys": map[string]any{"p256dh": d.P256dh, "auth": d.Auth}}
	if len(kinds) > 0 {
		m["kinds"] = kinds
	}
	return m
}

// New starts a push service expecting pushes signed with the VAPID public
// key vapidPublic (base64url); it stops with the test.
func New(t testing.TB, vapidPublic string) *Service {
	t.Helper()
	key, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(vapidPublic, "="))
	if err != nil || len(key) != 65 {
		t.Fatalf("pushtest: bad VAPID public key %q", vapidPublic)
	}
	s := &Service{t: t, vapidKey: key, devices: map[string]*Device{}, scripts: map[string][]Reply{}, delivered: make(chan struct{}, 1)}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// Device creates a subscription on this service with fresh keys.
func (s *Service) Device() *Device {
	s.t.Helper()
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		s.t.Fatal(err)
	}
	secret := make([]byte, 16)
	id := make([]byte, 12)
	_, _ = rand.Read(secret)
	_, _ = rand.Read(id)
	d := &Device{ID: hex.EncodeToString(id), priv: priv, secret: secret,
		P256dh: base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()), Auth: base64.RawURLEncoding.EncodeToString(secret)}
	d.Endpoint = s.URL + "/push/" + d.ID
	s.mu.Lock()
	s.devices[d.ID] = d
	s.mu.Unlock()
	return d
}

// Script queues answers for a device's next pushes; after them it answers 201.
func (s *Service) Script(d *Device, replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scripts[d.ID] = append(s.scripts[d.ID], replies...)
}

// Received returns every push that reached a device, in order.
func (s *Service) Received(d *Device) []Push {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Push
	for _, p := range s.received {
		if p.Device == d.ID {
			out = append(out, p)
		}
	}
	return out
}

// Accepted returns the pushes answered 201 for a device.
func (s *Service) Accepted(d *Device) []Push {
	var out []Push
	for _, p := range s.Received(d) {
		if p.Status == http.StatusCreated {
			out = append(out, p)
		}
	}
	return out
}

// Errors returns every push that failed a check, for any device.
func (s *Service) Errors() []Push {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Push
	for _, p := range s.received {
		if p.Err != "" {
			out = append(out, p)
		}
	}
	return out
}

// WaitAccepted waits until n pushes were accepted for d (a state, not a
// time: it returns as soon as they are there) and fails after the timeout.
func (s *Service) WaitAccepted(t testing.TB, d *Device, n int, timeout time.Duration) []Push {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		if got := s.Accepted(d); len(got) >= n {
			return got
		}
		select {
		case <-s.delivered:
		case <-time.After(50 * time.Millisecond):
		case <-deadline.C:
			t.Fatalf("pushtest: %d of %d pushes reached the device; errors: %+v", len(s.Accepted(d)), n, s.Errors())
		}
	}
}

func (s *Service) handle(w http.ResponseWriter, r *http.Request) {
	id, ok := strings.CutPrefix(r.URL.Path, "/push/")
	s.mu.Lock()
	d := s.devices[id]
	s.mu.Unlock()
	if !ok || d == nil || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	p := Push{Device: id, Urgency: r.Header.Get("Urgency"), Topic: r.Header.Get("Topic")}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	p.BodyLength = len(body)
	status := http.StatusCreated
	switch {
	case err != nil:
		p.Err = err.Error()
	case r.Header.Get("Content-Encoding") != "aes128gcm":
		p.Err = "Content-Encoding is not aes128gcm"
	case len(body) > 4096:
		p.Err = fmt.Sprintf("body of %d bytes is over 4096", len(body))
	}
	if p.Err == "" {
		if p.TTL, err = strconv.Atoi(r.Header.Get("TTL")); err != nil || p.TTL < 0 {
			p.Err = "TTL header missing or invalid"
		}
	}
	if p.Err == "" {
		if p.Subject, err = s.checkVAPID(r.Header.Get("Authorization"), "http://"+r.Host); err != nil {
			p.Err, status = "VAPID: "+err.Error(), http.StatusForbidden
		}
	}
	if p.Err == "" {
		if p.Payload, err = Decrypt(body, d.priv, d.secret); err != nil {
			p.Err = "decrypt: " + err.Error()
		}
	}
	if p.Err != "" && status == http.StatusCreated {
		status = http.StatusBadRequest
	}
	var reply Reply
	s.mu.Lock()
	if p.Err == "" && len(s.scripts[id]) > 0 {
		reply = s.scripts[id][0]
		s.scripts[id] = s.scripts[id][1:]
		status = reply.Status
	}
	p.Status = status
	s.received = append(s.received, p)
	s.mu.Unlock()
	select {
	case s.delivered <- struct{}{}:
	default:
	}
	if reply.RetryAfter != "" {
		w.Header().Set("Retry-After", reply.RetryAfter)
	}
	w.Header().Set("Location", s.URL+"/message/"+id)
	w.WriteHeader(status)
}

// checkVAPID verifies "vapid t=<jwt>, k=<key>" (RFC 8292 section 3): the key
// is the server's, the JWT is ES256-signed by it, for this audience, not
// expired and not valid for more than 24 hours, with a mailto: or https: subject.
func (s *Service) checkVAPID(header, audience string) (string, error) {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return "", fmt.Errorf("authorization %q is not the vapid scheme", header)
	}
	params := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		params[k] = v
	}
	key, err := base64.RawURLEncoding.DecodeString(params["k"])
	if err != nil || string(key) != string(s.vapidKey) {
		return "", fmt.Errorf("k is not the server's public key")
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), key)
	if err != nil {
		return "", err
	}
	claims := jwt.MapClaims{}
	_, err = jwt.ParseWithClaims(params["t"], claims, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithAudience(audience), jwt.WithExpirationRequired())
	if err != nil {
		return "", err
	}
	exp, _ := claims.GetExpirationTime()
	if exp.After(time.Now().Add(24 * time.Hour)) {
		return "", fmt.Errorf("exp is more than 24 hours ahead")
	}
	sub, _ := claims["sub"].(string)
	if !strings.HasPrefix(sub, "mailto:") && !strings.HasPrefix(sub, "https:") {
		return "", fmt.Errorf("sub %q is not a mailto: or https: contact", sub)
	}
	return sub, nil
}
