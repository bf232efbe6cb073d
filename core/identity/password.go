package identity

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2Params are the argon2id cost settings (OWASP: m=19 MiB, t=2, p=1).
type Argon2Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// DefaultArgon2 is the production cost.
var DefaultArgon2 = Argon2Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

// PasswordHasher hashes and verifies passwords with argon2id, running at most
// a fixed number of hashes at once so a login burst cannot exhaust memory.
type PasswordHasher struct {
	params Argon2Params
	slots  chan struct{}
	dummy  string
	// observe, when set (tests), is told the cost parameters of every key derivation.
	observe func(Argon2Params)
}

// NewPasswordHasher returns a hasher allowing concurrency simultaneous hashes.
func NewPasswordHasher(params Argon2Params, concurrency int) *PasswordHasher {
	if concurrency < 1 {
		concurrency = 1
	}
	h := &PasswordHasher{params: params, slots: make(chan struct{}, concurrency)}
	h.dummy = h.Hash("interno-timing-equaliser")
	return h
}

// Hash returns a PHC-format argon2id string with a random salt.
func (h *PasswordHasher) Hash(password string) string {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err))
	}
	key := h.derive(password, salt, h.params)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.params.MemoryKiB,
		h.params.Time, h.params.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// Verify reports whether password matches encoded. An empty or malformed
// hash still costs one full hash, so callers cannot tell accounts apart by time.
func (h *PasswordHasher) Verify(password, encoded string) bool {
	params, salt, want, err := parsePHC(encoded)
	wellFormed := err == nil
	if !wellFormed {
		// The same work against the dummy hash, which never answers true.
		params, salt, want, _ = parsePHC(h.dummy)
	}
	got := h.derive(password, salt, params)
	return subtle.ConstantTimeCompare(got, want) == 1 && wellFormed
}

// Burn spends the time of one verification; used when the account is unknown.
func (h *PasswordHasher) Burn(password string) { h.Verify(password, h.dummy) }

func (h *PasswordHasher) derive(password string, salt []byte, p Argon2Params) []byte {
	h.slots <- struct{}{}
	defer func() { <-h.slots }()
	if h.observe != nil {
		h.observe(p)
	}
	return argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, 32)
}

var b64 = base64.RawStdEncoding

func parsePHC(s string) (Argon2Params, []byte, []byte, error) {
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return Argon2Params{}, nil, nil, fmt.Errorf("not an argon2id hash")
	}
	var p Argon2Params
	var threads uint
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &threads); err != nil {
		return Argon2Params{}, nil, nil, err
	}
	p.Threads = uint8(threads)
	if p.MemoryKiB == 0 || p.Time == 0 || p.Threads == 0 || p.MemoryKiB > 256*1024 || p.Time > 16 {
		return Argon2Params{}, nil, nil, fmt.Errorf("unreasonable argon2 parameters")
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return Argon2Params{}, nil, nil, err
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) == 0 {
		return Argon2Params{}, nil, nil, fmt.Errorf("bad key")
	}
	return p, salt, key, nil
}
