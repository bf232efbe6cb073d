package googleauth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"interno/adapters/googleauth"
	"interno/adapters/googleauth/googletest"
	"interno/core/fault"
)

// testClock is a clock tests move by hand, shared by issuer and verifier.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// countingTransport counts JWKS downloads.
type countingTransport struct{ n atomic.Int32 }

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

// fixture is an issuer and a verifier trusting it, on one pinned clock.
type fixture struct {
	iss     *googletest.Issuer
	clock   *testClock
	fetches *countingTransport
	v       *googleauth.Verifier
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{
		iss:     googletest.NewIssuer(t),
		clock:   &testClock{now: time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)},
		fetches: &countingTransport{},
	}
	f.iss.Clock = f.clock.Now
	f.v = googleauth.New(googleauth.Config{
		ClientID:   googletest.DefaultClientID,
		JWKSURL:    f.iss.JWKSURL(),
		Clock:      f.clock.Now,
		HTTPClient: &http.Client{Transport: f.fetches, Timeout: 5 * time.Second},
	})
	return f
}

// assertFault checks err is a fault with the given code and reason.
func assertFault(t *testing.T, err error, code fault.Code, reason string) {
	t.Helper()
	f, ok := fault.As(err)
	if !ok {
		t.Fatalf("err = %v, want a fault %s/%s", err, code, reason)
	}
	if f.Code != code || f.Reason != reason {
		t.Fatalf("fault = %s/%s (%v), want %s/%s", f.Code, f.Reason, err, code, reason)
	}
	if strings.Contains(f.Message, "jwks") || strings.Contains(f.Message, "token is") {
		t.Errorf("message leaks internals: %q", f.Message)
	}
}

// sign makes a token with any method, key and header, for forgeries.
func sign(t *testing.T, method jwt.SigningMethod, key any, kid string, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, claims)
	if kid != "" {
		tok.Header["kid"] = kid
	}
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatalf("sign: %v", err)
	}
	return s
}

