package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"interno/core/email"
)

// DefaultSendTimeout bounds one whole delivery (connect, TLS, AUTH, DATA), so
// a relay that trickles bytes cannot stall the dispatcher's lease.
const DefaultSendTimeout = 60 * time.Second

// SenderOptions are the SMTPSender settings that do not come from the URL.
type SenderOptions struct {
	// Clock stamps the Date header; tests pin it. Defaults to time.Now.
	Clock func() time.Time
	// RootCAs replaces the system trust store when set, so tests can verify a
	// relay's self-signed certificate for real instead of skipping checks.
	RootCAs *x509.CertPool
	// SendTimeout bounds one delivery end to end; defaults to DefaultSendTimeout.
	SendTimeout time.Duration
}

// SMTPSender delivers messages through an SMTP relay, one connection per
// message, which keeps failure handling simple at Interno's mail volumes.
type SMTPSender struct {
	cfg         SMTPConfig
	composer    composer
	tls         *tls.Config
	sendTimeout time.Duration
}

var _ email.Sender = (*SMTPSender)(nil)

// NewSMTPSender checks cfg (normally from ParseURL) and prepares a sender.
func NewSMTPSender(cfg SMTPConfig, opts SenderOptions) (*SMTPSender, error) {
	if cfg.Host == "" || cfg.Port <= 0 {
		return nil, errors.New("smtp: host and port are required")
	}
	switch cfg.TLS {
	case TLSStartTLS, TLSImplicit, TLSOff:
	default:
		return nil, fmt.Errorf("smtp: unknown TLS mode %q", cfg.TLS)
	}
	comp, err := newComposer(cfg.From, opts.Clock)
	if err != nil {
		return nil, fmt.Errorf("smtp: %w", err)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	sendTimeout := opts.SendTimeout
	if sendTimeout <= 0 {
		sendTimeout = DefaultSendTimeout
	}
	return &SMTPSender{
		cfg:      cfg,
		composer: comp,
		tls: &tls.Config{
			ServerName:         cfg.Host,
			MinVersion:         tls.VersionTLS12,
			RootCAs:            opts.RootCAs,
			InsecureSkipVerify: cfg.InsecureSkipVerify, //nolint:gosec // opt-in, documented as tests/dev only
		},
		sendTimeout: sendTimeout,
	}, nil
}

// Send delivers msg now. It honours ctx (cancellation closes the connection)
// and returns an error wrapped with Permanent when the relay refused the
// message for good (5xx to MAIL, RCPT or DATA) or the message is malformed.
func (s *SMTPSender) Send(ctx context.Context, msg email.Message) error {
	m, err := s.composer.compose(msg)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, s.sendTimeout)
	defer cancel()
	client, err := s.client(ctx)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, m); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("smtp %s: %w (%v)", s.addr(), ctxErr, err)
		}
		return fmt.Errorf("smtp %s: %w", s.addr(), classify(err))
	}
	return nil
}

// client configures a go-mail client for one delivery bound to ctx.
func (s *SMTPSender) client(ctx context.Context) (*gomail.Client, error) {
	opts := []gomail.Option{
		gomail.WithPort(s.cfg.Port),
		gomail.WithTimeout(s.cfg.Timeout),
		gomail.WithTLSConfig(s.tls),
		gomail.WithDialContextFunc(s.dialer(ctx)),
	}
	switch s.cfg.TLS {
	case TLSImplicit:
		// The dialer below does the TLS handshake; WithSSL only stops go-mail
		// from attempting STARTTLS on top of it.
		opts = append(opts, gomail.WithSSL())
	case TLSOff:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.Username != "" {
		opts = append(opts,
			gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(s.cfg.Username),
			gomail.WithPassword(s.cfg.Password))
	}
	return gomail.NewClient(s.cfg.Host, opts...)
}

// dialer connects to the relay and ties the connection's life to sendCtx:
// go-mail only uses its context while dialling, so without this a cancelled
// job would keep talking to the relay until the per-command timeout.
func (s *SMTPSender) dialer(sendCtx context.Context) gomail.DialContextFunc {
	return func(ctx context.Context, network, address string) (net.Conn, error) {
		var d net.Dialer
		raw, err := d.DialContext(ctx, network, address)
		if err != nil {
			return nil, err
		}
		// Runs when the delivery ends or is cancelled; closing twice is harmless.
		context.AfterFunc(sendCtx, func() { _ = raw.Close() })
		if s.cfg.TLS != TLSImplicit {
			return raw, nil
		}
		conn := tls.Client(raw, s.tls.Clone())
		if err := conn.HandshakeContext(ctx); err != nil {
			_ = raw.Close()
			return nil, fmt.Errorf("tls handshake: %w", err)
		}
		return conn, nil
	}
}

// addr is host:port for error messages (never the credentials).
func (s *SMTPSender) addr() string {
	return net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
}

// classify marks the relay's permanent refusals so the dispatcher stops
// retrying them; connection, TLS and AUTH problems stay transient because they
// are about our configuration or the network, not this message.
func classify(err error) error {
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return err
	}
	code := se.ErrorCode()
	if code < 500 || code > 599 {
		return err
	}
	switch se.Reason {
	case gomail.ErrSMTPMailFrom, gomail.ErrSMTPRcptTo, gomail.ErrSMTPData, gomail.ErrSMTPDataClose:
		return Permanent(err)
	}
	return err
}
