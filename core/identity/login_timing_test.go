package identity

import (
	"context"
	"errors"
	"sort"
	"testing"
	"time"
)

// TestService_LoginTiming checks there is no account-enumeration oracle: an
// unknown e-mail must cost a password hash just like a wrong password does.
// Without the dummy hash an unknown e-mail answers in microseconds while a
// wrong password takes milliseconds, so the bounds are loose on purpose (the
// machines running the suite are shared) yet still catch the regression.
func TestService_LoginTiming(t *testing.T) {
	f := newFixture(t)
	f.svc.d.Hasher = NewPasswordHasher(Argon2Params{MemoryKiB: 8 << 10, Time: 2, Threads: 1}, 2)
	f.register(t, "anna@example.com")
	ctx := context.Background()
	median := func(emailAddr string) time.Duration {
		var runs []time.Duration
		for i := 0; i < 9; i++ {
			start := time.Now()
			_, err := f.svc.Login(ctx, emailAddr, "wrong-password", false)
			runs = append(runs, time.Since(start))
			if !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("login %s: %v", emailAddr, err)
			}
		}
		sort.Slice(runs, func(i, j int) bool { return runs[i] < runs[j] })
		return runs[len(runs)/2]
	}
	wrongPassword := median("anna@example.com")
	unknownEmail := median("nobody@example.com")
	ratio := float64(unknownEmail) / float64(wrongPassword)
	if ratio < 0.33 || ratio > 3 {
		t.Fatalf("unknown e-mail %v vs wrong password %v (ratio %.2f): timing reveals which accounts exist", unknownEmail, wrongPassword, ratio)
	}
}
