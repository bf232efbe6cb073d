package identity

import (
	"bytes"
	"context"
	"strings"
	"unicode/utf8"

	"interno/core/fault"
	"interno/core/unitofwork"
)

// MaxProfilePictureBytes is the spec's 5 MB limit on profile photos.
const MaxProfilePictureBytes = 5 << 20

// ProfileUpdate carries the editable profile fields; nil means unchanged.
type ProfileUpdate struct {
	Name     *string
	Email    *string
	Location *string
	// Picture is the raw upload; nil keeps the current picture.
	Picture []byte
}

// ErrPictureFormat and ErrPictureTooLarge mirror the spec's client-side checks.
var (
	ErrPictureFormat   = fault.New(fault.Unsupported, "Unsupported image format: use JPG, PNG or GIF").WithReason("image_format")
	ErrPictureTooLarge = fault.New(fault.TooLarge, "Image too large: max 5MB").WithReason("image_too_large")
)

// UpdateProfile validates and applies a customer's profile edit.
func (s *Service) UpdateProfile(ctx context.Context, id int64, p ProfileUpdate) (User, error) {
	var v fault.Validation
	if p.Name != nil {
		n := strings.TrimSpace(*p.Name)
		p.Name = &n
		CheckName(&v, "name", n)
	}
	if p.Email != nil {
		e := NormalizeEmail(*p.Email)
		p.Email = &e
		CheckEmail(&v, "email", e)
	}
	if p.Location != nil {
		l := strings.TrimSpace(*p.Location)
		p.Location = &l
		v.Check(utf8.RuneCountInString(l) <= MaxLocationLength, "location", "Location is too long (max 120 characters)")
	}
	if err := v.Err(); err != nil {
		return User{}, err
	}
	if p.Picture != nil {
		if len(p.Picture) > MaxProfilePictureBytes {
			return User{}, ErrPictureTooLarge
		}
		if !isJPEGPNGorGIF(p.Picture) {
			return User{}, ErrPictureFormat
		}
	}
	var newPicture, oldPicture string
	if p.Picture != nil {
		path, err := s.d.Pictures.SaveProfilePicture(ctx, p.Picture)
		if err != nil {
			return User{}, err
		}
		newPicture = path
	}
	var u User
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		emailChanged := false
		var err error
		u, err = s.d.Users.Update(ctx, id, func(u *User) error {
			if p.Name != nil {
				u.Name = *p.Name
			}
			if p.Email != nil {
				emailChanged = u.Email != *p.Email
				u.Email = *p.Email
			}
			if p.Location != nil {
				u.Location = *p.Location
			}
			if newPicture != "" {
				oldPicture = u.ProfilePicture
				u.ProfilePicture = newPicture
			}
			return nil
		})
		if err != nil || !emailChanged {
			return err
		}
		// A reset link went to the old address: it no longer opens the
		// account (its holder would learn the new address from the link's
		// check, and set the password of a login they did not know).
		return s.d.Resets.DeleteForUser(ctx, id)
	})
	if err != nil {
		if newPicture != "" {
			_ = s.d.Pictures.Remove(ctx, newPicture)
		}
		return User{}, err
	}
	if oldPicture != "" {
		unitofwork.AfterCommit(ctx, func() { _ = s.d.Pictures.Remove(context.WithoutCancel(ctx), oldPicture) })
	}
	return u, nil
}

// DeleteAccount removes the account and everything that depends on it. Likes,
// conversations, appointments and reset tokens go with it (database cascades
// plus the registered hooks); the profile picture is deleted after commit.
func (s *Service) DeleteAccount(ctx context.Context, id int64) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		u, err := s.d.Users.ByID(ctx, id)
		if err != nil {
			return err
		}
		for _, h := range s.hooks {
			if err := h(ctx, u); err != nil {
				return err
			}
		}
		if err := s.d.Users.Delete(ctx, id); err != nil {
			return err
		}
		if u.ProfilePicture != "" && s.d.Pictures != nil {
			pic := u.ProfilePicture
			unitofwork.AfterCommit(ctx, func() { _ = s.d.Pictures.Remove(context.WithoutCancel(ctx), pic) })
		}
		return nil
	})
}

// isJPEGPNGorGIF sniffs the spec's accepted profile formats by content.
func isJPEGPNGorGIF(b []byte) bool {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return true
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return true
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return true
	}
	return false
}
