package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"interno/core/kernel"
)

// Token lifetimes (DESIGN.md): a day, or thirty with "remember me".
const (
	TokenLifetime         = 24 * time.Hour
	RememberTokenLifetime = 30 * 24 * time.Hour
	tokenIssuer           = "interno"
	tokenAudience         = "interno-api"
)

// TokenLeeway is the clock skew tolerated on a token's expiry: a few
// seconds between instances, never enough to keep an ended session alive.
const TokenLeeway = 5 * time.Second

// Principal is the verified caller of a request: the shared kernel's
// Principal (what core services are given) and what its token says.
type Principal struct {
	kernel.Principal
	TokenVersion int
	// TokenID names the token (its jti) so logout can revoke it alone.
	TokenID string
	// ExpiresAt is when the token stops working anyway.
	ExpiresAt time.Time
}

type claims struct {
	Role    Role `json:"role"`
	Version int  `json:"ver"`
	jwt.RegisteredClaims
}

// Tokens issues and parses HS256 access tokens.
type Tokens struct {
	secret []byte
	now    func() time.Time
}

// NewTokens returns a token service; secret must be at least 32 bytes.
func NewTokens(secret []byte, now func() time.Time) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("JWT secret must be at least 32 bytes")
	}
	if now == nil {
		now = time.Now
	}
	return &Tokens{secret: secret, now: now}, nil
}

// Issue signs a token for u valid for lifetime.
func (t *Tokens) Issue(u User, lifetime time.Duration) (string, time.Time, error) {
	now := t.now()
	exp := now.Add(lifetime)
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", time.Time{}, err
	}
	c := claims{Role: u.Role, Version: u.TokenVersion, RegisteredClaims: jwt.RegisteredClaims{
		ID:        base64.RawURLEncoding.EncodeToString(jti),
		Subject:   strconv.FormatInt(u.ID, 10),
		Issuer:    tokenIssuer,
		Audience:  jwt.ClaimStrings{tokenAudience},
		IssuedAt:  jwt.NewNumericDate(now),
		NotBefore: jwt.NewNumericDate(now.Add(-time.Minute)),
		ExpiresAt: jwt.NewNumericDate(exp),
	}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
	return s, exp, err
}

// Parse verifies signature (HS256 only), issuer, audience and expiry.
func (t *Tokens) Parse(token string) (Principal, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(tokenAudience),
		jwt.WithTimeFunc(t.now),
		jwt.WithLeeway(TokenLeeway),
	)
	if err != nil {
		return Principal{}, ErrTokenInvalid.WithCause(err)
	}
	id, err := strconv.ParseInt(c.Subject, 10, 64)
	if err != nil || id <= 0 || !c.Role.Valid() {
		return Principal{}, ErrTokenInvalid
	}
	p := Principal{Principal: kernel.Principal{UserID: id, Role: c.Role}, TokenVersion: c.Version, TokenID: c.ID}
	if c.ExpiresAt != nil {
		p.ExpiresAt = c.ExpiresAt.Time
	}
	if p.TokenID == "" {
		// Tokens issued before ids existed are named by their digest.
		sum := sha256.Sum256([]byte(token))
		p.TokenID = "sha256:" + hex.EncodeToString(sum[:16])
	}
	return p, nil
}
