package googleauth_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"interno/adapters/googleauth"
	"interno/adapters/googleauth/googletest"
	"interno/core/fault"
)

// verify fails the test unless token is accepted.
func (f *fixture) verify(t *testing.T, token string) {
	t.Helper()
	if _, err := f.v.Verify(context.Background(), token); err != nil {
		t.Fatalf("Verify: %v", err)
	}
}

// wantFetches checks how many times the JWKS was downloaded.
func (f *fixture) wantFetches(t *testing.T, n int32) {
	t.Helper()
	if got := f.fetches.n.Load(); got != n {
		t.Fatalf("JWKS fetched %d times, want %d", got, n)
	}
}

func TestVerifier_Keys(t *testing.T) {
	t.Run("CachedBetweenCalls", func(t *testing.T) {
		f := newFixture(t)
		for range 5 {
			f.verify(t, f.iss.Mint(nil))
		}
		f.wantFetches(t, 1)
	})
	t.Run("RefetchedAfterMaxAge", func(t *testing.T) {
		f := newFixture(t)
		f.verify(t, f.iss.Mint(nil))
		f.clock.Advance(61 * time.Minute) // the issuer says max-age=3600
		f.verify(t, f.iss.Mint(nil))
		f.wantFetches(t, 2)
	})
	t.Run("UnknownKidRefetchesAtMostEvery30s", func(t *testing.T) {
		f := newFixture(t)
		f.verify(t, f.iss.Mint(nil))
		f.iss.Rotate()
		_, err := f.v.Verify(context.Background(), f.iss.Mint(nil))
		assertFault(t, err, fault.Unauthorized, googleauth.ReasonInvalid)
		f.wantFetches(t, 1)
		f.clock.Advance(31 * time.Second)
		f.verify(t, f.iss.Mint(nil))
		f.wantFetches(t, 2)
	})
	t.Run("ConcurrentFirstUseFetchesOnce", func(t *testing.T) {
		f := newFixture(t)
		token := f.iss.Mint(nil)
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() { f.verify(t, token) })
		}
		wg.Wait()
		f.wantFetches(t, 1)
	})
	t.Run("EndpointDownIsUnavailable", func(t *testing.T) {
		f := newFixture(t)
		f.iss.SetDown(true)
		_, err := f.v.Verify(context.Background(), f.iss.Mint(nil))
		assertFault(t, err, fault.Unavailable, googleauth.ReasonUnavailable)
		_, err = f.v.Verify(context.Background(), f.iss.Mint(nil))
		assertFault(t, err, fault.Unavailable, googleauth.ReasonUnavailable)
		f.wantFetches(t, 1) // the failure is remembered for a few seconds
		f.iss.SetDown(false)
		f.clock.Advance(6 * time.Second)
		f.verify(t, f.iss.Mint(nil))
	})
	t.Run("ServerGoneIsUnavailable", func(t *testing.T) {
		f := newFixture(t)
		token := f.iss.Mint(nil)
		if err := f.iss.Close(); err != nil {
			t.Fatal(err)
		}
		_, err := f.v.Verify(context.Background(), token)
		assertFault(t, err, fault.Unavailable, googleauth.ReasonUnavailable)
	})
	t.Run("StaleKeysBridgeAnOutage", func(t *testing.T) {
		f := newFixture(t)
		f.verify(t, f.iss.Mint(nil))
		f.clock.Advance(2 * time.Hour)
		f.iss.SetDown(true)
		f.verify(t, f.iss.Mint(nil))
		f.clock.Advance(6 * time.Hour)
		_, err := f.v.Verify(context.Background(), f.iss.Mint(nil))
		assertFault(t, err, fault.Unavailable, googleauth.ReasonUnavailable)
	})
	t.Run("SlowEndpointTimesOut", func(t *testing.T) {
		release := make(chan struct{})
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		t.Cleanup(slow.Close)
		t.Cleanup(func() { close(release) })
		iss := googletest.NewIssuer(t)
		v := googleauth.New(googleauth.Config{ClientID: googletest.DefaultClientID, JWKSURL: slow.URL,
			FetchTimeout: 100 * time.Millisecond})
		start := time.Now()
		_, err := v.Verify(context.Background(), iss.Mint(nil))
		assertFault(t, err, fault.Unavailable, googleauth.ReasonUnavailable)
		if time.Since(start) > 2*time.Second {
			t.Errorf("Verify waited %v", time.Since(start))
		}
	})
	t.Run("BadKeySetsAreUnavailable", func(t *testing.T) {
		weak, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			t.Fatal(err)
		}
		bodies := map[string]string{
			"NotJSON":    "<html>",
			"NoKeys":     `{"keys":[]}`,
			"OnlyHMAC":   `{"keys":[{"kty":"oct","kid":"k","k":"c2VjcmV0"}]}`,
			"WeakRSAKey": jwksOf("test-key-1", &weak.PublicKey),
		}
		for name, body := range bodies {
			t.Run(name, func(t *testing.T) {
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
					fmt.Fprint(w, body)
				}))
				t.Cleanup(srv.Close)
				iss := googletest.NewIssuer(t)
				v := googleauth.New(googleauth.Config{ClientID: googletest.DefaultClientID, JWKSURL: srv.URL})
				_, err := v.Verify(context.Background(), iss.Mint(nil))
				assertFault(t, err, fault.Unavailable, googleauth.ReasonUnavailable)
			})
		}
	})
}

// jwksOf renders a one-key JWKS document.
func jwksOf(kid string, pub *rsa.PublicKey) string {
	enc := base64.RawURLEncoding
	return fmt.Sprintf(`{"keys":[{"kty":"RSA","alg":"RS256","use":"sig","kid":%q,"n":%q,"e":%q}]}`,
		kid, enc.EncodeToString(pub.N.Bytes()), enc.EncodeToString(big.NewInt(int64(pub.E)).Bytes()))
}