// validClaims are claims the verifier would accept, for forged tokens.
func (f *fixture) validClaims() jwt.MapClaims {
	now := f.clock.Now()
	return jwt.MapClaims{"iss": "https://accounts.google.com", "aud": googletest.DefaultClientID,
		"sub": "1234567890", "email": "eva@example.com", "email_verified": true,
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
}

func TestVerifier_Verify(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		f := newFixture(t)
		for _, issuer := range googleauth.DefaultIssuers {
			tok := f.iss.Mint(map[string]any{"iss": issuer, "sub": "110248495921238986420",
				"email": "sofia.bianchi@example.com", "name": "Sofia Bianchi", "picture": "https://example.com/s.jpg"})
			id, err := f.v.Verify(context.Background(), tok)
			if err != nil {
				t.Fatalf("iss %q: %v", issuer, err)
			}
			if id.Subject != "110248495921238986420" || id.Email != "sofia.bianchi@example.com" || !id.EmailVerified ||
				id.Name != "Sofia Bianchi" || id.Picture != "https://example.com/s.jpg" {
				t.Errorf("identity = %+v", id)
			}
		}
	})
	t.Run("EmailVerifiedAsBoolOrString", func(t *testing.T) {
		f := newFixture(t)
		for raw, want := range map[any]bool{false: false, "false": false, "true": true, "TRUE": true, true: true} {
			id, err := f.v.Verify(context.Background(), f.iss.Mint(map[string]any{"email_verified": raw}))
			if err != nil {
				t.Fatalf("email_verified %v: %v", raw, err)
			}
			if id.EmailVerified != want {
				t.Errorf("email_verified %#v gave %v", raw, id.EmailVerified)
			}
		}
	})
	t.Run("WithinLeeway", func(t *testing.T) {
		f := newFixture(t)
		now := f.clock.Now()
		tok := f.iss.Mint(map[string]any{"exp": now.Add(-30 * time.Second).Unix(),
			"nbf": now.Add(30 * time.Second).Unix(), "iat": now.Add(30 * time.Second).Unix()})
		if _, err := f.v.Verify(context.Background(), tok); err != nil {
			t.Fatalf("30 s of skew refused: %v", err)
		}
	})
	t.Run("Refused", func(t *testing.T) {
		f := newFixture(t)
		other, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		pemKey := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: mustPKIX(t, f.iss.PublicKey())})
		now := f.clock.Now()
		cases := []struct {
			name, token, reason string
		}{
			{"ForgedSignature", sign(t, jwt.SigningMethodRS256, other, f.iss.KeyID(), f.validClaims()), googleauth.ReasonInvalid},
			{"Expired", f.iss.Mint(map[string]any{"iat": now.Add(-2 * time.Hour).Unix(), "exp": now.Add(-2 * time.Minute).Unix()}), googleauth.ReasonExpired},
			{"NotYetValid", f.iss.Mint(map[string]any{"nbf": now.Add(5 * time.Minute).Unix()}), googleauth.ReasonInvalid},
			{"IssuedInTheFuture", f.iss.Mint(map[string]any{"iat": now.Add(10 * time.Minute).Unix()}), googleauth.ReasonInvalid},
			{"NoExpiry", f.iss.Mint(map[string]any{"exp": nil}), googleauth.ReasonInvalid},
			{"WrongAudience", f.iss.Mint(map[string]any{"aud": "someone-else.apps.googleusercontent.com"}), googleauth.ReasonInvalid},
			{"NoAudience", f.iss.Mint(map[string]any{"aud": nil}), googleauth.ReasonInvalid},
			{"WrongIssuer", f.iss.Mint(map[string]any{"iss": "https://evil.example.com"}), googleauth.ReasonInvalid},
			{"NoSubject", f.iss.Mint(map[string]any{"sub": ""}), googleauth.ReasonInvalid},
			{"EmailVerifiedGarbage", f.iss.Mint(map[string]any{"email_verified": "maybe"}), googleauth.ReasonInvalid},
			{"AlgNone", sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, f.iss.KeyID(), f.validClaims()), googleauth.ReasonInvalid},
			{"HS256WithPublicKeyAsSecret", sign(t, jwt.SigningMethodHS256, pemKey, f.iss.KeyID(), f.validClaims()), googleauth.ReasonInvalid},
			{"HS256WithModulusAsSecret", sign(t, jwt.SigningMethodHS256, f.iss.PublicKey().N.Bytes(), f.iss.KeyID(), f.validClaims()), googleauth.ReasonInvalid},
			{"RS512", sign(t, jwt.SigningMethodRS512, other, f.iss.KeyID(), f.validClaims()), googleauth.ReasonInvalid},
			{"UnknownKid", sign(t, jwt.SigningMethodRS256, other, "no-such-key", f.validClaims()), googleauth.ReasonInvalid},
			{"NoKid", sign(t, jwt.SigningMethodRS256, other, "", f.validClaims()), googleauth.ReasonInvalid},
			{"Malformed", "not.a.jwt", googleauth.ReasonInvalid},
			{"Garbage", "ey!!", googleauth.ReasonInvalid},
			{"Empty", "  ", googleauth.ReasonInvalid},
			{"Huge", strings.Repeat("a", 20000), googleauth.ReasonInvalid},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.v.Verify(context.Background(), tc.token)
				assertFault(t, err, fault.Unauthorized, tc.reason)
			})
		}
	})
	t.Run("NotConfigured", func(t *testing.T) {
		f := newFixture(t)
		v := googleauth.New(googleauth.Config{JWKSURL: f.iss.JWKSURL(), Clock: f.clock.Now})
		_, err := v.Verify(context.Background(), f.iss.Mint(nil))
		assertFault(t, err, fault.Forbidden, googleauth.ReasonDisabled)
		if fe, _ := fault.As(err); fe.Message != "Google sign-in is not configured" {
			t.Errorf("message = %q", fe.Message)
		}
	})
}

// mustPKIX encodes a public key as DER, the bytes a PEM file holds.
func mustPKIX(t *testing.T, pub *rsa.PublicKey) []byte {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return der
}
