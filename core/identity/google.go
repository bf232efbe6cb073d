package identity

import "context"

// GoogleIdentity is what a verified Google ID token tells us about a person.
type GoogleIdentity struct {
	// Subject is Google's stable account id ("sub"); accounts are keyed on it.
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
	Picture       string
}

// GoogleVerifier checks a Google ID token (signature against Google's keys,
// audience, issuer, expiry) and returns the identity it asserts.
// Returns a fault with code Unauthorized when the token is not acceptable, and
// Unavailable when Google's keys cannot be fetched.
type GoogleVerifier interface {
	Verify(ctx context.Context, credential string) (GoogleIdentity, error)
}
