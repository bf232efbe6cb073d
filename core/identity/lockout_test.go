package identity

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"interno/core/fault"
	"interno/core/throttle"
)

func withLockout(f *fixture) {
	clock := func() time.Time { return f.now }
	f.svc.d.Lockout = NewLockout(DefaultLockout, throttle.NewMemory(0, clock), clock)
}

func (f *fixture) attempt(password, client string) error {
	_, err := f.svc.Login(context.Background(), Credentials{Email: "anna@example.com", Password: password, Client: client})
	return err
}

func isThrottled(err error) bool { return fault.CodeOf(err) == fault.Throttled }

func TestLockout_SlowsTheGuesserNotTheOwner(t *testing.T) {
	const attacker, home, train = "203.0.113.9", "198.51.100.7", "192.0.2.33"
	t.Run("GuesserWaitsLongerAndLonger", func(t *testing.T) {
		f := newFixture(t)
		withLockout(f)
		f.register(t, "anna@example.com")
		for i := 0; i < 5; i++ {
			if err := f.attempt("guess-guess", attacker); !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("free guess %d: %v", i, err)
			}
		}
		var waits []int
		for i := 0; i < 4; i++ {
			if err := f.attempt("guess-guess", attacker); !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("guess after waiting: %v", err)
			}
			err := f.attempt("password1", attacker)
			if !isThrottled(err) {
				t.Fatalf("the right password during the wait must not be checked: %v", err)
			}
			f2, _ := fault.As(err)
			waits = append(waits, f2.RetryAfterSeconds)
			f.now = f.now.Add(time.Duration(f2.RetryAfterSeconds) * time.Second)
		}
		if waits[0] != 2 || waits[1] != 4 || waits[2] != 8 || waits[3] != 16 {
			t.Fatalf("waits %v, want 2 4 8 16", waits)
		}
		if err := f.attempt("password1", home); err != nil {
			t.Fatalf("the owner elsewhere: %v", err)
		}
	})
	t.Run("SpreadOverManyAddressesSlowsOnlyNewAddresses", func(t *testing.T) {
		f := newFixture(t)
		withLockout(f)
		f.register(t, "anna@example.com")
		if err := f.attempt("password1", home); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 25; i++ {
			bot := "10.1.0." + string(rune('a'+i))
			if err := f.attempt("guess-guess", bot); !errors.Is(err, ErrInvalidCredentials) && !isThrottled(err) {
				t.Fatalf("bot %d: %v", i, err)
			}
		}
		if err := f.attempt("guess-guess", "10.2.0.1"); !isThrottled(err) {
			t.Fatalf("a new address after a spread attack: %v, want throttled", err)
		}
		if err := f.attempt("password1", home); err != nil {
			t.Fatalf("the owner at home: %v", err)
		}
		// On the train she is slowed like any new address, until the e-mailed
		// reset link proves she owns the account.
		if err := f.attempt("password1", train); !isThrottled(err) {
			t.Fatalf("new address during the attack: %v", err)
		}
		if err := f.svc.RequestPasswordReset(context.Background(), "anna@example.com"); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.ResetPassword(context.Background(), resetLink(t, f), "password2", train); err != nil {
			t.Fatal(err)
		}
		if err := f.attempt("password2", train); err != nil {
			t.Fatalf("after the reset from the train: %v", err)
		}
	})
	t.Run("AnOfficeBehindOneAddress", func(t *testing.T) {
		f := newFixture(t)
		withLockout(f)
		ctx := context.Background()
		for i := 0; i < 40; i++ {
			addr := "collega" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + "@example.com"
			if _, err := f.svc.Register(ctx, Registration{Email: addr, Password: "password1", Name: "C"}); err != nil {
				t.Fatal(err)
			}
			if i%4 == 0 {
				_, _ = f.svc.Login(ctx, Credentials{Email: addr, Password: "typo-typo", Client: "192.0.2.200"})
			}
			if _, err := f.svc.Login(ctx, Credentials{Email: addr, Password: "password1", Client: "192.0.2.200"}); err != nil {
				t.Fatalf("colleague %d: %v", i, err)
			}
			f.now = f.now.Add(30 * time.Second)
		}
	})
	t.Run("UnknownAddressesCountToo", func(t *testing.T) {
		f := newFixture(t)
		withLockout(f)
		var last error
		for i := 0; i < 8; i++ {
			_, last = f.svc.Login(context.Background(), Credentials{Email: "nobody@example.com", Password: "x-x-x-x-x", Client: attacker})
		}
		if !isThrottled(last) {
			t.Fatalf("probing unknown e-mails: %v", last)
		}
	})
}

