package designers

import (
	"context"
	"errors"
	"strings"

	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/unitofwork"
)

// Service runs the designer use cases.
type Service struct {
	repo     Repository
	accounts Accounts
	images   Images
	tx       unitofwork.Transactor
}

// NewService returns the designer service.
func NewService(repo Repository, accounts Accounts, images Images, tx unitofwork.Transactor) *Service {
	return &Service{repo: repo, accounts: accounts, images: images, tx: tx}
}

// Registration is what a designer sends to sign up.
type Registration struct {
	Profile
	Password       string
	PrivacyConsent bool
	// ProfilePicture is an optional data URL.
	ProfilePicture string
	// Gallery holds data URLs; empty entries (the client's nulls) are skipped.
	Gallery []string
}

// Register creates the account and the profile in one transaction. Images
// are stored first; if anything fails, they are removed again, so nothing of
// a failed registration is left behind.
func (s *Service) Register(ctx context.Context, r Registration) (Designer, error) {
	return s.register(ctx, r, func(ctx context.Context) (int64, error) {
		return s.accounts.CreateDesigner(ctx, r.Email, r.Name, r.Password)
	}, true)
}

// RegisterWithGoogle is Register with a Google ID token instead of a password.
// The e-mail is the one Google vouches for, whatever the form said.
func (s *Service) RegisterWithGoogle(ctx context.Context, credential string, r Registration) (Designer, error) {
	if strings.TrimSpace(credential) == "" {
		return Designer{}, fault.InvalidField("credential", "Google credential is required")
	}
	email, err := s.accounts.VerifyGoogle(ctx, credential)
	if err != nil {
		return Designer{}, err
	}
	r.Email, r.Password = email, ""
	return s.register(ctx, r, func(ctx context.Context) (int64, error) {
		id, err := s.accounts.GoogleDesigner(ctx, credential)
		if err != nil {
			return 0, err
		}
		if _, err := s.repo.ByUserID(ctx, id); err == nil {
			return 0, ErrEmailTaken
		} else if !errors.Is(err, ErrNotFound) {
			return 0, err
		}
		return id, nil
	}, false)
}

func (s *Service) register(ctx context.Context, r Registration, account func(context.Context) (int64, error), withPassword bool) (Designer, error) {
	r.Profile.normalize()
	r.Experience, r.MinBudget = 0, RegistrationBudget
	var v fault.Validation
	r.Profile.validate(&v, false)
	v.Check(r.PrivacyConsent, "privacy_consent", "Please agree to the privacy policy")
	if withPassword {
		v.Check(len([]rune(r.Password)) >= 8, "password", "Password must be at least 8 characters long")
		v.Check(len(r.Password) <= 256, "password", "Password is too long")
	}
	gallery := nonEmpty(r.Gallery)
	v.Check(len(gallery) <= MaxGallery, "gallery_images", "A gallery holds at most 12 images")
	if err := v.Err(); err != nil {
		return Designer{}, err
	}
	if err := s.weigh(ctx, gallery, strings.TrimSpace(r.ProfilePicture)); err != nil {
		return Designer{}, err
	}
	var stored []string
	cleanup := func() {
		for _, p := range stored {
			_ = s.images.Remove(context.WithoutCancel(ctx), p)
		}
	}
	d := Designer{}
	d.apply(r.Profile)
	for _, img := range gallery {
		p, err := s.images.StoreDataURL(ctx, "gallery", img)
		if err != nil {
			cleanup()
			return Designer{}, galleryFault(err)
		}
		stored = append(stored, p)
		d.Gallery = append(d.Gallery, p)
	}
	if strings.TrimSpace(r.ProfilePicture) != "" {
		p, err := s.images.StoreDataURL(ctx, "profile_pictures", r.ProfilePicture)
		if err != nil {
			cleanup()
			return Designer{}, err
		}
		stored = append(stored, p)
		d.ProfilePicture = p
	}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		userID, err := account(ctx)
		if err != nil {
			return err
		}
		d.UserID = userID
		return s.repo.Create(ctx, &d)
	})
	if err != nil {
		cleanup()
		return Designer{}, err
	}
	return d, nil
}

// MaxRequestPixels is the pixel budget of one request's pictures (gallery
// and profile picture together), about one 40-megapixel photo: decoding is
// what costs, and it grows with pixels, not bytes (a 116 KB PNG can hold 40
// megapixels). The web app sends 600×450 pictures, so twelve of them use 8 %
// of it.
const MaxRequestPixels = 40_000_000

