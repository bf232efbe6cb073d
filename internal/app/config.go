package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"

	"interno/adapters/httpapi"
	"interno/adapters/mail"
	"interno/adapters/webpush"
)

// Config is every setting of the binary, read once from INTERNO_* variables.
type Config struct {
	Addr            string        `env:"ADDR" envDefault:":8080"`
	DataDir         string        `env:"DATA_DIR" envDefault:"./data"`
	DatabaseURL     string        `env:"DATABASE_URL"`
	BaseURL         string        `env:"BASE_URL" envDefault:"http://localhost:8080"`
	JWTSecret       string        `env:"JWT_SECRET"`
	SMTPURL         string        `env:"SMTP_URL"`
	Timezone        string        `env:"TIMEZONE" envDefault:"Europe/Rome"`
	GoogleClientID  string        `env:"GOOGLE_CLIENT_ID"`
	GoogleJWKSURL   string        `env:"GOOGLE_JWKS_URL" envDefault:"https://www.googleapis.com/oauth2/v3/certs"`
	AnalyticsID     string        `env:"ANALYTICS_ID"`
	CallBaseURL     string        `env:"CALL_BASE_URL" envDefault:"https://meet.jit.si"`
	SlotMinutes     int           `env:"SLOT_MINUTES" envDefault:"60"`
	MinNotice       time.Duration `env:"MIN_NOTICE" envDefault:"2h"`
	MessageDelay    time.Duration `env:"MESSAGE_EMAIL_DELAY" envDefault:"10m"`
	Demo            bool          `env:"DEMO" envDefault:"false"`
	TrustedProxies  []string      `env:"TRUSTED_PROXIES" envSeparator:","`
	CORSOrigins     []string      `env:"CORS_ORIGINS" envSeparator:","`
	RateLimits      string        `env:"RATE_LIMITS"`
	LogLevel        string        `env:"LOG_LEVEL" envDefault:"info"`
	LogFormat       string        `env:"LOG_FORMAT" envDefault:"text"`
	ShutdownTimeout time.Duration `env:"SHUTDOWN_TIMEOUT" envDefault:"15s"`
	FaultInjection  bool          `env:"FAULT_INJECTION" envDefault:"false"`
	VAPIDPublicKey  string        `env:"VAPID_PUBLIC_KEY"`
	VAPIDPrivateKey string        `env:"VAPID_PRIVATE_KEY"`
	VAPIDSubject    string        `env:"VAPID_SUBJECT"`
	// MetricsAddr gives /metrics a listener of its own (e.g. 127.0.0.1:9090),
	// without authentication; empty serves it on Addr to admins only.
	MetricsAddr string `env:"METRICS_ADDR"`
	// PushAllowLoopback admits push endpoints on loopback (tests only).
	PushAllowLoopback bool `env:"PUSH_ALLOW_LOOPBACK" envDefault:"false"`

	location     *time.Location
	rateLimits   httpapi.RateLimits
	smtp         *mail.SMTPConfig
	vapidKeys    *webpush.Keys
	vapidSubject string
	// pushLookup replaces DNS for push endpoints; tests set it so that no
	// test ever resolves a name (nil: the system resolver).
	pushLookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// loadConfig reads and validates the environment. Every error names the
// variable so start-up fails with one clear line.
func loadConfig(environ map[string]string) (Config, error) {
	var c Config
	opts := env.Options{Prefix: "INTERNO_", Environment: environ}
	if err := env.ParseWithOptions(&c, opts); err != nil {
		var agg env.AggregateError
		if errors.As(err, &agg) && len(agg.Errors) > 0 {
			err = agg.Errors[0]
		}
		var pe env.ParseError
		if errors.As(err, &pe) {
			if f, ok := reflect.TypeOf(c).FieldByName(pe.Name); ok {
				return c, fmt.Errorf("INTERNO_%s: cannot read %q as %s", f.Tag.Get("env"), environ["INTERNO_"+f.Tag.Get("env")], pe.Type)
			}
		}
		return c, err
	}
	return c, c.validate()
}

func (c *Config) validate() error {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("INTERNO_ADDR: %q is not host:port (for example :8080)", c.Addr)
	}
	if strings.TrimSpace(c.DataDir) == "" {
		return errors.New("INTERNO_DATA_DIR: must not be empty")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return errors.New("INTERNO_DATABASE_URL: must be a postgres:// URL, or empty for SQLite in the data directory")
	}
	for name, raw := range map[string]string{"INTERNO_BASE_URL": c.BaseURL, "INTERNO_GOOGLE_JWKS_URL": c.GoogleJWKSURL, "INTERNO_CALL_BASE_URL": c.CallBaseURL} {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%s: %q is not an http(s) URL", name, raw)
		}
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.JWTSecret != "" && len(c.JWTSecret) < 32 {
		return errors.New("INTERNO_JWT_SECRET: must be at least 32 characters (or unset to generate one in the data directory)")
	}
	loc, err := time.LoadLocation(c.Timezone)
	if err != nil {
		return fmt.Errorf("INTERNO_TIMEZONE: unknown time zone %q", c.Timezone)
	}
	c.location = loc
	if c.SlotMinutes < 15 || c.SlotMinutes > 240 || c.SlotMinutes%15 != 0 {
		return fmt.Errorf("INTERNO_SLOT_MINUTES: %d is not a call length of 15 to 240 minutes in steps of 15", c.SlotMinutes)
	}
	if c.MinNotice < 0 || c.MinNotice > 7*24*time.Hour {
		return fmt.Errorf("INTERNO_MIN_NOTICE: %s is not a duration between 0 and 168h", c.MinNotice)
	}
	if c.MessageDelay < 0 || c.MessageDelay > 7*24*time.Hour {
		return fmt.Errorf("INTERNO_MESSAGE_EMAIL_DELAY: %s is not a duration between 0 and 168h", c.MessageDelay)
	}
	if c.SMTPURL != "" {
		sc, err := mail.ParseURL(c.SMTPURL)
		if err != nil {
			return fmt.Errorf("INTERNO_SMTP_URL: %v", err)
		}
		c.smtp = &sc
	}
	rl, err := httpapi.ParseRateLimits(c.RateLimits)
	if err != nil {
		return fmt.Errorf("INTERNO_RATE_LIMITS: %v", err)
	}
	c.rateLimits = rl
	for _, p := range c.TrustedProxies {
		p = strings.TrimSpace(p)
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				return fmt.Errorf("INTERNO_TRUSTED_PROXIES: %q is not an IP address or CIDR range", p)
			}
		}
	}
	for _, o := range c.CORSOrigins {
		u, err := url.Parse(strings.TrimSpace(o))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return fmt.Errorf("INTERNO_CORS_ORIGINS: %q is not an origin like https://example.com", o)
		}
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("INTERNO_LOG_LEVEL: %q is not one of debug, info, warn, error", c.LogLevel)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("INTERNO_LOG_FORMAT: %q is not text or json", c.LogFormat)
	}
	if c.ShutdownTimeout <= 0 {
		return errors.New("INTERNO_SHUTDOWN_TIMEOUT: must be a positive duration such as 15s")
	}
	if c.VAPIDPublicKey != "" || c.VAPIDPrivateKey != "" {
		k, err := webpush.ParseKeys(c.VAPIDPublicKey, c.VAPIDPrivateKey)
		if err != nil {
			return fmt.Errorf("INTERNO_VAPID_PUBLIC_KEY / INTERNO_VAPID_PRIVATE_KEY: %v", err)
		}
		c.vapidKeys = &k
	}
	if c.vapidSubject, err = webpush.Subject(c.VAPIDSubject, c.BaseURL); err != nil {
		return fmt.Errorf("INTERNO_VAPID_SUBJECT: %v", err)
	}
	return nil
}

// pushKeys returns the configured VAPID pair or the one generated once and
// kept in the data directory, so devices stay subscribed across restarts.
func (c *Config) pushKeys() (webpush.Keys, error) {
	if c.vapidKeys != nil {
		return *c.vapidKeys, nil
	}
	k, err := webpush.LoadOrCreateKeys(c.DataDir)
	if err != nil {
		return webpush.Keys{}, fmt.Errorf("INTERNO_DATA_DIR: cannot keep the generated VAPID keys: %v", err)
	}
	return k, nil
}

// jwtSecret returns the configured secret or one generated once and kept in
// the data directory, so tokens survive restarts of a self-hosted instance.
func (c *Config) jwtSecret() ([]byte, error) {
	if c.JWTSecret != "" {
		return []byte(c.JWTSecret), nil
	}
	path := filepath.Join(c.DataDir, "jwt-secret")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return []byte(strings.TrimSpace(string(b))), nil
	}
	if err := os.MkdirAll(c.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("INTERNO_DATA_DIR: %v", err)
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(buf)
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("INTERNO_DATA_DIR: cannot keep the generated JWT secret: %v", err)
	}
	return []byte(secret), nil
}
