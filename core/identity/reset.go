package identity

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"interno/core/email"
	"interno/core/fault"
)

// RequestPasswordReset e-mails a reset link when the address belongs to an
// account. It answers the same way, and as fast, whether or not it does: the
// look-up and the e-mail run after the answer (Deps.Later), so neither the
// answer nor its timing tells who has an account.
func (s *Service) RequestPasswordReset(ctx context.Context, emailAddr string) error {
	emailAddr = NormalizeEmail(emailAddr)
	var v fault.Validation
	CheckEmail(&v, "email", emailAddr)
	if err := v.Err(); err != nil {
		return err
	}
	if s.d.Later == nil {
		return s.sendReset(ctx, emailAddr)
	}
	s.d.Later.Defer(ctx, "password_reset", func(ctx context.Context) error { return s.sendReset(ctx, emailAddr) })
	return nil
}

// sendReset stores a reset token and queues its e-mail, for an existing account.
func (s *Service) sendReset(ctx context.Context, emailAddr string) error {
	u, err := s.d.Users.ByEmail(ctx, emailAddr)
	if errors.Is(err, ErrUserNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	raw, hash := newToken()
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Resets.Create(ctx, PasswordReset{UserID: u.ID, TokenHash: hash,
			ExpiresAt: s.d.Clock().Add(ResetTokenLifetime)}); err != nil {
			return err
		}
		return s.d.Mail.Enqueue(ctx, email.Job{Kind: "password_reset", Message: s.resetMessage(u, raw)})
	})
}

func (s *Service) resetMessage(u User, raw string) email.Message {
	link := s.d.BaseURL + "/reset-password?token=" + url.QueryEscape(raw)
	text, html := email.Render(email.Content{
		Preheader: "Il link per scegliere una nuova password è valido per un'ora.",
		Heading:   "Reimposta la tua password",
		Paragraphs: []string{
			"Ciao " + u.Name + ",",
			"abbiamo ricevuto una richiesta di reimpostare la password del tuo account Interno. " +
				"Usa il pulsante qui sotto per sceglierne una nuova: il link è valido per un'ora e funziona una sola volta.",
			"Se non hai chiesto tu di reimpostare la password, ignora questa e-mail: il tuo account resta al sicuro.",
		},
		Button: email.Link{Label: "Scegli una nuova password", URL: link},
		Footer: "Il team di Interno · Hai ricevuto questa e-mail perché è stata richiesta una nuova password per il tuo account.",
	})
	return email.Message{To: u.Email, Subject: "Reimposta la tua password Interno", Text: text, HTML: html}
}

// CheckResetToken answers the reset page before anything is typed: whether
// its link still works, and the address of the account it changes. Naming the
// address tells the link's holder nothing new (the link was sent there), and
// it lets a person signed in as another account see whose password it is.
// Nothing is used: the token works once afterwards as before. Returns
// ErrResetTokenInvalid when the token is unknown, used or expired (the rule
// of ResetPassword), and a validation fault when it is blank.
func (s *Service) CheckResetToken(ctx context.Context, token string) (string, error) {
	var v fault.Validation
	v.Check(strings.TrimSpace(token) != "", "token", "Reset token is required")
	if err := v.Err(); err != nil {
		return "", err
	}
	userID, err := s.d.Resets.Owner(ctx, hashToken(token), s.d.Clock())
	if err != nil {
		return "", err
	}
	u, err := s.d.Users.ByID(ctx, userID)
	if errors.Is(err, ErrUserNotFound) {
		// Deleted since: its tokens go with it, so the link no longer works.
		return "", ErrResetTokenInvalid
	}
	if err != nil {
		return "", err
	}
	return u.Email, nil
}

// ResetPassword sets a new password with a valid, unused, unexpired token. It
// ends every other session of the account by bumping its token version (and
// runs the SessionsEndedHooks: the push devices of those sessions go), and
// remembers client as the account's own address: whoever holds the e-mailed
// link is the owner, so the lockout policy never slows them down there.
func (s *Service) ResetPassword(ctx context.Context, token, newPassword, client string) error {
	var v fault.Validation
	v.Check(token != "", "token", "Reset token is required")
	CheckPassword(&v, "new_password", newPassword)
	if err := v.Err(); err != nil {
		return err
	}
	hash := s.d.Hasher.Hash(newPassword)
	var owner User
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		userID, err := s.d.Resets.Consume(ctx, hashToken(token), s.d.Clock())
		if err != nil {
			return err
		}
		if owner, err = s.d.Users.Update(ctx, userID, func(u *User) error {
			u.PasswordHash = hash
			u.TokenVersion++
			return nil
		}); err != nil {
			return err
		}
		if err := s.d.Resets.DeleteForUser(ctx, userID); err != nil {
			return err
		}
		return s.sessionsEnded(ctx, userID)
	})
	if err != nil {
		return err
	}
	return s.d.Lockout.Succeeded(ctx, owner.Email, client)
}
