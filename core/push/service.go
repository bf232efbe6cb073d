package push

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"interno/core/fault"
	"interno/core/unitofwork"
)

// Delivery settings.
const (
	// MaxAttempts is how many transient failures one device's push survives.
	MaxAttempts = 8
	// BaseBackoff is the wait after the first transient failure; it doubles
	// after each one, up to MaxBackoff.
	BaseBackoff = 10 * time.Second
	MaxBackoff  = 15 * time.Minute
	// MaxRetryAfter bounds how long a push service's Retry-After is honoured.
	MaxRetryAfter = time.Hour
	// MaxTTL is the longest TTL push services accept (FCM: 28 days).
	MaxTTL = 28 * 24 * time.Hour
)

// Config holds the push settings.
type Config struct {
	// PublicKey is the VAPID public key (base64url, uncompressed P-256
	// point) browsers subscribe with.
	PublicKey string
	Clock     func() time.Time
}

// Deps are the ports the service uses.
type Deps struct {
	Repo      Repository
	Queue     Queue
	Endpoints Endpoints
	// Presence may be nil: every message is then pushed.
	Presence Presence
	Tx       unitofwork.Transactor
	// Wake, when set, is called after a commit that queued a push due now,
	// so the dispatcher sends it within a moment rather than at its next poll.
	Wake func()
}

// Service runs the push use cases: devices and preferences for the API,
// notices for scheduling and messaging, and the delivery rules for the
// dispatcher.
type Service struct {
	cfg Config
	d   Deps
}

// NewService fills in defaults and returns the service.
func NewService(cfg Config, d Deps) *Service {
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	return &Service{cfg: cfg, d: d}
}

// Caller is who asks.
type Caller struct {
	UserID int64
}

// PublicKey is the VAPID public key for PushManager.subscribe's applicationServerKey.
func (s *Service) PublicKey() string { return s.cfg.PublicKey }

func (s *Service) now() time.Time { return s.cfg.Clock().UTC().Truncate(time.Microsecond) }

// Register stores this device for the caller. The same endpoint again
// updates it; an endpoint registered by another account (a shared computer,
// someone else signed in before) moves to the caller, since the browser
// profile now belongs to them. An account keeps at most MaxDevices.
func (s *Service) Register(ctx context.Context, c Caller, in SubscriptionInput) (Subscription, error) {
	sub, err := in.parse(s.now())
	if err != nil {
		return Subscription{}, err
	}
	if err := s.d.Endpoints.Check(ctx, sub.Endpoint); err != nil {
		return Subscription{}, err
	}
	sub.UserID = c.UserID
	var out Subscription
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		sub.CreatedAt, sub.UpdatedAt = now, now
		saved, _, err := s.d.Repo.SaveSubscription(ctx, sub)
		if err != nil {
			return err
		}
		out = saved
		return s.d.Repo.TrimSubscriptions(ctx, c.UserID, MaxDevices)
	})
	return out, err
}

// Devices lists the caller's devices.
func (s *Service) Devices(ctx context.Context, c Caller) ([]Subscription, error) {
	return s.d.Repo.Subscriptions(ctx, c.UserID)
}

// Unregister removes the caller's device with this endpoint (this device,
// at logout or when notifications are turned off). Another account's
// endpoint is ErrNotFound and stays.
func (s *Service) Unregister(ctx context.Context, c Caller, endpoint string) error {
	endpoint = strings.TrimSpace(endpoint)
	if endpoint == "" || len(endpoint) > MaxEndpointLength {
		return &fault.Error{Code: fault.Invalid, Message: "endpoint is required", Reason: "invalid_subscription",
			Fields: []fault.FieldError{{Loc: []string{"body", "endpoint"}, Msg: "endpoint is required (at most 2048 characters)", Type: "value_error"}}}
	}
	return s.d.Repo.DeleteSubscription(ctx, c.UserID, endpoint, 0)
}

// UnregisterID removes one of the caller's devices by its id (from the list
// of devices); another account's id is ErrNotFound.
func (s *Service) UnregisterID(ctx context.Context, c Caller, id int64) error {
	return s.d.Repo.DeleteSubscription(ctx, c.UserID, "", id)
}

// ForgetDevices removes every device of the account (their queued pushes go
// with them). Identity calls it when all the account's sessions end at once
// (logout everywhere, a password reset): a phone no longer signed in must not
// keep showing the account's notifications. The devices still signed in
// register again at their next start.
func (s *Service) ForgetDevices(ctx context.Context, userID int64) error {
	return s.d.Repo.TrimSubscriptions(ctx, userID, 0)
}

// Preferences returns the caller's switches.
func (s *Service) Preferences(ctx context.Context, c Caller) (Preferences, error) {
	return s.d.Repo.Preferences(ctx, c.UserID)
}

// SetPreferences stores the caller's switches; they decide, at send time,
// what every device of the account receives.
func (s *Service) SetPreferences(ctx context.Context, c Caller, p Preferences) (Preferences, error) {
	if err := s.d.Repo.SavePreferences(ctx, c.UserID, p, s.now()); err != nil {
		return Preferences{}, err
	}
	return p, nil
}

// enqueue queues a parent job for an account that has devices, in the
// caller's transaction, and wakes the dispatcher after commit when it is due.
func (s *Service) enqueue(ctx context.Context, j Job) error {
	has, err := s.d.Repo.HasSubscriptions(ctx, j.UserID)
	if err != nil || !has {
		return err
	}
	if j.SendAfter.IsZero() {
		j.SendAfter = s.now()
	}
	if err := s.d.Queue.Enqueue(ctx, j); err != nil {
		return err
	}
	if s.d.Wake != nil && !j.SendAfter.After(s.now()) {
		unitofwork.AfterCommit(ctx, s.d.Wake)
	}
	return nil
}

