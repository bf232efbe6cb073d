package identity

import (
	"context"
	"time"

	"interno/core/throttle"
)

// LockoutPolicy says how wrong passwords slow sign-ins down. The design
// (docs/abuse.md) is that failures slow the guesser, never the owner:
//
//   - Pair: failures for one e-mail from one client address. The guesser's
//     own address waits longer and longer; the owner, elsewhere, never sees it.
//   - Address: failures from one client address over all e-mails, so one
//     address cannot try a password on many accounts. Only failures count, so
//     an office or a family behind one address signs in freely.
//   - Account: failures for one e-mail from addresses it has never signed in
//     from, against guessing spread over many addresses. It never applies to
//     an address the account signed in from within Known (or reset its
//     password from), so the owner at home is never slowed down.
type LockoutPolicy struct {
	Pair    throttle.Backoff
	Address throttle.Backoff
	Account throttle.Backoff
	Known   time.Duration
}

// DefaultLockout is sized for people: five free typos per account and
// address, thirty per address, twenty per account from new addresses, each
// forgotten over minutes to an hour.
var DefaultLockout = LockoutPolicy{
	Pair:    throttle.Backoff{Free: 5, Leak: 10 * time.Minute, Base: 2 * time.Second, Max: 15 * time.Minute},
	Address: throttle.Backoff{Free: 30, Leak: 5 * time.Minute, Base: 2 * time.Second, Max: 15 * time.Minute},
	Account: throttle.Backoff{Free: 20, Leak: 30 * time.Minute, Base: 2 * time.Second, Max: time.Hour},
	Known:   90 * 24 * time.Hour,
}

// Lockout applies a LockoutPolicy over a throttle.Store.
type Lockout struct {
	pair, address, account *throttle.Counter
	known                  *throttle.Marks
}

// NewLockout returns the sign-in guard; a nil *Lockout lets everything through.
func NewLockout(p LockoutPolicy, store throttle.Store, now func() time.Time) *Lockout {
	return &Lockout{
		pair:    throttle.NewCounter("login_pair", p.Pair, store, now),
		address: throttle.NewCounter("login_addr", p.Address, store, now),
		account: throttle.NewCounter("login_account", p.Account, store, now),
		known:   throttle.NewMarks("login_known", p.Known, store, now),
	}
}

// Check refuses an attempt that comes before its wait is over.
func (l *Lockout) Check(ctx context.Context, emailAddr, client string) error {
	if l == nil {
		return nil
	}
	client = throttle.ClientKey(client)
	pair := emailAddr + "|" + client
	wait, err := l.pair.Wait(ctx, pair)
	if err != nil {
		return err
	}
	w, err := l.address.Wait(ctx, client)
	if err != nil {
		return err
	}
	wait = max(wait, w)
	known, err := l.known.Has(ctx, pair)
	if err != nil {
		return err
	}
	if !known {
		w, err := l.account.Wait(ctx, emailAddr)
		if err != nil {
			return err
		}
		wait = max(wait, w)
	}
	if wait > 0 {
		return throttle.Throttled(wait)
	}
	return nil
}

// Failed records a wrong password (or an unknown e-mail).
func (l *Lockout) Failed(ctx context.Context, emailAddr, client string) error {
	if l == nil {
		return nil
	}
	client = throttle.ClientKey(client)
	pair := emailAddr + "|" + client
	if err := l.pair.Fail(ctx, pair); err != nil {
		return err
	}
	if err := l.address.Fail(ctx, client); err != nil {
		return err
	}
	if known, err := l.known.Has(ctx, pair); err != nil || known {
		return err
	}
	return l.account.Fail(ctx, emailAddr)
}

// Succeeded clears the pair's failures and remembers the address as the
// account's own. The address counter is left to leak: signing in to one's
// own account must not buy more guesses at other people's.
func (l *Lockout) Succeeded(ctx context.Context, emailAddr, client string) error {
	if l == nil {
		return nil
	}
	pair := emailAddr + "|" + throttle.ClientKey(client)
	if err := l.pair.Clear(ctx, pair); err != nil {
		return err
	}
	return l.known.Mark(ctx, pair)
}
