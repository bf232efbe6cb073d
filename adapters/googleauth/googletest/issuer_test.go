package googletest_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"interno/adapters/googleauth"
	"interno/adapters/googleauth/googletest"
)

// verifierFor trusts iss the way internal/app would, given its JWKS URL.
func verifierFor(iss *googletest.Issuer) *googleauth.Verifier {
	return googleauth.New(googleauth.Config{ClientID: iss.ClientID, JWKSURL: iss.JWKSURL()})
}

func TestNewIssuer(t *testing.T) {
	t.Run("MintedTokensVerify", func(t *testing.T) {
		iss := googletest.NewIssuer(t)
		id, err := verifierFor(iss).Verify(context.Background(), iss.Mint(map[string]any{"email": "luca@example.com"}))
		if err != nil {
			t.Fatalf("Verify: %v", err)
		}
		if id.Email != "luca@example.com" || !id.EmailVerified || id.Subject == "" {
			t.Errorf("identity = %+v", id)
		}
	})
	t.Run("SubjectFollowsEmail", func(t *testing.T) {
		iss := googletest.NewIssuer(t)
		v := verifierFor(iss)
		subject := func(email string) string {
			t.Helper()
			id, err := v.Verify(context.Background(), iss.Mint(map[string]any{"email": email}))
			if err != nil {
				t.Fatal(err)
			}
			return id.Subject
		}
		if a, b, c := subject("a@example.com"), subject("a@example.com"), subject("b@example.com"); a != b || a == c {
			t.Errorf("subjects %q %q %q: want stable per e-mail, distinct across e-mails", a, b, c)
		}
	})
}

func TestStart(t *testing.T) {
	iss, err := googletest.Start("127.0.0.1:0")
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = iss.Close() })
	t.Run("ServesJWKS", func(t *testing.T) {
		resp, err := http.Get(iss.JWKSURL())
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"kid":"`+iss.KeyID()+`"`) {
			t.Fatalf("JWKS %d: %s", resp.StatusCode, body)
		}
	})
	t.Run("MintsOverHTTP", func(t *testing.T) {
		exp := time.Now().Add(10 * time.Minute).Unix()
		body := `{"email":"browser@example.com","email_verified":"false","exp":` + strconv.FormatInt(exp, 10) + `}`
		resp, err := http.Post(iss.URL()+googletest.MintPath, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		token, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("mint %d: %s", resp.StatusCode, token)
		}
		id, err := verifierFor(iss).Verify(context.Background(), string(token))
		if err != nil {
			t.Fatalf("Verify: %v", err)
		}
		if id.Email != "browser@example.com" || id.EmailVerified {
			t.Errorf("identity = %+v", id)
		}
	})
	t.Run("MintRefusesBadJSON", func(t *testing.T) {
		resp, err := http.Post(iss.URL()+googletest.MintPath, "application/json", strings.NewReader("{"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("status %d, want 400", resp.StatusCode)
		}
	})
}
