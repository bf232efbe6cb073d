// Command tlsfront is the bench's stand-in for the TLS-terminating proxy every deployment puts in
// front of interno (docs/operations.md): it listens on a loopback port over HTTPS, where Go's
// server speaks HTTP/2 to the browser as a production proxy does, and passes every request to the
// interno server given by -target over plain HTTP/1.1, naming the client in X-Forwarded-For and
// the scheme in X-Forwarded-Proto. Its certificate is made at start (an ECDSA P-256 key, valid
// for 127.0.0.1 and localhost for a day) and never written anywhere; it prints the listening
// address and the certificate's SPKI fingerprint, which Chromium accepts through
// --ignore-certificate-errors-spki-list. Used by test/bench/lighthouse.mjs only, on loopback.
package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"flag"
	"fmt"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"time"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "loopback address to serve HTTPS on")
	target := flag.String("target", "", "the interno server, http://127.0.0.1:PORT")
	flag.Parse()
	up, err := url.Parse(*target)
	if err != nil || up.Scheme != "http" || !loopback(up.Host) {
		log.Fatalf("tlsfront: -target must be http://<loopback address>:port, got %q", *target)
	}
	if !loopback(*listen) {
		log.Fatalf("tlsfront: -listen must be a loopback address, got %q", *listen)
	}
	cert, spki, err := selfSigned()
	if err != nil {
		log.Fatalf("tlsfront: certificate: %v", err)
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatalf("tlsfront: %v", err)
	}
	fmt.Printf("LISTEN https://%s SPKI %s\n", ln.Addr(), spki)
	if err := newServer(up, cert).ServeTLS(ln, "", ""); err != nil {
		log.Fatalf("tlsfront: %v", err)
	}
}

// loopback says whether hostport names this machine only (127.0.0.0/8, ::1 or localhost): the
// front is a bench tool and never listens on, or forwards to, anything else.
func loopback(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newServer is the front's HTTPS server: Go's server speaks HTTP/2 over TLS by itself (ALPN).
func newServer(up *url.URL, cert tls.Certificate) *http.Server {
	return &http.Server{
		Handler:           front(up),
		ReadHeaderTimeout: 10 * time.Second,
		TLSConfig:         &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12},
		ErrorLog:          log.New(os.Stderr, "tlsfront: ", 0),
	}
}

// front passes each request to up as a deployment's proxy does.
func front(up *url.URL) http.Handler {
	return &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(up)
			r.Out.Host = r.In.Host // the address the browser asked for, as a proxy passes it on
			r.SetXForwarded()
		},
		FlushInterval: -1, // every answer goes out as it is written, as nginx's proxy_buffering off
		Transport: &http.Transport{
			// One connection per browser request in flight, as a proxy keeps to its upstream; the
			// answer's encoding is the browser's choice, passed through untouched.
			MaxIdleConnsPerHost: 64,
			DisableCompression:  true,
		},
	}
}

// selfSigned makes the front's certificate and returns it with the base64 SHA-256 of its
// SubjectPublicKeyInfo, the form Chromium's --ignore-certificate-errors-spki-list takes.
func selfSigned() (tls.Certificate, string, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, "", err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return tls.Certificate{}, "", err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "interno bench"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, "", err
	}
	spkiDER, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return tls.Certificate{}, "", err
	}
	sum := sha256.Sum256(spkiDER)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, base64.StdEncoding.EncodeToString(sum[:]), nil
}
