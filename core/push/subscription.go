package push

import (
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"interno/core/fault"
)

// Limits on what a browser's PushSubscription may carry. Real endpoints are
// 150–500 characters; the keys have fixed sizes (RFC 8291 section 3).
const (
	MaxEndpointLength  = 2048
	MaxKeyLength       = 100
	MaxUserAgentLength = 200
	P256dhBytes        = 65
	AuthBytes          = 16
	// MaxDevices is how many devices one account keeps; registering one more
	// drops the one registered or refreshed longest ago.
	MaxDevices = 10
)

// SubscriptionInput is the browser's PushSubscription JSON plus the optional
// categories this device wants, as the API receives them.
type SubscriptionInput struct {
	Endpoint string
	// ExpirationTime is milliseconds since the epoch, or nil.
	ExpirationTime *float64
	P256dh         string
	Auth           string
	// Kinds is nil for "every category".
	Kinds     *[]string
	UserAgent string
}

// parse checks the input's shape and returns the subscription to store (the
// endpoint's address is checked separately by the Endpoints port). Every
// problem is reported at once, with the field it concerns.
func (in SubscriptionInput) parse(now time.Time) (Subscription, error) {
	var errs []fault.FieldError
	add := func(msg string, loc ...string) {
		errs = append(errs, fault.FieldError{Loc: append([]string{"body"}, loc...), Msg: msg, Type: "value_error"})
	}
	s := Subscription{Endpoint: strings.TrimSpace(in.Endpoint), UserAgent: cleanLine(in.UserAgent, MaxUserAgentLength)}
	switch {
	case s.Endpoint == "":
		add("endpoint is required", "endpoint")
	case len(s.Endpoint) > MaxEndpointLength:
		add(fmt.Sprintf("endpoint is too long (at most %d characters)", MaxEndpointLength), "endpoint")
	default:
		if msg := endpointShape(s.Endpoint); msg != "" {
			add(msg, "endpoint")
		}
	}
	var err error
	if s.P256dh, err = decodeKey(in.P256dh, P256dhBytes); err != nil {
		add("keys.p256dh "+err.Error(), "keys", "p256dh")
	} else if b, _ := base64.RawURLEncoding.DecodeString(s.P256dh); !validPoint(b) {
		add("keys.p256dh is not a P-256 public key", "keys", "p256dh")
	}
	if s.Auth, err = decodeKey(in.Auth, AuthBytes); err != nil {
		add("keys.auth "+err.Error(), "keys", "auth")
	}
	if in.ExpirationTime != nil {
		ms := *in.ExpirationTime
		if ms <= 0 || ms > 1e15 || ms != float64(int64(ms)) {
			add("expirationTime must be null or a time in milliseconds since 1970", "expirationTime")
		} else if at := time.UnixMilli(int64(ms)).UTC(); !at.After(now) {
			add("the subscription has already expired; ask the browser for a new one", "expirationTime")
		} else {
			s.ExpiresAt = &at
		}
	}
	if in.Kinds != nil {
		if len(*in.Kinds) == 0 {
			add("kinds must name at least one of messages, appointments, reminders (or be left out for all)", "kinds")
		}
		seen := map[Category]bool{}
		for _, k := range *in.Kinds {
			c := Category(k)
			if !c.Valid() {
				add(fmt.Sprintf("kinds: %q is not one of messages, appointments, reminders", truncate(k, 40)), "kinds")
				break
			}
			if !seen[c] {
				seen[c] = true
				s.Categories = append(s.Categories, c)
			}
		}
	}
	if len(errs) > 0 {
		msg := errs[0].Msg
		if len(errs) > 1 {
			msg = fmt.Sprintf("%s (and %d more problems)", msg, len(errs)-1)
		}
		return Subscription{}, &fault.Error{Code: fault.Invalid, Message: msg, Reason: "invalid_subscription", Fields: errs}
	}
	return s, nil
}

// endpointShape checks what can be checked without the network: an absolute
// http(s) URL without credentials or fragment. The scheme and the address are
// the Endpoints port's to judge (https only, public addresses only).
func endpointShape(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return "endpoint is not an absolute URL"
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return "endpoint must be an https URL"
	}
	if u.Hostname() == "" {
		return "endpoint has no host"
	}
	if u.User != nil {
		return "endpoint must not carry a user name or password"
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return "endpoint must not carry a fragment"
	}
	for _, r := range raw {
		if r <= ' ' || r == 0x7f {
			return "endpoint must not contain spaces or control characters"
		}
	}
	return ""
}

// decodeKey reads a base64url key (padded or not; browsers send it unpadded)
// of exactly n bytes and returns it in the canonical unpadded form.
func decodeKey(s string, n int) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", fmt.Errorf("is required")
	}
	if len(s) > MaxKeyLength {
		return "", fmt.Errorf("is too long (%d bytes expected)", n)
	}
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return "", fmt.Errorf("is not base64url")
	}
	if len(b) != n {
		return "", fmt.Errorf("must be %d bytes, not %d", n, len(b))
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// validPoint reports whether b is an uncompressed point on P-256.
func validPoint(b []byte) bool {
	_, err := ecdh.P256().NewPublicKey(b)
	return err == nil
}

// cleanLine turns text into one line of at most n characters: control
// characters and runs of white space become one space.
func cleanLine(s string, n int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return truncate(b.String(), n)
}

// truncate cuts s to at most n characters, the last one an ellipsis when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRightFunc(string(r[:n-1]), unicode.IsSpace) + "…"
}