func TestService_Logout(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	revoked := &memRevocations{ids: map[string]time.Time{}}
	f.svc.d.Revoked = revoked
	f.register(t, "anna@example.com")
	login := func() string {
		s, err := f.svc.Login(ctx, Credentials{Email: "anna@example.com", Password: "password1"})
		if err != nil {
			t.Fatal(err)
		}
		return s.Token
	}
	phone, laptop := login(), login()
	p, err := f.svc.Authenticate(ctx, phone)
	if err != nil || p.TokenID == "" || p.ExpiresAt.IsZero() {
		t.Fatalf("%+v %v", p, err)
	}
	if err := f.svc.Logout(ctx, p); err != nil {
		t.Fatal(err)
	}
	if exp := revoked.ids[p.TokenID]; !exp.Equal(p.ExpiresAt) {
		t.Fatalf("revocation kept until %v, want the token's expiry %v", exp, p.ExpiresAt)
	}
	if _, err := f.svc.Authenticate(ctx, phone); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("revoked token: %v", err)
	}
	pl, err := f.svc.Authenticate(ctx, laptop)
	if err != nil {
		t.Fatalf("the other session ended too: %v", err)
	}
	if err := f.svc.LogoutAll(ctx, pl.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Authenticate(ctx, laptop); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("after logout everywhere: %v", err)
	}
	if _, err := f.svc.Authenticate(ctx, login()); err != nil {
		t.Fatalf("signing in again: %v", err)
	}
}

func TestTokens_LeewayIsAFewSeconds(t *testing.T) {
	f := newFixture(t)
	s := f.register(t, "anna@example.com")
	f.now = s.ExpiresAt.Add(TokenLeeway - time.Second)
	if _, err := f.svc.Authenticate(context.Background(), s.Token); err != nil {
		t.Fatalf("within the leeway: %v", err)
	}
	f.now = s.ExpiresAt.Add(TokenLeeway + time.Second)
	if _, err := f.svc.Authenticate(context.Background(), s.Token); !errors.Is(err, ErrTokenInvalid) {
		t.Fatalf("past the leeway: %v", err)
	}
	if TokenLeeway > 5*time.Second {
		t.Fatalf("leeway %s", TokenLeeway)
	}
}

// heldWork is a Deferrer that keeps the work for the test to run.
type heldWork struct {
	mu   sync.Mutex
	jobs []func(context.Context) error
}

func (h *heldWork) Defer(_ context.Context, _ string, work func(context.Context) error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.jobs = append(h.jobs, work)
}

// TestService_ResetRequestTakesTheSamePathForEveryAddress checks the timing
// finding without timing anything: the request does not look the address up
// at all before answering, for known and unknown addresses alike.
func TestService_ResetRequestTakesTheSamePathForEveryAddress(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.register(t, "anna@example.com")
	held := &heldWork{}
	f.svc.d.Later = held
	counting := &countingUsers{memUsers: f.users}
	f.svc.d.Users = counting
	for _, addr := range []string{"anna@example.com", "nobody@example.com"} {
		if err := f.svc.RequestPasswordReset(ctx, addr); err != nil {
			t.Fatal(err)
		}
	}
	if counting.byEmail != 0 || len(f.mail.jobs) != 0 || len(held.jobs) != 2 {
		t.Fatalf("before answering: %d look-ups, %d mails, %d deferred", counting.byEmail, len(f.mail.jobs), len(held.jobs))
	}
	for _, job := range held.jobs {
		if err := job(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if len(f.mail.jobs) != 1 || f.mail.jobs[0].Message.To != "anna@example.com" {
		t.Fatalf("after the deferred work: %d mails", len(f.mail.jobs))
	}
}

type countingUsers struct {
	*memUsers
	byEmail int
}

func (c *countingUsers) ByEmail(ctx context.Context, e string) (User, error) {
	c.byEmail++
	return c.memUsers.ByEmail(ctx, e)
}

type memRevocations struct {
	mu  sync.Mutex
	ids map[string]time.Time
}

func (m *memRevocations) Revoke(_ context.Context, id string, _ int64, exp time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ids[id] = exp
	return nil
}

func (m *memRevocations) IsRevoked(_ context.Context, id string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.ids[id]
	return ok, nil
}
