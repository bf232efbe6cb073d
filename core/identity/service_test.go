package identity

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"interno/core/fault"
)

type fixture struct {
	svc    *Service
	users  *memUsers
	resets *memResets
	mail   *memMail
	pics   *memPictures
	now    time.Time
	google *fakeGoogle
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{users: newMemUsers(), resets: &memResets{rows: map[string]*resetRow{}}, mail: &memMail{},
		pics: &memPictures{}, now: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), google: &fakeGoogle{}}
	clock := func() time.Time { return f.now }
	tokens, err := NewTokens([]byte(strings.Repeat("k", 32)), clock)
	if err != nil {
		t.Fatal(err)
	}
	f.svc = NewService(Deps{Users: f.users, Resets: f.resets, Pictures: f.pics, Mail: f.mail, Tx: directTx{},
		Hasher: NewPasswordHasher(Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1}, 2), Tokens: tokens,
		Google: f.google, Clock: clock, BaseURL: "https://interno.example/"})
	return f
}

func (f *fixture) register(t *testing.T, email string) Session {
	t.Helper()
	s, err := f.svc.Register(context.Background(), Registration{Email: email, Password: "password1", Name: "Anna"})
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return s
}

func TestService_Register(t *testing.T) {
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		f := newFixture(t)
		s := f.register(t, "  Anna@Example.COM ")
		if s.User.Email != "anna@example.com" || s.User.Role != RoleUser || s.Token == "" {
			t.Fatalf("unexpected session %+v", s.User)
		}
		if s.ExpiresAt.Sub(f.now) != TokenLifetime {
			t.Fatalf("lifetime %v", s.ExpiresAt.Sub(f.now))
		}
	})
	t.Run("ErrEmailTaken", func(t *testing.T) {
		f := newFixture(t)
		f.register(t, "anna@example.com")
		_, err := f.svc.Register(ctx, Registration{Email: "ANNA@example.com", Password: "password2", Name: "B"})
		if !errors.Is(err, ErrEmailTaken) {
			t.Fatalf("err = %v", err)
		}
	})
	for name, r := range map[string]Registration{
		"ShortPassword": {Email: "a@b.it", Password: "1234567", Name: "A"},
		"NoName":        {Email: "a@b.it", Password: "password1", Name: "  "},
		"BadEmail":      {Email: "a@b", Password: "password1", Name: "A"},
		"NoEmail":       {Email: "", Password: "password1", Name: "A"},
	} {
		t.Run("Invalid"+name, func(t *testing.T) {
			_, err := newFixture(t).svc.Register(ctx, r)
			if fault.CodeOf(err) != fault.Invalid {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

func TestService_Login(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.register(t, "anna@example.com")
	t.Run("OK", func(t *testing.T) {
		s, err := f.svc.Login(ctx, Credentials{Email: "ANNA@example.com", Password: "password1"})
		if err != nil || s.ExpiresAt.Sub(f.now) != TokenLifetime {
			t.Fatalf("login: %v %v", err, s.ExpiresAt)
		}
	})
	t.Run("RememberMeLasts30Days", func(t *testing.T) {
		s, err := f.svc.Login(ctx, Credentials{Email: "anna@example.com", Password: "password1", Remember: true})
		if err != nil || s.ExpiresAt.Sub(f.now) != RememberTokenLifetime {
			t.Fatalf("login: %v %v", err, s.ExpiresAt)
		}
	})
	t.Run("WrongPasswordAndUnknownEmailLookAlike", func(t *testing.T) {
		_, e1 := f.svc.Login(ctx, Credentials{Email: "anna@example.com", Password: "wrong-password"})
		_, e2 := f.svc.Login(ctx, Credentials{Email: "nobody@example.com", Password: "password1"})
		if !errors.Is(e1, ErrInvalidCredentials) || !errors.Is(e2, ErrInvalidCredentials) {
			t.Fatalf("errors: %v / %v", e1, e2)
		}
		if e1.Error() != e2.Error() {
			t.Fatalf("messages differ: %q vs %q", e1, e2)
		}
	})
}

func TestService_Authenticate(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.register(t, "anna@example.com")
	t.Run("OK", func(t *testing.T) {
		p, err := f.svc.Authenticate(ctx, s.Token)
		if err != nil || p.UserID != s.User.ID || p.Role != RoleUser {
			t.Fatalf("%+v %v", p, err)
		}
	})
	t.Run("Expired", func(t *testing.T) {
		f.now = f.now.Add(TokenLifetime + time.Minute)
		defer func() { f.now = f.now.Add(-TokenLifetime - time.Minute) }()
		if _, err := f.svc.Authenticate(ctx, s.Token); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("Tampered", func(t *testing.T) {
		parts := strings.Split(s.Token, ".")
		parts[1] = strings.ToUpper(parts[1][:4]) + parts[1][4:]
		if _, err := f.svc.Authenticate(ctx, strings.Join(parts, ".")); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("OtherSecret", func(t *testing.T) {
		other, _ := NewTokens([]byte(strings.Repeat("x", 32)), func() time.Time { return f.now })
		tok, _, _ := other.Issue(s.User, time.Hour)
		if _, err := f.svc.Authenticate(ctx, tok); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("RoleChangedRevokes", func(t *testing.T) {
		_, _ = f.users.Update(ctx, s.User.ID, func(u *User) error { u.Role = RoleDesigner; return nil })
		defer f.users.Update(ctx, s.User.ID, func(u *User) error { u.Role = RoleUser; return nil })
		if _, err := f.svc.Authenticate(ctx, s.Token); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("DeletedRevokes", func(t *testing.T) {
		if err := f.svc.DeleteAccount(ctx, s.User.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Authenticate(ctx, s.Token); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("err = %v", err)
		}
	})
}

func resetLink(t *testing.T, f *fixture) string {
	t.Helper()
	if len(f.mail.jobs) == 0 {
		t.Fatal("no e-mail queued")
	}
	msg := f.mail.jobs[len(f.mail.jobs)-1].Message
	i := strings.Index(msg.Text, "https://interno.example/reset-password?token=")
	if i < 0 {
		t.Fatalf("no link in %q", msg.Text)
	}
	link := strings.Fields(msg.Text[i:])[0]
	u, _ := url.Parse(link)
	return u.Query().Get("token")
}

func TestService_LogoutAll(t *testing.T) {
	ctx := context.Background()
	t.Run("EndsSessionsAndRunsHooks", func(t *testing.T) {
		f := newFixture(t)
		s := f.register(t, "anna@example.com")
		var ended []int64
		f.svc.OnSessionsEnded(func(_ context.Context, id int64) error { ended = append(ended, id); return nil })
		if err := f.svc.LogoutAll(ctx, s.User.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Authenticate(ctx, s.Token); !errors.Is(err, ErrTokenInvalid) {
			t.Fatalf("session survived: %v", err)
		}
		if len(ended) != 1 || ended[0] != s.User.ID {
			t.Fatalf("hooks ran for %v", ended)
		}
	})
	t.Run("HookErrorFailsTheStep", func(t *testing.T) {
		f := newFixture(t)
		s := f.register(t, "anna@example.com")
		boom := errors.New("store down")
		f.svc.OnSessionsEnded(func(context.Context, int64) error { return boom })
		if err := f.svc.LogoutAll(ctx, s.User.ID); !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("UnknownAccount", func(t *testing.T) {
		f := newFixture(t)
		ran := false
		f.svc.OnSessionsEnded(func(context.Context, int64) error { ran = true; return nil })
		if err := f.svc.LogoutAll(ctx, 999); !errors.Is(err, ErrTokenInvalid) || ran {
			t.Fatalf("err = %v, hooks ran: %v", err, ran)
		}
	})
}

func TestService_PasswordReset(t *testing.T) {
	ctx := context.Background()
	t.Run("UnknownEmailAnswersTheSame", func(t *testing.T) {
		f := newFixture(t)
		if err := f.svc.RequestPasswordReset(ctx, "nobody@example.com"); err != nil {
			t.Fatal(err)
		}
		if len(f.mail.jobs) != 0 {
			t.Fatal("mail sent to an unknown address")
		}
	})
	t.Run("OKOnceThenInvalid", func(t *testing.T) {
		f := newFixture(t)
		old := f.register(t, "anna@example.com")
		if err := f.svc.RequestPasswordReset(ctx, "anna@example.com"); err != nil {
			t.Fatal(err)
		}
		tok := resetLink(t, f)
		if len(tok) < 40 {
			t.Fatalf("token too short for 256 bits: %q", tok)
		}
		if err := f.svc.ResetPassword(ctx, tok, "new-password", ""); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Login(ctx, Credentials{Email: "anna@example.com", Password: "new-password"}); err != nil {
			t.Fatalf("login with new password: %v", err)
		}
		if _, err := f.svc.Authenticate(ctx, old.Token); !errors.Is(err, ErrTokenInvalid) {
			t.Fatal("old session survived a password reset")
		}
		if err := f.svc.ResetPassword(ctx, tok, "another-password", ""); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("second use: %v", err)
		}
	})
	t.Run("EndsTheAccountsSessionsHooks", func(t *testing.T) {
		f := newFixture(t)
		f.register(t, "anna@example.com")
		var ended []int64
		f.svc.OnSessionsEnded(func(_ context.Context, id int64) error { ended = append(ended, id); return nil })
		_ = f.svc.RequestPasswordReset(ctx, "anna@example.com")
		tok := resetLink(t, f)
		if err := f.svc.ResetPassword(ctx, tok, "new-password", ""); err != nil {
			t.Fatal(err)
		}
		u, _ := f.users.ByEmail(ctx, "anna@example.com")
		if len(ended) != 1 || ended[0] != u.ID {
			t.Fatalf("hooks ran for %v, want [%d]", ended, u.ID)
		}
		if err := f.svc.ResetPassword(ctx, tok, "other-password", ""); err == nil || len(ended) != 1 {
			t.Fatalf("a refused reset ran the hooks: %v %v", err, ended)
		}
	})
	t.Run("ExpiresAfterAnHour", func(t *testing.T) {
		f := newFixture(t)
		f.register(t, "anna@example.com")
		_ = f.svc.RequestPasswordReset(ctx, "anna@example.com")
		tok := resetLink(t, f)
		f.now = f.now.Add(ResetTokenLifetime)
		if err := f.svc.ResetPassword(ctx, tok, "new-password", ""); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("expired token: %v", err)
		}
	})
	t.Run("ShortPasswordRefused", func(t *testing.T) {
		f := newFixture(t)
		if err := f.svc.ResetPassword(ctx, "x", "short", ""); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestService_CheckResetToken(t *testing.T) {
	ctx := context.Background()
	linkFor := func(t *testing.T, f *fixture, addr string) string {
		t.Helper()
		if err := f.svc.RequestPasswordReset(ctx, addr); err != nil {
			t.Fatal(err)
		}
		return resetLink(t, f)
	}
	t.Run("OKNamesTheAccountAndUsesNothing", func(t *testing.T) {
		f := newFixture(t)
		f.register(t, "anna@example.com")
		f.register(t, "bruno@example.com")
		tok := linkFor(t, f, "Anna@Example.com")
		for i := 0; i < 2; i++ {
			if got, err := f.svc.CheckResetToken(ctx, tok); err != nil || got != "anna@example.com" {
				t.Fatalf("check %d: %q %v", i, got, err)
			}
		}
		if err := f.svc.ResetPassword(ctx, tok, "new-password", ""); err != nil {
			t.Fatalf("reset after a check: %v", err)
		}
		if _, err := f.svc.CheckResetToken(ctx, tok); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("used token: %v", err)
		}
	})
	t.Run("ErrResetTokenInvalid", func(t *testing.T) {
		f := newFixture(t)
		f.register(t, "anna@example.com")
		if _, err := f.svc.CheckResetToken(ctx, "never-issued"); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("unknown token: %v", err)
		}
		tok := linkFor(t, f, "anna@example.com")
		f.now = f.now.Add(ResetTokenLifetime - time.Second)
		if _, err := f.svc.CheckResetToken(ctx, tok); err != nil {
			t.Fatalf("a second before expiry: %v", err)
		}
		f.now = f.now.Add(time.Second)
		if _, err := f.svc.CheckResetToken(ctx, tok); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("expired token: %v", err)
		}
	})
	t.Run("AccountDeletedSince", func(t *testing.T) {
		f := newFixture(t)
		s := f.register(t, "anna@example.com")
		tok := linkFor(t, f, "anna@example.com")
		if err := f.users.Delete(ctx, s.User.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CheckResetToken(ctx, tok); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("token of a deleted account: %v", err)
		}
	})
	t.Run("AddressChangedSince", func(t *testing.T) {
		f := newFixture(t)
		s := f.register(t, "anna@example.com")
		old := linkFor(t, f, "anna@example.com")
		// A change that keeps the address keeps the link.
		if _, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Name: ptr("Anna B"), Email: ptr("Anna@example.com")}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CheckResetToken(ctx, old); err != nil {
			t.Fatalf("link after a change keeping the address: %v", err)
		}
		if _, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Email: ptr("anna.nuova@example.com")}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CheckResetToken(ctx, old); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("check of a link sent to the old address: %v", err)
		}
		if err := f.svc.ResetPassword(ctx, old, "new-password", ""); !errors.Is(err, ErrResetTokenInvalid) {
			t.Fatalf("reset with a link sent to the old address: %v", err)
		}
		// A link asked for at the new address works.
		if got, err := f.svc.CheckResetToken(ctx, linkFor(t, f, "anna.nuova@example.com")); err != nil || got != "anna.nuova@example.com" {
			t.Fatalf("new link: %q %v", got, err)
		}
	})
	t.Run("BlankTokenIsAValidationFault", func(t *testing.T) {
		f := newFixture(t)
		for _, tok := range []string{"", "   "} {
			if _, err := f.svc.CheckResetToken(ctx, tok); fault.CodeOf(err) != fault.Invalid {
				t.Fatalf("%q: %v", tok, err)
			}
		}
	})
}

func TestService_Google(t *testing.T) {
	ctx := context.Background()
	t.Run("CreatesCustomer", func(t *testing.T) {
		f := newFixture(t)
		f.google.id = GoogleIdentity{Subject: "g1", Email: "Marco@Gmail.com", EmailVerified: true, Name: "Marco"}
		s, err := f.svc.LoginGoogle(ctx, "cred")
		if err != nil || s.User.Email != "marco@gmail.com" || s.User.GoogleSub != "g1" || s.User.HasPassword() {
			t.Fatalf("%+v %v", s.User, err)
		}
		again, err := f.svc.LoginGoogle(ctx, "cred")
		if err != nil || again.User.ID != s.User.ID {
			t.Fatalf("second login created another account: %v", err)
		}
	})
	t.Run("LinksVerifiedExisting", func(t *testing.T) {
		f := newFixture(t)
		reg := f.register(t, "anna@example.com")
		f.google.id = GoogleIdentity{Subject: "g2", Email: "anna@example.com", EmailVerified: true}
		s, err := f.svc.LoginGoogle(ctx, "cred")
		if err != nil || s.User.ID != reg.User.ID || s.User.GoogleSub != "g2" {
			t.Fatalf("%+v %v", s.User, err)
		}
	})
	t.Run("RefusesUnverifiedExisting", func(t *testing.T) {
		f := newFixture(t)
		f.register(t, "anna@example.com")
		f.google.id = GoogleIdentity{Subject: "g3", Email: "anna@example.com", EmailVerified: false}
		if _, err := f.svc.LoginGoogle(ctx, "cred"); !errors.Is(err, ErrGoogleUnverified) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("VerifierRefusal", func(t *testing.T) {
		f := newFixture(t)
		f.google.err = errGoogleBad
		if _, err := f.svc.LoginGoogle(ctx, "cred"); fault.CodeOf(err) != fault.Unauthorized {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestService_UpdateProfile(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.register(t, "anna@example.com")
	f.register(t, "bruno@example.com")
	str := func(v string) *string { return &v }
	t.Run("OK", func(t *testing.T) {
		u, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Name: str(" Anna B "), Location: str("Milano"),
			Picture: []byte("\x89PNG\r\n\x1a\nrest")})
		if err != nil || u.Name != "Anna B" || u.Location != "Milano" || u.ProfilePicture == "" {
			t.Fatalf("%+v %v", u, err)
		}
		u2, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Picture: []byte("GIF89a...")})
		if err != nil || len(f.pics.removed) != 1 || f.pics.removed[0] != u.ProfilePicture || u2.ProfilePicture == u.ProfilePicture {
			t.Fatalf("old picture not removed: %v %v", f.pics.removed, err)
		}
	})
	t.Run("ErrEmailTaken", func(t *testing.T) {
		if _, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Email: str("Bruno@example.com")}); !errors.Is(err, ErrEmailTaken) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("PictureFormat", func(t *testing.T) {
		if _, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Picture: []byte("<svg/>")}); !errors.Is(err, ErrPictureFormat) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("PictureTooLarge", func(t *testing.T) {
		big := make([]byte, MaxProfilePictureBytes+1)
		copy(big, "\xFF\xD8\xFF")
		if _, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Picture: big}); !errors.Is(err, ErrPictureTooLarge) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("Invalid", func(t *testing.T) {
		if _, err := f.svc.UpdateProfile(ctx, s.User.ID, ProfileUpdate{Name: str(""), Email: str("x")}); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("err = %v", err)
		}
	})
}

func ptr(v string) *string { return &v }
