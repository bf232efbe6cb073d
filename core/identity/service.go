package identity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"interno/core/email"
	"interno/core/fault"
	"interno/core/unitofwork"
)

// ResetTokenLifetime is how long a password-reset link works.
const ResetTokenLifetime = time.Hour

// Deps are the ports and settings the service needs.
type Deps struct {
	Users     Users
	Resets    Resets
	Pictures  Pictures
	Mail      email.Queue
	Tx        unitofwork.Transactor
	Hasher    *PasswordHasher
	Tokens    *Tokens
	Google    GoogleVerifier
	Clock     func() time.Time
	BaseURL   string
	Questions Questionnaire
	// Lockout slows password guessing down; nil turns it off.
	Lockout *Lockout
	// Revoked ends single tokens at logout; nil makes logout end every session.
	Revoked Revocations
	// Later runs password-reset work after the answer; nil runs it at once.
	Later Deferrer
}

// Service runs the account use cases.
type Service struct {
	d     Deps
	hooks []DeletionHook
	ended []SessionsEndedHook
}

// NewService returns the account service.
func NewService(d Deps) *Service {
	if d.Clock == nil {
		d.Clock = time.Now
	}
	d.BaseURL = strings.TrimRight(d.BaseURL, "/")
	return &Service{d: d}
}

// SetQuestionnaire plugs in the matching package once it is built.
func (s *Service) SetQuestionnaire(q Questionnaire) { s.d.Questions = q }

// OnDelete registers a hook run when an account is deleted.
func (s *Service) OnDelete(h DeletionHook) { s.hooks = append(s.hooks, h) }

// OnSessionsEnded registers a hook run when every session of an account ends
// at once (logout everywhere, a password reset), so what belongs to those
// sessions (push devices) ends with them.
func (s *Service) OnSessionsEnded(h SessionsEndedHook) { s.ended = append(s.ended, h) }

// sessionsEnded runs the SessionsEndedHooks in the caller's transaction.
func (s *Service) sessionsEnded(ctx context.Context, userID int64) error {
	for _, h := range s.ended {
		if err := h(ctx, userID); err != nil {
			return err
		}
	}
	return nil
}

// Session is a signed-in account and its access token.
type Session struct {
	User      User
	Token     string
	ExpiresAt time.Time
}

// Registration is what a customer sends to create an account.
type Registration struct {
	Email    string
	Password string
	Name     string
	// Lead is the questionnaire taken before registering, proved by its token.
	Lead     LeadClaim
	Answers  json.RawMessage
	Analysis json.RawMessage
	// Client is the caller's address, remembered as the account's own.
	Client string
}

// Register creates a customer account and signs it in.
func (s *Service) Register(ctx context.Context, r Registration) (Session, error) {
	r.Email = NormalizeEmail(r.Email)
	r.Name = strings.TrimSpace(r.Name)
	var v fault.Validation
	CheckEmail(&v, "email", r.Email)
	CheckName(&v, "name", r.Name)
	CheckPassword(&v, "password", r.Password)
	if err := v.Err(); err != nil {
		return Session{}, err
	}
	u := User{Email: r.Email, Name: r.Name, Role: RoleUser, PasswordHash: s.d.Hasher.Hash(r.Password)}
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		u.QuestionnaireAnswers, u.StyleAnalysis = r.Answers, r.Analysis
		if s.d.Questions == nil {
			return s.d.Users.Create(ctx, &u)
		}
		res, err := s.d.Questions.Resolve(ctx, r.Lead, r.Answers, r.Analysis)
		if err != nil {
			return err
		}
		u.LeadID, u.QuestionnaireAnswers, u.StyleAnalysis = res.LeadID, res.Answers, res.Analysis
		if err := s.d.Users.Create(ctx, &u); err != nil {
			return err
		}
		if res.LeadID != nil {
			return s.d.Questions.Attach(ctx, *res.LeadID, u.ID)
		}
		return nil
	})
	if err != nil {
		return Session{}, err
	}
	if err := s.d.Lockout.Succeeded(ctx, u.Email, r.Client); err != nil {
		return Session{}, err
	}
	return s.session(u, false)
}

// Credentials are a sign-in attempt: e-mail, password, "remember me", and
// the client address the attempt comes from (for the lockout policy).
type Credentials struct {
	Email    string
	Password string
	Remember bool
	Client   string
}

