// Package googletest stands in for Google in tests: it serves a JWKS over
// HTTP and mints ID tokens signed with the matching key, so the real
// googleauth.Verifier (and the real binary, given INTERNO_GOOGLE_JWKS_URL)
// can be exercised end to end without reaching Google.
//
// Never wire it into a production build: anyone who can reach it can mint
// tokens.
package googletest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// DefaultClientID is the audience Mint uses unless told otherwise; configure
// the verifier (INTERNO_GOOGLE_CLIENT_ID) with Issuer.ClientID.
const DefaultClientID = "interno-test.apps.googleusercontent.com"

// JWKSPath is where the issuer serves its key set, mirroring Google's path.
const JWKSPath = "/oauth2/v3/certs"

// MintPath accepts POSTed JSON claims and answers with a token, for browser
// e2e tests that cannot call Mint directly.
const MintPath = "/mint"

// Issuer is a fake Google: a key pair, a JWKS endpoint and a token minter.
type Issuer struct {
	// ClientID is the default audience of minted tokens.
	ClientID string
	// Clock stamps iat and exp; set it to the verifier's pinned clock in tests.
	Clock func() time.Time

	base  string
	close func() error

	mu   sync.Mutex
	keys []signingKey // the last one signs; all are published
	down bool
}

// signingKey is one published key pair.
type signingKey struct {
	kid  string
	priv *rsa.PrivateKey
}

// NewIssuer starts an issuer on a loopback httptest server that stops when
// the test ends.
func NewIssuer(t testing.TB) *Issuer {
	t.Helper()
	iss, err := newIssuer()
	if err != nil {
		t.Fatalf("googletest: %v", err)
	}
	srv := httptest.NewServer(iss.handler())
	iss.base = srv.URL
	iss.close = func() error { srv.Close(); return nil }
	t.Cleanup(func() { _ = iss.Close() })
	return iss
}

// Start runs an issuer outside `go test` (e2e harnesses) on addr, for example
// "127.0.0.1:0"; call Close when done.
func Start(addr string) (*Issuer, error) {
	iss, err := newIssuer()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("googletest: %w", err)
	}
	srv := &http.Server{Handler: iss.handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	iss.base = "http://" + ln.Addr().String()
	iss.close = srv.Close
	return iss, nil
}

// newIssuer creates the first key.
func newIssuer() (*Issuer, error) {
	iss := &Issuer{ClientID: DefaultClientID, Clock: time.Now}
	if _, err := iss.addKey(); err != nil {
		return nil, err
	}
	return iss, nil
}

// URL is the issuer's base URL.
func (i *Issuer) URL() string { return i.base }

// JWKSURL is the value for googleauth.Config.JWKSURL / INTERNO_GOOGLE_JWKS_URL.
func (i *Issuer) JWKSURL() string { return i.base + JWKSPath }

// Close stops the server.
func (i *Issuer) Close() error {
	if i.close == nil {
		return nil
	}
	return i.close()
}

// Rotate adds a new signing key, keeping the old ones published, and returns
// the new key id; tests use it to check that verifiers refresh their cache.
func (i *Issuer) Rotate() string {
	kid, err := i.addKey()
	if err != nil {
		panic(fmt.Sprintf("googletest: %v", err))
	}
	return kid
}

// KeyID is the id of the current signing key, for tests that forge tokens
// claiming to come from it.
func (i *Issuer) KeyID() string {
	i.mu.Lock()
	defer i.mu.Unlock()
	return i.keys[len(i.keys)-1].kid
}

// PublicKey is the current signing key's public half, for tests of
// algorithm-confusion attacks that abuse it as an HMAC secret.
func (i *Issuer) PublicKey() *rsa.PublicKey {
	i.mu.Lock()
	defer i.mu.Unlock()
	return &i.keys[len(i.keys)-1].priv.PublicKey
}

// SetDown makes the JWKS endpoint answer 503, to test the Unavailable path.
func (i *Issuer) SetDown(down bool) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.down = down
}

// addKey generates a 2048-bit RSA key and makes it the signing key.
func (i *Issuer) addKey() (string, error) {
	priv, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return "", err
	}
	i.mu.Lock()
	defer i.mu.Unlock()
	kid := fmt.Sprintf("test-key-%d", len(i.keys)+1)
	i.keys = append(i.keys, signingKey{kid: kid, priv: priv})
	return kid, nil
}

// Mint signs an ID token shaped like Google's. Missing claims get defaults:
// iss https://accounts.google.com, aud and azp ClientID, sub derived from the
// email (so one e-mail is one Google account), email "utente@example.com",
// email_verified true, name, iat now, exp in an hour. A claim set to nil is
// left out. It panics only if claims cannot be encoded as JSON.
func (i *Issuer) Mint(claims map[string]any) string {
	token, err := i.mint(claims)
	if err != nil {
		panic(fmt.Sprintf("googletest: %v", err))
	}
	return token
}

// mint is Mint with an error.
func (i *Issuer) mint(claims map[string]any) (string, error) {
	now := i.Clock()
	full := jwt.MapClaims{
		"iss":            "https://accounts.google.com",
		"aud":            i.ClientID,
		"azp":            i.ClientID,
		"email":          "utente@example.com",
		"email_verified": true,
		"name":           "Utente di Prova",
		"iat":            now.Unix(),
		"exp":            now.Add(time.Hour).Unix(),
	}
	for k, v := range claims {
		if v == nil {
			delete(full, k)
			continue
		}
		full[k] = v
	}
	if _, ok := claims["sub"]; !ok {
		email, _ := full["email"].(string)
		full["sub"] = subjectFor(email)
	}
	if _, err := json.Marshal(full); err != nil {
		return "", fmt.Errorf("claims: %w", err)
	}
	i.mu.Lock()
	key := i.keys[len(i.keys)-1]
	i.mu.Unlock()
	token := jwt.NewWithClaims(jwt.SigningMethodRS256, full)
	token.Header["kid"] = key.kid
	return token.SignedString(key.priv)
}

// subjectFor derives a stable, Google-looking numeric subject from an e-mail.
func subjectFor(email string) string {
	sum := sha256.Sum256([]byte(email))
	return "1" + new(big.Int).SetBytes(sum[:9]).Text(10)
}

// handler serves the JWKS and the mint endpoint.
func (i *Issuer) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+JWKSPath, i.serveJWKS)
	mux.HandleFunc("POST "+MintPath, i.serveMint)
	return mux
}

// serveJWKS publishes every key, with a Cache-Control like Google's.
func (i *Issuer) serveJWKS(w http.ResponseWriter, _ *http.Request) {
	i.mu.Lock()
	down := i.down
	keys := make([]map[string]string, 0, len(i.keys))
	for _, k := range i.keys {
		keys = append(keys, map[string]string{
			"kty": "RSA", "use": "sig", "alg": "RS256", "kid": k.kid,
			"n": base64.RawURLEncoding.EncodeToString(k.priv.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(k.priv.E)).Bytes()),
		})
	}
	i.mu.Unlock()
	if down {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_ = json.NewEncoder(w).Encode(map[string]any{"keys": keys})
}

// serveMint answers a JSON object of claims with a token (text/plain).
func (i *Issuer) serveMint(w http.ResponseWriter, r *http.Request) {
	var claims map[string]any
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err == nil && len(body) > 0 {
		err = json.Unmarshal(body, &claims)
	}
	if err == nil && len(body) == 0 {
		err = errors.New("empty body; send a JSON object of claims, {} for defaults")
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	token, err := i.mint(claims)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = io.WriteString(w, token)
}
