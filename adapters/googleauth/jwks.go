package googleauth

import (
	"context"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// Cache tuning. Google rotates its signing keys every few days, publishes new
// ones before use and serves the JWKS with a max-age of several hours.
const (
	defaultMaxAge = time.Hour
	minMaxAge     = time.Minute
	maxMaxAge     = 24 * time.Hour
	// refetchAfter limits refreshes triggered by unknown key ids, so forged
	// tokens with random kids cannot make us hammer the JWKS endpoint.
	refetchAfter = 30 * time.Second
	// retryAfterFailure answers Unavailable at once for a while after a failed
	// fetch instead of making every sign-in wait for the timeout again.
	retryAfterFailure = 5 * time.Second
	// staleGrace lets known keys outlive their max-age while the endpoint is
	// down; tokens signed with them expire within an hour anyway.
	staleGrace   = 6 * time.Hour
	maxJWKSBytes = 1 << 20
	minRSABits   = 2048
)

// errUnknownKey means the token names a key the (fresh) JWKS does not have.
var errUnknownKey = errors.New("signing key not found in JWKS")

// keysUnavailableError means the JWKS could not be fetched, so no verdict on
// the token is possible; it maps to fault.Unavailable.
type keysUnavailableError struct{ err error }

// Error keeps the cause for logs; clients only see the fault message.
func (e *keysUnavailableError) Error() string { return "google keys unavailable: " + e.err.Error() }

// Unwrap lets errors.Is see network causes such as timeouts.
func (e *keysUnavailableError) Unwrap() error { return e.err }

// keySet caches Google's RSA signing keys by key id.
type keySet struct {
	url     string
	client  *http.Client
	clock   func() time.Time
	timeout time.Duration
	group   singleflight.Group

	mu        sync.Mutex
	keys      map[string]*rsa.PublicKey
	fetchedAt time.Time
	expiresAt time.Time
	failedAt  time.Time
	lastErr   error
}

// key returns the public key for kid, fetching the JWKS when the cache is
// empty, expired, or lacks kid (at most once per refetchAfter).
func (k *keySet) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	now := k.clock()
	k.mu.Lock()
	cached, known := k.keys[kid]
	fresh := !k.fetchedAt.IsZero() && now.Before(k.expiresAt)
	recent := !k.fetchedAt.IsZero() && now.Sub(k.fetchedAt) < refetchAfter
	stillFailing := !k.failedAt.IsZero() && now.Sub(k.failedAt) < retryAfterFailure
	usableStale := known && now.Before(k.expiresAt.Add(staleGrace))
	lastErr := k.lastErr
	k.mu.Unlock()

	switch {
	case known && fresh:
		return cached, nil
	case !known && recent:
		return nil, errUnknownKey
	case stillFailing && usableStale:
		return cached, nil
	case stillFailing:
		return nil, &keysUnavailableError{err: lastErr}
	}
	if err := k.refresh(ctx); err != nil {
		if usableStale {
			return cached, nil
		}
		return nil, &keysUnavailableError{err: err}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if key, ok := k.keys[kid]; ok {
		return key, nil
	}
	return nil, errUnknownKey
}

// refresh fetches the JWKS once for all concurrent callers. The fetch runs
// with its own timeout, detached from the first caller's cancellation, so one
// impatient request does not fail the others waiting on it.
func (k *keySet) refresh(ctx context.Context) error {
	ch := k.group.DoChan("jwks", func() (any, error) {
		fetchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), k.timeout)
		defer cancel()
		keys, maxAge, err := fetchJWKS(fetchCtx, k.client, k.url)
		now := k.clock()
		k.mu.Lock()
		defer k.mu.Unlock()
		if err != nil {
			k.failedAt, k.lastErr = now, err
			return nil, err
		}
		k.keys, k.fetchedAt, k.expiresAt = keys, now, now.Add(maxAge)
		k.failedAt, k.lastErr = time.Time{}, nil
		return nil, nil
	})
	select {
	case <-ctx.Done():
		return ctx.Err()
	case res := <-ch:
		return res.Err
	}
}

// jwk is the subset of RFC 7517 fields an RSA signing key needs.
type jwk struct {
	Kty string `json:"kty"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	N   string `json:"n"`
	E   string `json:"e"`
}

// fetchJWKS downloads and parses the key set and how long it may be cached.
func fetchJWKS(ctx context.Context, client *http.Client, url string) (map[string]*rsa.PublicKey, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("jwks request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, 0, fmt.Errorf("jwks fetch: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, 0, fmt.Errorf("jwks fetch: status %s", resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxJWKSBytes+1))
	if err != nil {
		return nil, 0, fmt.Errorf("jwks read: %w", err)
	}
	if len(body) > maxJWKSBytes {
		return nil, 0, errors.New("jwks larger than 1 MiB")
	}
	var doc struct {
		Keys []jwk `json:"keys"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, 0, fmt.Errorf("jwks decode: %w", err)
	}
	keys := make(map[string]*rsa.PublicKey, len(doc.Keys))
	for _, j := range doc.Keys {
		if j.Kty != "RSA" || j.Kid == "" || (j.Use != "" && j.Use != "sig") || (j.Alg != "" && j.Alg != "RS256") {
			continue
		}
		pub, err := j.rsaKey()
		if err != nil {
			return nil, 0, fmt.Errorf("jwks key %q: %w", j.Kid, err)
		}
		keys[j.Kid] = pub
	}
	if len(keys) == 0 {
		return nil, 0, errors.New("jwks has no RS256 signing keys")
	}
	return keys, maxAge(resp.Header.Get("Cache-Control")), nil
}

// rsaKey decodes the modulus and exponent, refusing weak keys.
func (j jwk) rsaKey() (*rsa.PublicKey, error) {
	n, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(j.N, "="))
	if err != nil {
		return nil, fmt.Errorf("modulus: %w", err)
	}
	e, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(j.E, "="))
	if err != nil {
		return nil, fmt.Errorf("exponent: %w", err)
	}
	modulus := new(big.Int).SetBytes(n)
	exponent := new(big.Int).SetBytes(e)
	if modulus.BitLen() < minRSABits {
		return nil, fmt.Errorf("modulus of %d bits is too small", modulus.BitLen())
	}
	if !exponent.IsInt64() || exponent.Int64() < 3 || exponent.Int64() > 1<<31-1 || exponent.Bit(0) == 0 {
		return nil, errors.New("exponent out of range")
	}
	return &rsa.PublicKey{N: modulus, E: int(exponent.Int64())}, nil
}

// maxAge reads the max-age directive, clamped to sane bounds, defaulting to
// an hour when the server gives none.
func maxAge(cacheControl string) time.Duration {
	for _, directive := range strings.Split(cacheControl, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(directive), "=")
		if !ok || !strings.EqualFold(name, "max-age") {
			continue
		}
		secs, err := strconv.Atoi(strings.Trim(value, `"`))
		if err != nil {
			break
		}
		if secs > int(maxMaxAge/time.Second) {
			return maxMaxAge
		}
		return min(max(time.Duration(secs)*time.Second, minMaxAge), maxMaxAge)
	}
	return defaultMaxAge
}