// Login checks e-mail and password under the lockout policy. Unknown e-mails
// cost the same time as wrong passwords, and both give ErrInvalidCredentials.
// An attempt made before its back-off is over is refused unchecked (a
// throttled fault), so a guesser learns nothing from it.
func (s *Service) Login(ctx context.Context, c Credentials) (Session, error) {
	addr := NormalizeEmail(c.Email)
	if err := s.d.Lockout.Check(ctx, addr, c.Client); err != nil {
		return Session{}, err
	}
	u, err := s.d.Users.ByEmail(ctx, addr)
	if errors.Is(err, ErrUserNotFound) {
		s.d.Hasher.Burn(c.Password)
		return Session{}, s.failed(ctx, addr, c.Client)
	}
	if err != nil {
		return Session{}, err
	}
	if !s.d.Hasher.Verify(c.Password, u.PasswordHash) {
		return Session{}, s.failed(ctx, addr, c.Client)
	}
	if err := s.d.Lockout.Succeeded(ctx, addr, c.Client); err != nil {
		return Session{}, err
	}
	return s.session(u, c.Remember)
}

func (s *Service) failed(ctx context.Context, addr, client string) error {
	if err := s.d.Lockout.Failed(ctx, addr, client); err != nil {
		return err
	}
	return ErrInvalidCredentials
}

// LoginGoogle signs in (or up) a customer with a Google ID token.
func (s *Service) LoginGoogle(ctx context.Context, credential string) (Session, error) {
	var u User
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		u, _, err = s.GoogleAccount(ctx, credential, RoleUser)
		return err
	})
	if err != nil {
		return Session{}, err
	}
	return s.session(u, true)
}

// GoogleAccount verifies a Google ID token and returns the account it belongs
// to, creating one with role when none exists (created reports that). An
// existing password account with the same e-mail is linked only when Google
// vouches for the address.
func (s *Service) GoogleAccount(ctx context.Context, credential string, role Role) (User, bool, error) {
	g, addr, err := s.verifyGoogle(ctx, credential)
	if err != nil {
		return User{}, false, err
	}
	if u, err := s.d.Users.ByGoogleSub(ctx, g.Subject); err == nil {
		return u, false, nil
	} else if !errors.Is(err, ErrUserNotFound) {
		return User{}, false, err
	}
	existing, err := s.d.Users.ByEmail(ctx, addr)
	switch {
	case err == nil:
		if !g.EmailVerified {
			return User{}, false, ErrGoogleUnverified
		}
		u, err := s.d.Users.Update(ctx, existing.ID, func(u *User) error { u.GoogleSub = g.Subject; return nil })
		return u, false, err
	case !errors.Is(err, ErrUserNotFound):
		return User{}, false, err
	}
	name := strings.TrimSpace(g.Name)
	if name == "" {
		name = addr[:strings.IndexByte(addr, '@')]
	}
	u := User{Email: addr, Name: name, GoogleSub: g.Subject, Role: role}
	if err := s.d.Users.Create(ctx, &u); err != nil {
		return User{}, false, err
	}
	return u, true, nil
}

// CreateAccount creates an account with a password for another feature (for
// example designer registration) inside the caller's transaction.
func (s *Service) CreateAccount(ctx context.Context, emailAddr, name, password string, role Role) (User, error) {
	emailAddr = NormalizeEmail(emailAddr)
	name = strings.TrimSpace(name)
	var v fault.Validation
	CheckEmail(&v, "email", emailAddr)
	CheckName(&v, "name", name)
	CheckPassword(&v, "password", password)
	if err := v.Err(); err != nil {
		return User{}, err
	}
	u := User{Email: emailAddr, Name: name, Role: role, PasswordHash: s.d.Hasher.Hash(password)}
	if err := s.d.Users.Create(ctx, &u); err != nil {
		return User{}, err
	}
	return u, nil
}

// CreateDesigner creates the account behind a new designer profile.
func (s *Service) CreateDesigner(ctx context.Context, emailAddr, name, password string) (int64, error) {
	u, err := s.CreateAccount(ctx, emailAddr, name, password, RoleDesigner)
	return u.ID, err
}

// GoogleDesigner verifies a Google ID token for designer registration and
// returns the designer account it names, creating it when new. A customer
// account with that address cannot become a designer: ErrEmailTaken.
func (s *Service) GoogleDesigner(ctx context.Context, credential string) (int64, error) {
	u, _, err := s.GoogleAccount(ctx, credential, RoleDesigner)
	if err != nil {
		return 0, err
	}
	if u.Role != RoleDesigner {
		return 0, ErrEmailTaken
	}
	return u.ID, nil
}

