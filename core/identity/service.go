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
}

// Service runs the account use cases.
type Service struct {
	d     Deps
	hooks []DeletionHook
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
	LeadID   *int64
	Answers  json.RawMessage
	Analysis json.RawMessage
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
	u := User{Email: r.Email, Name: r.Name, Role: RoleUser, LeadID: r.LeadID,
		PasswordHash: s.d.Hasher.Hash(r.Password)}
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		u.QuestionnaireAnswers, u.StyleAnalysis = r.Answers, r.Analysis
		if s.d.Questions == nil {
			return s.d.Users.Create(ctx, &u)
		}
		res, err := s.d.Questions.Resolve(ctx, r.LeadID, r.Answers, r.Analysis)
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
	return s.session(u, false)
}

// Login checks e-mail and password. Unknown e-mails cost the same time as
// wrong passwords, and both give ErrInvalidCredentials.
func (s *Service) Login(ctx context.Context, emailAddr, password string, remember bool) (Session, error) {
	u, err := s.d.Users.ByEmail(ctx, NormalizeEmail(emailAddr))
	if errors.Is(err, ErrUserNotFound) {
		s.d.Hasher.Burn(password)
		return Session{}, ErrInvalidCredentials
	}
	if err != nil {
		return Session{}, err
	}
	if !s.d.Hasher.Verify(password, u.PasswordHash) {
		return Session{}, ErrInvalidCredentials
	}
	return s.session(u, remember)
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

// Authenticate verifies a bearer token and that its account still exists
// with the same role and token version, so deleted, demoted or reset
// accounts lose access at once.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, error) {
	p, err := s.d.Tokens.Parse(token)
	if err != nil {
		return Principal{}, err
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
