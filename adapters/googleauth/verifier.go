// Package googleauth verifies Google ID tokens ("Sign in with Google"
// credentials) against Google's published keys, implementing
// identity.GoogleVerifier. The JWKS URL is configurable so black-box and e2e
// tests can point it at googletest's issuer instead of Google.
package googleauth

import (
	"bytes"
	"context"
	"crypto/rsa"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"interno/core/fault"
	"interno/core/identity"
)

// DefaultJWKSURL is where Google publishes the keys that sign its ID tokens.
const DefaultJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"

// DefaultIssuers are the two spellings of Google's issuer that its ID tokens use.
var DefaultIssuers = []string{"accounts.google.com", "https://accounts.google.com"}

// Defaults for Config.
const (
	DefaultLeeway       = time.Minute
	DefaultFetchTimeout = 10 * time.Second
)

// maxCredentialBytes refuses absurd inputs before any parsing; Google's ID
// tokens are around 1 KB.
const maxCredentialBytes = 16 << 10

// Reasons carried by the faults Verify returns, so clients can word them.
const (
	ReasonDisabled    = "google_signin_disabled"
	ReasonInvalid     = "google_token_invalid"
	ReasonExpired     = "google_token_expired"
	ReasonUnavailable = "google_unavailable"
)

// Config says which tokens to accept; internal/app fills it from INTERNO_* settings.
type Config struct {
	// ClientID is the OAuth client id tokens must be issued for (aud). Empty
	// means Google sign-in is disabled and every token is refused.
	ClientID string
	// JWKSURL defaults to DefaultJWKSURL.
	JWKSURL string
	// Issuers defaults to DefaultIssuers.
	Issuers []string
	// Clock decides expiry and cache freshness; tests pin it. Defaults to time.Now.
	Clock func() time.Time
	// HTTPClient fetches the JWKS; defaults to a client with FetchTimeout.
	HTTPClient *http.Client
	// Leeway tolerates clock skew on exp, nbf and iat; defaults to DefaultLeeway.
	Leeway time.Duration
	// FetchTimeout bounds one JWKS download; defaults to DefaultFetchTimeout.
	FetchTimeout time.Duration
}

// Verifier checks Google ID tokens; it is safe for concurrent use and keeps
// the JWKS cached between calls.
type Verifier struct {
	clientID string
	issuers  []string
	clock    func() time.Time
	leeway   time.Duration
	keys     *keySet
}

var _ identity.GoogleVerifier = (*Verifier)(nil)

// New applies defaults; it does no network I/O, keys are fetched on first use.
func New(cfg Config) *Verifier {
	if cfg.JWKSURL == "" {
		cfg.JWKSURL = DefaultJWKSURL
	}
	if len(cfg.Issuers) == 0 {
		cfg.Issuers = DefaultIssuers
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Leeway <= 0 {
		cfg.Leeway = DefaultLeeway
	}
	if cfg.FetchTimeout <= 0 {
		cfg.FetchTimeout = DefaultFetchTimeout
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: cfg.FetchTimeout}
	}
	return &Verifier{
		clientID: strings.TrimSpace(cfg.ClientID),
		issuers:  slices.Clone(cfg.Issuers),
		clock:    cfg.Clock,
		leeway:   cfg.Leeway,
		keys: &keySet{url: cfg.JWKSURL, client: cfg.HTTPClient, clock: cfg.Clock,
			timeout: cfg.FetchTimeout, keys: map[string]*rsa.PublicKey{}},
	}
}

// Verify checks credential for real: RS256 only (HS256 and none are refused,
// so the public key can never be used as an HMAC secret), signature against
// the JWKS, audience, issuer, and exp/nbf/iat with Leeway. It returns a fault
// with code Unauthorized for an unacceptable token, Unavailable when Google's
// keys cannot be fetched, and Forbidden when Google sign-in is not configured.
// EmailVerified is reported as Google states it; the core decides what to do.
func (v *Verifier) Verify(ctx context.Context, credential string) (identity.GoogleIdentity, error) {
	if v.clientID == "" {
		return identity.GoogleIdentity{}, fault.New(fault.Forbidden, "Google sign-in is not configured").
			WithReason(ReasonDisabled)
	}
	credential = strings.TrimSpace(credential)
	if credential == "" || len(credential) > maxCredentialBytes {
		return identity.GoogleIdentity{}, invalid(errors.New("credential is empty or too large"))
	}
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodRS256.Alg()}),
		jwt.WithTimeFunc(v.clock),
		jwt.WithLeeway(v.leeway),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithAudience(v.clientID),
	)
	var claims googleClaims
	_, err := parser.ParseWithClaims(credential, &claims, func(token *jwt.Token) (any, error) {
		kid, _ := token.Header["kid"].(string)
		if kid == "" {
			return nil, errors.New("token header has no kid")
		}
		return v.keys.key(ctx, kid)
	})
	if err != nil {
		var unavailable *keysUnavailableError
		switch {
		case errors.As(err, &unavailable):
			return identity.GoogleIdentity{}, fault.New(fault.Unavailable,
				"Google sign-in is temporarily unavailable, please try again").
				WithReason(ReasonUnavailable).WithCause(err)
		case errors.Is(err, jwt.ErrTokenExpired):
			return identity.GoogleIdentity{}, fault.New(fault.Unauthorized,
				"The Google sign-in has expired, please sign in again").
				WithReason(ReasonExpired).WithCause(err)
		}
		return identity.GoogleIdentity{}, invalid(err)
	}
	if !slices.Contains(v.issuers, claims.Issuer) {
		return identity.GoogleIdentity{}, invalid(fmt.Errorf("issuer %q is not Google", claims.Issuer))
	}
	if claims.Subject == "" {
		return identity.GoogleIdentity{}, invalid(errors.New("token has no subject"))
	}
	return identity.GoogleIdentity{
		Subject:       claims.Subject,
		Email:         claims.Email,
		EmailVerified: bool(claims.EmailVerified),
		Name:          claims.Name,
		Picture:       claims.Picture,
	}, nil
}

// invalid is the Unauthorized fault for a token we refuse; the cause is kept
// for the logs and never shown.
func invalid(cause error) error {
	return fault.New(fault.Unauthorized, "The Google sign-in could not be verified").
		WithReason(ReasonInvalid).WithCause(cause)
}

// googleClaims are the ID token fields Interno reads.
type googleClaims struct {
	jwt.RegisteredClaims
	Email         string       `json:"email"`
	EmailVerified flexibleBool `json:"email_verified"`
	Name          string       `json:"name"`
	Picture       string       `json:"picture"`
}

// flexibleBool accepts true/false as JSON booleans or strings, because
// Google has sent email_verified both ways over the years.
type flexibleBool bool

// UnmarshalJSON accepts true, false, "true" and "false" (any case); other
// values make the token malformed rather than silently unverified.
func (b *flexibleBool) UnmarshalJSON(data []byte) error {
	switch strings.ToLower(string(bytes.Trim(data, `"`))) {
	case "true":
		*b = true
	case "false", "null", "":
		*b = false
	default:
		return fmt.Errorf("email_verified: unexpected value %.20s", data)
	}
	return nil
}