// VerifyGoogle checks a Google ID token and returns the normalised e-mail it
// vouches for, without touching any account.
func (s *Service) VerifyGoogle(ctx context.Context, credential string) (string, error) {
	_, addr, err := s.verifyGoogle(ctx, credential)
	return addr, err
}

func (s *Service) verifyGoogle(ctx context.Context, credential string) (GoogleIdentity, string, error) {
	if s.d.Google == nil {
		return GoogleIdentity{}, "", fault.New(fault.Forbidden, "Google sign-in is not configured").WithReason("google_signin_disabled")
	}
	if strings.TrimSpace(credential) == "" {
		return GoogleIdentity{}, "", fault.InvalidField("credential", "Google credential is required")
	}
	g, err := s.d.Google.Verify(ctx, credential)
	if err != nil {
		return GoogleIdentity{}, "", err
	}
	addr := NormalizeEmail(g.Email)
	if !ValidEmail(addr) {
		return GoogleIdentity{}, "", fault.New(fault.Unauthorized, "Google account has no usable email").WithReason("google_no_email")
	}
	return g, addr, nil
}

// CreateAdmin creates an administrator (used by `interno admin create`).
func (s *Service) CreateAdmin(ctx context.Context, emailAddr, name, password string) (User, error) {
	return s.CreateAccount(ctx, emailAddr, name, password, RoleAdmin)
}

// Issue signs a token for an account another feature just created or verified.
func (s *Service) Issue(u User, remember bool) (Session, error) { return s.session(u, remember) }

func (s *Service) session(u User, remember bool) (Session, error) {
	life := TokenLifetime
	if remember {
		life = RememberTokenLifetime
	}
	tok, exp, err := s.d.Tokens.Issue(u, life)
	if err != nil {
		return Session{}, err
	}
	return Session{User: u, Token: tok, ExpiresAt: exp}, nil
}

// Authenticate verifies a bearer token, that it was not revoked by logout,
// and that its account still exists with the same role and token version, so
// deleted, demoted, reset or logged-out-everywhere accounts lose access at once.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, error) {
	p, err := s.d.Tokens.Parse(token)
	if err != nil {
		return Principal{}, err
	}
	if s.d.Revoked != nil {
		revoked, err := s.d.Revoked.IsRevoked(ctx, p.TokenID)
		if err != nil {
			return Principal{}, err
		}
		if revoked {
			return Principal{}, ErrTokenInvalid
		}
	}
	u, err := s.d.Users.ByID(ctx, p.UserID)
	if errors.Is(err, ErrUserNotFound) {
		return Principal{}, ErrTokenInvalid
	}
	if err != nil {
		return Principal{}, err
	}
	if u.TokenVersion != p.TokenVersion || u.Role != p.Role {
		return Principal{}, ErrTokenInvalid
	}
	return p, nil
}

// Logout ends the caller's token (and only it): it is refused from the next
// request on. Without a revocation store every session of the account ends.
func (s *Service) Logout(ctx context.Context, p Principal) error {
	if s.d.Revoked == nil {
		return s.LogoutAll(ctx, p.UserID)
	}
	return s.d.Revoked.Revoke(ctx, p.TokenID, p.UserID, p.ExpiresAt)
}

// LogoutAll ends every session of the account, on every device, by moving
// its token version on, and runs the SessionsEndedHooks in the same
// transaction (the account's push devices go); signing in again works at once.
func (s *Service) LogoutAll(ctx context.Context, userID int64) error {
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.d.Users.Update(ctx, userID, func(u *User) error {
			u.TokenVersion++
			return nil
		}); err != nil {
			return err
		}
		return s.sessionsEnded(ctx, userID)
	})
	if errors.Is(err, ErrUserNotFound) {
		return ErrTokenInvalid
	}
	return err
}

// Me returns the caller's account.
func (s *Service) Me(ctx context.Context, id int64) (User, error) { return s.d.Users.ByID(ctx, id) }

func newToken() (raw, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	raw = base64.RawURLEncoding.EncodeToString(b)
	return raw, hashToken(raw)
}

func hashToken(raw string) string {
	sum := sha256.Sum256([]byte(raw))
	return hex.EncodeToString(sum[:])
}
