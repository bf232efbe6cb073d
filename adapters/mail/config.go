// Package mail delivers the e-mails core use cases queue: over SMTP when the
// deployment has a mail server, or into an outbox folder of .eml files when it
// does not, plus the background dispatcher that drains the durable queue.
package mail

import (
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultFrom is the sender used when INTERNO_SMTP_URL names none, so a local
// run produces well-formed messages without any configuration.
const DefaultFrom = "Interno <noreply@localhost>"

// TLSMode says how the connection to the SMTP server is protected; it is
// explicit so a misconfigured relay fails loudly instead of sending passwords
// and reset links in clear text.
type TLSMode string

// The TLS modes ParseURL understands.
const (
	// TLSStartTLS (smtp://, the default) upgrades the connection with STARTTLS
	// and refuses to continue when the server does not offer it.
	TLSStartTLS TLSMode = "starttls"
	// TLSImplicit (smtps://) speaks TLS from the first byte, usually on port 465.
	TLSImplicit TLSMode = "implicit"
	// TLSOff (smtp://...?starttls=off) sends in clear text; meant for a relay on
	// the same host or private network, and refused together with credentials
	// unless the relay is on a loopback address.
	TLSOff TLSMode = "off"
)

// DefaultTimeout bounds connecting and each SMTP command, so a dead relay
// cannot hold the dispatcher forever.
const DefaultTimeout = 15 * time.Second

// SMTPConfig is everything needed to reach the SMTP relay, parsed once at
// start-up from INTERNO_SMTP_URL so adapters receive plain values.
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	// From is the RFC 5322 sender, for example "Interno <noreply@example.com>".
	From string
	TLS  TLSMode
	// InsecureSkipVerify accepts any server certificate; for tests and
	// development relays with self-signed certificates only.
	InsecureSkipVerify bool
	// Timeout bounds the connection and every SMTP command.
	Timeout time.Duration
}

// String describes the configuration with the password masked, so it can be
// logged at start-up.
func (c SMTPConfig) String() string {
	scheme := "smtp"
	if c.TLS == TLSImplicit {
		scheme = "smtps"
	}
	u := url.URL{Scheme: scheme, Host: net.JoinHostPort(c.Host, strconv.Itoa(c.Port))}
	if c.Username != "" {
		u.User = url.UserPassword(c.Username, "xxxxx")
	}
	q := url.Values{}
	if c.TLS == TLSOff {
		q.Set("starttls", "off")
	}
	if c.InsecureSkipVerify {
		q.Set("insecure_skip_verify", "true")
	}
	q.Set("from", c.From)
	u.RawQuery = q.Encode()
	return u.String()
}

// ParseURL reads INTERNO_SMTP_URL. Accepted forms:
//
//	smtp://[user:pass@]host[:port][?starttls=off]   STARTTLS (mandatory unless off), port 587
//	smtps://[user:pass@]host[:port]                 implicit TLS, port 465
//
// Query parameters: from (the From address, default DefaultFrom),
// insecure_skip_verify=true (tests and development only), timeout (a Go
// duration such as 20s). Unknown parameters are errors, so typos do not pass
// silently. Errors name the problem and never repeat the password.
func ParseURL(raw string) (SMTPConfig, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return SMTPConfig{}, errors.New("empty; expected smtp://user:pass@host:587 or smtps://user:pass@host:465")
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse quotes the whole input, password included: never repeat it.
		return SMTPConfig{}, errors.New("not a valid URL (special characters in the user name or password must be percent-encoded)")
	}
	cfg := SMTPConfig{From: DefaultFrom, Timeout: DefaultTimeout}
	switch strings.ToLower(u.Scheme) {
	case "smtp":
		cfg.TLS, cfg.Port = TLSStartTLS, 587
	case "smtps":
		cfg.TLS, cfg.Port = TLSImplicit, 465
	default:
		return SMTPConfig{}, fmt.Errorf("scheme %q not supported; use smtp:// (STARTTLS) or smtps:// (implicit TLS)", u.Scheme)
	}
	if u.Opaque != "" || u.Host == "" {
		return SMTPConfig{}, errors.New("missing host; expected smtp://user:pass@host:587")
	}
	if u.Path != "" && u.Path != "/" {
		return SMTPConfig{}, fmt.Errorf("unexpected path %q; put options in the query string", u.Path)
	}
	cfg.Host = u.Hostname()
	if cfg.Host == "" {
		return SMTPConfig{}, errors.New("missing host; expected smtp://user:pass@host:587")
	}
	if p := u.Port(); p != "" {
		port, err := strconv.Atoi(p)
		if err != nil || port < 1 || port > 65535 {
			return SMTPConfig{}, fmt.Errorf("port %q is not a number between 1 and 65535", p)
		}
		cfg.Port = port
	}
	if u.User != nil {
		cfg.Username = u.User.Username()
		cfg.Password, _ = u.User.Password()
		if cfg.Username == "" {
			return SMTPConfig{}, errors.New("password given without a user name")
		}
		if cfg.Password == "" {
			return SMTPConfig{}, fmt.Errorf("user %q has no password; write smtp://user:password@host", cfg.Username)
		}
	}
	query, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return SMTPConfig{}, errors.New("malformed query string; percent-encode special characters in parameter values")
	}
	if err := cfg.applyQuery(query); err != nil {
		return SMTPConfig{}, err
	}
	if cfg.TLS == TLSOff && cfg.Username != "" && !isLoopback(cfg.Host) {
		return SMTPConfig{}, errors.New("starttls=off would send the password in clear text; use STARTTLS, smtps://, or a relay without authentication")
	}
	return cfg, nil
}

// applyQuery reads the optional query parameters into cfg.
func (cfg *SMTPConfig) applyQuery(q url.Values) error {
	for key, values := range q {
		if len(values) != 1 {
			return fmt.Errorf("parameter %q given %d times", key, len(values))
		}
		value := values[0]
		switch key {
		case "from":
			addr, err := netmail.ParseAddress(value)
			if err != nil {
				return fmt.Errorf("from %q is not an e-mail address such as Interno <noreply@example.com> (percent-encode it in the URL)", value)
			}
			cfg.From = addr.String()
		case "starttls":
			switch strings.ToLower(value) {
			case "off", "false", "no", "0":
				if cfg.TLS == TLSImplicit {
					return errors.New("starttls=off makes no sense with smtps://, which always uses TLS")
				}
				cfg.TLS = TLSOff
			case "on", "true", "yes", "1", "required":
				if cfg.TLS == TLSImplicit {
					return errors.New("starttls does not apply to smtps://, which uses TLS from the start")
				}
			default:
				return fmt.Errorf("starttls=%q: expected on or off", value)
			}
		case "insecure_skip_verify":
			skip, err := strconv.ParseBool(value)
			if err != nil {
				return fmt.Errorf("insecure_skip_verify=%q: expected true or false", value)
			}
			cfg.InsecureSkipVerify = skip
		case "timeout":
			d, err := time.ParseDuration(value)
			if err != nil || d <= 0 || d > 10*time.Minute {
				return fmt.Errorf("timeout=%q: expected a duration such as 15s, at most 10m", value)
			}
			cfg.Timeout = d
		default:
			return fmt.Errorf("unknown parameter %q; known: from, starttls, insecure_skip_verify, timeout", key)
		}
	}
	return nil
}

// isLoopback reports whether host names this machine, where clear-text
// authentication never crosses a network.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
