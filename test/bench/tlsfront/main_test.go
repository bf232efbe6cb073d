package main

import (
	"bufio"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// The front serves HTTP/2 over TLS with the certificate whose fingerprint it prints, and hands
// each request to the upstream as a deployment's proxy does: the scheme and client named, the
// answer's encoding and headers untouched, a stream flushed as it is written.
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
			for ev := range events {
				_, _ = io.WriteString(w, "data: "+ev+"\n\n")
				w.(http.Flusher).Flush()
			}
		default:
			seen, seenHost = r.Header.Clone(), r.Host
			w.Header().Set("Content-Encoding", "br")
			w.Header().Set("X-Frame-Options", "DENY")
			_, _ = w.Write([]byte("compressed bytes"))
		}
	}))
	defer upstream.Close()
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

	srv := httptest.NewUnstartedServer(front(up))
	srv.EnableHTTP2 = true
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.StartTLS()
	defer srv.Close()
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	client := &http.Client{Transport: &http.Transport{ForceAttemptHTTP2: true, DisableCompression: true,
		TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}}}

	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/page", nil)
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
	if seenHost != strings.TrimPrefix(srv.URL, "https://") {
		t.Errorf("upstream got Host %q, want the address the browser asked for (%s)", seenHost, srv.URL)
	}

	stream, err := client.Get(srv.URL + "/stream")
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
	close(events)
}