// Now is the service's clock, which decides what is due and what expired.
func (s *Service) Now() time.Time { return s.now() }

// Due claims up to limit jobs to process now, leased for lease so that no
// other instance takes them meanwhile (the dispatcher's poll).
func (s *Service) Due(ctx context.Context, lease time.Duration, limit int) ([]Job, error) {
	now := s.now()
	return s.d.Queue.Due(ctx, now, now.Add(lease), limit)
}

// Expand fans a parent job out to the account's devices that want it now:
// preferences and per-device categories are read at send time, so a reminder
// queued a day ago reaches a phone registered this morning, and a switch
// turned off meanwhile is obeyed. A close goes only to the devices that were
// sent the conversation's notification (and never to Safari's, which revokes
// subscriptions that receive pushes without a notification). It reports how
// many device jobs were created.
func (s *Service) Expand(ctx context.Context, parent Job) (int, error) {
	var n int
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		subs, err := s.d.Repo.Subscriptions(ctx, parent.UserID)
		if err != nil {
			return err
		}
		var want func(Subscription) bool
		if parent.Kind == KindClose {
			ids, err := s.d.Repo.TakeShown(ctx, parent.UserID, parent.Topic)
			if err != nil {
				return err
			}
			shown := map[int64]bool{}
			for _, id := range ids {
				shown[id] = true
			}
			want = func(sub Subscription) bool { return shown[sub.ID] && SilentAllowed(sub.Endpoint) }
		} else {
			prefs, err := s.d.Repo.Preferences(ctx, parent.UserID)
			if err != nil {
				return err
			}
			want = func(sub Subscription) bool { return prefs.Allows(parent.Category) && sub.Wants(parent.Category) }
		}
		var children []Job
		for _, sub := range subs {
			if sub.Live(now) && want(sub) {
				c := parent
				c.ID, c.ParentID, c.SubscriptionID, c.DedupeKey, c.Attempts = 0, parent.ID, sub.ID, "", 0
				c.SendAfter = now
				children = append(children, c)
			}
		}
		n = len(children)
		return s.d.Queue.Expand(ctx, parent, children, now)
	})
	return n, err
}

// SilentAllowed reports whether a push that shows nothing (a close) may go to
// this endpoint: Apple's push service revokes a Safari subscription whose
// pushes do not show a notification, so those devices keep the notification
// until it is opened or replaced.
func SilentAllowed(endpoint string) bool {
	u, err := url.Parse(endpoint)
	if err != nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	return h != "push.apple.com" && !strings.HasSuffix(h, ".push.apple.com")
}

// TTL is how long the push service should keep a device job for an offline
// device: what is left until the job expires. ok is false when it expired.
func (s *Service) TTL(j Job) (ttl time.Duration, ok bool) {
	left := j.ExpiresAt.Sub(s.now())
	if left < time.Second {
		return 0, false
	}
	return min(left, MaxTTL), true
}

// Record applies the outcome of one device job: a delivery is marked sent
// (and, for a message, remembered so reading the conversation closes it
// there); a gone device is deleted with its jobs; a rejected push is given
// up; a transient failure is retried after Retry-After or a doubling backoff,
// unless attempts run out or the push would arrive after it expires.
func (s *Service) Record(ctx context.Context, j Job, r Result) error {
	now := s.now()
	switch r.Outcome {
	case Delivered:
		return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
			found, err := s.d.Queue.MarkSent(ctx, j.ID, now)
			if err != nil {
				return err
			}
			if err := s.d.Repo.Delivered(ctx, j.SubscriptionID, now); err != nil {
				return err
			}
			if j.Kind != KindMessage {
				return nil
			}
			if err := s.d.Repo.MarkShown(ctx, j.SubscriptionID, j.Topic, now); err != nil {
				return err
			}
			if found {
				return nil
			}
			// The conversation was read while this push was on its way (the read
			// dropped the job, finding nothing shown yet): close it at once.
			return s.queue(ctx, Payload{Type: "close", Kind: KindClose, Tag: j.Topic, UserID: j.UserID, Timestamp: now.UnixMilli()},
				Job{UserID: j.UserID, Kind: KindClose, Urgency: Normal, ExpiresAt: now.Add(MessageTTL)})
		})
	case Gone:
		err := s.d.Repo.DropSubscription(ctx, j.SubscriptionID)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		return err
	case Rejected:
		return s.d.Queue.MarkFailed(ctx, j.ID, now, r.Detail, time.Time{}, true)
	}
	attempt := j.Attempts + 1
	wait := Backoff(attempt)
	if r.RetryAfter > 0 {
		wait = min(r.RetryAfter, MaxRetryAfter)
	}
	retryAt := now.Add(wait)
	dead := attempt >= MaxAttempts || !retryAt.Before(j.ExpiresAt)
	return s.d.Queue.MarkFailed(ctx, j.ID, now, r.Detail, retryAt, dead)
}

// Expired gives up a device job whose push would arrive too late.
func (s *Service) Expired(ctx context.Context, j Job) error {
	return s.d.Queue.MarkFailed(ctx, j.ID, s.now(), "expired before delivery", time.Time{}, true)
}

// Backoff is the wait after the given failed attempt (1-based): BaseBackoff,
// doubling, at most MaxBackoff.
func Backoff(attempt int) time.Duration {
	d := BaseBackoff
	for i := 1; i < attempt && d < MaxBackoff; i++ {
		d *= 2
	}
	return min(d, MaxBackoff)
}
