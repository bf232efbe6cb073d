package mail_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// relayTLS says how the in-process relay protects connections.
type relayTLS int

const (
	relayPlain relayTLS = iota
	relayStartTLS
	relayImplicit
)

// relayOptions shape one in-process SMTP relay.
type relayOptions struct {
	TLS relayTLS
	// User and Pass, when set, make AUTH PLAIN mandatory before MAIL.
	User, Pass string
	// Refuse maps a recipient to the reply RCPT gets for it.
	Refuse map[string]*smtp.SMTPError
	// Stall, when set, makes DATA block until it is closed.
	Stall chan struct{}
}

// delivery is one message as the relay received it.
type delivery struct {
	From string
	To   []string
	Data []byte
}

// relay is an SMTP server on 127.0.0.1 that records what it receives.
type relay struct {
	Host  string
	Port  int
	Roots *x509.CertPool

	opts relayOptions
	mu   sync.Mutex
	got  []delivery
}

// startRelay starts a relay for the duration of the test.
func startRelay(t *testing.T, opts relayOptions) *relay {
	t.Helper()
	cert, roots := selfSignedCert(t)
	r := &relay{Roots: roots, opts: opts}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &relaySession{relay: r}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tlsCfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	switch opts.TLS {
	case relayStartTLS:
		srv.TLSConfig = tlsCfg
	case relayImplicit:
		ln = tls.NewListener(ln, tlsCfg)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	r.Host = host
	r.Port, _ = strconv.Atoi(port)
	return r
}

// URL builds an INTERNO_SMTP_URL for this relay with extra query parameters.
func (r *relay) URL(scheme, userinfo, query string) string {
	u := scheme + "://"
	if userinfo != "" {
		u += userinfo + "@"
	}
	u += net.JoinHostPort(r.Host, strconv.Itoa(r.Port))
	if query != "" {
		u += "?" + query
	}
	return u
}

// Deliveries returns what the relay accepted so far.
func (r *relay) Deliveries() []delivery {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivery(nil), r.got...)
}

// relaySession implements one SMTP conversation.
type relaySession struct {
	relay  *relay
	authed bool
	from   string
	to     []string
}

func (s *relaySession) AuthMechanisms() []string {
	if s.relay.opts.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *relaySession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != s.relay.opts.User || pass != s.relay.opts.Pass {
			return smtp.ErrAuthFailed
		}
		s.authed = true
		return nil
	}), nil
}

func (s *relaySession) Mail(from string, _ *smtp.MailOptions) error {
	if s.relay.opts.User != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if reply := s.relay.opts.Refuse[strings.ToLower(to)]; reply != nil {
		return reply
	}
	s.to = append(s.to, to)
	return nil
}

func (s *relaySession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.relay.opts.Stall != nil {
		<-s.relay.opts.Stall
		return errors.New("stalled")
	}
	s.relay.mu.Lock()
	s.relay.got = append(s.relay.got, delivery{From: s.from, To: s.to, Data: data})
	s.relay.mu.Unlock()
	return nil
}

func (s *relaySession) Reset()        { s.from, s.to = "", nil }
func (s *relaySession) Logout() error { return nil }

// selfSignedCert makes a certificate for 127.0.0.1 and localhost and the pool
// that trusts it, so TLS is verified for real in tests.
func selfSignedCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "interno test relay"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(parsed)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: parsed}, pool
}
