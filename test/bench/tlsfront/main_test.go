package main

import (
	"bufio"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"
)

// The front, served as main serves it, answers over HTTP/2 with the certificate whose fingerprint
// it prints, and hands each request to the upstream as a deployment's proxy does: the scheme and
// client named, the answer's encoding and headers untouched, a stream passed on as it is written.
func TestFrontServesHTTP2AndPassesRequestsOn(t *testing.T) {
	events := make(chan string)
	var seen http.Header
	var seenHost string
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/stream":
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			for {
				select {
				case ev, ok := <-events:
					if !ok {
						return
					}
					_, _ = io.WriteString(w, "data: "+ev+"\n\n")
					w.(http.Flusher).Flush()
				case <-r.Context().Done():
					return
				}
			}
		default:
			seen, seenHost = r.Header.Clone(), r.Host
			w.Header().Set("Content-Encoding", "br")
			w.Header().Set("X-Frame-Options", "DENY")
			_, _ = w.Write([]byte("compressed bytes"))
		}
	}))
	t.Cleanup(upstream.Close)
	// Runs before upstream.Close (cleanups run last first): a failed check never leaves the
	// stream's handler waiting for an event.
	t.Cleanup(func() { close(events) })
	up, err := url.Parse(upstream.URL)
	if err != nil {
		t.Fatal(err)
	}
	cert, spki, err := selfSigned()
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
	if want := base64.StdEncoding.EncodeToString(sum[:]); spki != want {
		t.Fatalf("printed fingerprint %s, certificate's SPKI hashes to %s", spki, want)
	}
	if err := leaf.VerifyHostname("127.0.0.1"); err != nil {
		t.Fatalf("certificate does not name the loopback address: %v", err)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(up, cert)
	go func() { _ = srv.ServeTLS(ln, "", "") }()
	t.Cleanup(func() { _ = srv.Close() })
	base := "https://" + ln.Addr().String()
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{ForceAttemptHTTP2: true, DisableCompression: true,
		TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}}}

	req, _ := http.NewRequest(http.MethodGet, base+"/page", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.ProtoMajor != 2 {
		t.Errorf("browser side spoke %s, want HTTP/2", res.Proto)
	}
	if got := res.Header.Get("Content-Encoding"); got != "br" || string(body) != "compressed bytes" {
		t.Errorf("answer changed on the way: Content-Encoding %q, body %q", got, body)
	}
	if res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("upstream header lost: %v", res.Header)
	}
	if seen.Get("X-Forwarded-Proto") != "https" || seen.Get("X-Forwarded-For") != "127.0.0.1" {
		t.Errorf("upstream was not told the scheme and client: %v", seen)
	}
	if seen.Get("Accept-Encoding") != "br, gzip" {
		t.Errorf("upstream got Accept-Encoding %q, want the browser's", seen.Get("Accept-Encoding"))
	}
	if seenHost != ln.Addr().String() {
		t.Errorf("upstream got Host %q, want the address the browser asked for (%s)", seenHost, ln.Addr())
	}

	stream, err := client.Get(base + "/stream")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = stream.Body.Close() }()
	lines := bufio.NewReader(stream.Body)
	for _, ev := range []string{"one", "two"} {
		events <- ev // the next event is written only once the browser has read this one
		line, err := lines.ReadString('\n')
		if err != nil || line != "data: "+ev+"\n" {
			t.Fatalf("event %q arrived as %q (%v)", ev, line, err)
		}
		_, _ = lines.ReadString('\n')
	}
}

func TestFrontStaysOnLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:0": true, "127.0.0.1:8443": true, "[::1]:8443": true, "localhost:8443": true,
		":8443": false, "0.0.0.0:8443": false, "192.168.1.10:8443": false, "[::]:8443": false, "example.com:443": false, "127.0.0.1": false,
	} {
		if got := loopback(addr); got != want {
			t.Errorf("loopback(%q) = %v, want %v", addr, got, want)
		}
	}
}