// ErrPixelBudget refuses a request whose pictures hold more pixels than
// MaxRequestPixels, before any of them is decoded.
var ErrPixelBudget = fault.Newf(fault.TooLarge, "The pictures of one request may hold at most %d megapixels together; send smaller pictures", MaxRequestPixels/1_000_000).
	WithReason("pixel_budget").With("field", "gallery_images").With("max_pixels", MaxRequestPixels)

// weigh adds up the pixels of the gallery data URLs and the profile picture
// (either may be empty) about to be stored, from their headers, and refuses
// the lot when it is over the budget, before anything is decoded.
func (s *Service) weigh(ctx context.Context, gallery []string, picture string) error {
	var total int64
	add := func(u string) error {
		n, err := s.images.Pixels(ctx, u)
		if err != nil {
			return err
		}
		if total += n; total > MaxRequestPixels {
			return ErrPixelBudget
		}
		return nil
	}
	for _, u := range gallery {
		if err := add(u); err != nil {
			return galleryFault(err)
		}
	}
	if picture != "" {
		return add(picture)
	}
	return nil
}

func galleryFault(err error) error {
	if f, ok := fault.As(err); ok && len(f.Fields) == 0 {
		return f.With("field", "gallery_images")
	}
	return err
}

func nonEmpty(in []string) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		if strings.TrimSpace(s) != "" && s != "null" {
			out = append(out, s)
		}
	}
	return out
}

// Get returns a designer by id (the public view is the caller's to render).
func (s *Service) Get(ctx context.Context, id int64) (Designer, error) { return s.repo.ByID(ctx, id) }

// ByIDs returns existing profiles among ids, in order.
func (s *Service) ByIDs(ctx context.Context, ids []int64) ([]Designer, error) {
	return s.repo.ByIDs(ctx, ids)
}

// OfUser returns the profile of an account, or ErrNotFound.
func (s *Service) OfUser(ctx context.Context, userID int64) (Designer, error) {
	return s.repo.ByUserID(ctx, userID)
}

// ByEmail returns the profile with that e-mail, for its owner or an admin only.
func (s *Service) ByEmail(ctx context.Context, c kernel.Principal, email string) (Designer, error) {
	d, err := s.repo.ByEmail(ctx, strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		if errors.Is(err, ErrNotFound) && !c.IsAdmin() {
			return Designer{}, ErrForbidden
		}
		return Designer{}, err
	}
	if !c.IsAdmin() && d.UserID != c.UserID {
		return Designer{}, ErrForbidden
	}
	return d, nil
}

// List returns a page of profiles and the total.
func (s *Service) List(ctx context.Context, q ListQuery) ([]Designer, int, error) {
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 100
	}
	if q.Offset < 0 {
		q.Offset = 0
	}
	return s.repo.List(ctx, q)
}

func (s *Service) owned(ctx context.Context, c kernel.Principal, id int64) (Designer, error) {
	d, err := s.repo.ByID(ctx, id)
	if err != nil {
		return Designer{}, err
	}
	if !c.IsAdmin() && d.UserID != c.UserID {
		return Designer{}, ErrForbidden
	}
	return d, nil
}

// Delete removes a designer's account, profile and everything that depends on
// them; the images go after the commit. Only the owner or an admin may.
func (s *Service) Delete(ctx context.Context, c kernel.Principal, id int64) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		d, err := s.owned(ctx, c, id)
		if err != nil {
			return err
		}
		// Deleting the account runs the account-deletion hooks, which include
		// RemoveFilesOf, so the images go after the commit.
		return s.accounts.DeleteAccount(ctx, d.UserID)
	})
}

// ToggleVerified flips the verified badge; admins only.
func (s *Service) ToggleVerified(ctx context.Context, c kernel.Principal, id int64) (Designer, error) {
	if !c.IsAdmin() {
		return Designer{}, fault.New(fault.Forbidden, "Admin access required").WithReason("admin_required")
	}
	return s.repo.Update(ctx, id, func(d *Designer) error {
		d.Verified = !d.Verified
		return nil
	})
}

// RemoveFilesOf schedules the removal of a profile's images after the
// current transaction commits; account deletion calls it through a hook.
func (s *Service) RemoveFilesOf(ctx context.Context, userID int64) error {
	d, err := s.repo.ByUserID(ctx, userID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	s.removeAfterCommit(ctx, append(append([]string{}, d.Gallery...), d.ProfilePicture))
	return nil
}

func (s *Service) removeAfterCommit(ctx context.Context, paths []string) {
	unitofwork.AfterCommit(ctx, func() {
		for _, p := range paths {
			if p != "" {
				_ = s.images.Remove(context.WithoutCancel(ctx), p)
			}
		}
	})
}
