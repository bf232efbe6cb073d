package identity

import (
	"context"
	"errors"
	"testing"
)

// TestService_LoginCostsOneHashEitherWay checks there is no account-enumeration
// oracle without timing anything: an unknown e-mail must derive exactly one
// argon2id key with the production parameters, as a wrong password does, so
// both answers cost the same work. (A timed comparison is flaky on shared
// machines; the benchmark of the hasher holds the cost itself.)
func TestService_LoginCostsOneHashEitherWay(t *testing.T) {
	f := newFixture(t)
	params := Argon2Params{MemoryKiB: 8 << 10, Time: 2, Threads: 1}
	hasher := NewPasswordHasher(params, 2)
	f.svc.d.Hasher = hasher
	f.register(t, "anna@example.com")
	var derived []Argon2Params
	hasher.observe = func(p Argon2Params) { derived = append(derived, p) }
	ctx := context.Background()
	for _, emailAddr := range []string{"anna@example.com", "nobody@example.com", "ANNA@example.com "} {
		derived = nil
		if _, err := f.svc.Login(ctx, Credentials{Email: emailAddr, Password: "wrong-password"}); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("login %q: %v, want invalid credentials", emailAddr, err)
		}
		if len(derived) != 1 || derived[0] != params {
			t.Fatalf("login %q derived %v, want exactly one key with %v", emailAddr, derived, params)
		}
	}
}
