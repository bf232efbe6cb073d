package webpush

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	webpushgo "github.com/SherClockHolmes/webpush-go"

	"interno/core/push"
)

// Sender encrypts, signs and posts one device job. It never follows
// redirects, never uses a proxy from the environment, and dials only through
// the Guard.
type Sender struct {
	keys    Keys
	subject string
	client  *http.Client
}

// NewSender returns a sender signing with keys and subject (see Subject).
func NewSender(keys Keys, subject string, guard Guard) *Sender {
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           guard.DialContext,
		TLSClientConfig:       &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: 10 * time.Second,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &Sender{keys: keys, subject: subject, client: &http.Client{Transport: tr, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// Send delivers j's payload to its device with the given TTL and reports the
// push service's answer as a push.Result.
func (s *Sender) Send(ctx context.Context, j push.Job, ttl time.Duration) push.Result {
	// webpush-go adds "mailto:" itself to anything that is not an https URL.
	subscriber := strings.TrimPrefix(s.subject, "mailto:")
	res, err := webpushgo.SendNotificationWithContext(ctx, j.Payload,
		&webpushgo.Subscription{Endpoint: j.Endpoint, Keys: webpushgo.Keys{P256dh: j.P256dh, Auth: j.Auth}},
		&webpushgo.Options{HTTPClient: s.client, Subscriber: subscriber, Topic: j.Topic, TTL: int(ttl / time.Second),
			Urgency: webpushgo.Urgency(j.Urgency), VAPIDPublicKey: s.keys.Public, VAPIDPrivateKey: s.keys.Private})
	if err != nil {
		switch {
		case errors.Is(err, ErrRefusedAddress):
			return push.Result{Outcome: push.Gone, Detail: err.Error()}
		case errors.Is(err, webpushgo.ErrMaxPadExceeded):
			return push.Result{Outcome: push.Rejected, Detail: err.Error()}
		}
		return push.Result{Outcome: push.Retry, Detail: err.Error()}
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	return classify(res.StatusCode, res.Header.Get("Retry-After"), strings.TrimSpace(string(body)), time.Now())
}

// classify maps a push service's status to an outcome (RFC 8030 section 5,
// and what FCM, Mozilla, Apple and WNS answer in practice).
func classify(status int, retryAfter, body string, now time.Time) push.Result {
	detail := strconv.Itoa(status)
	if body != "" {
		detail += ": " + strings.ToValidUTF8(body, "")
	}
	switch {
	case status >= 200 && status < 300:
		return push.Result{Outcome: push.Delivered, Detail: detail}
	case status == http.StatusNotFound || status == http.StatusGone:
		return push.Result{Outcome: push.Gone, Detail: detail}
	case status == http.StatusTooManyRequests || status >= 500:
		return push.Result{Outcome: push.Retry, RetryAfter: parseRetryAfter(retryAfter, now), Detail: detail}
	}
	return push.Result{Outcome: push.Rejected, Detail: fmt.Sprintf("refused: %s", detail)}
}

// parseRetryAfter reads delay-seconds or an HTTP date; zero when absent or bad.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
