package designers

import "context"

// Repository stores designer profiles. Email is the account's e-mail and is
// stored with the account, so Create and Update keep both in step.
type Repository interface {
	// Create inserts d for an existing account and sets ID and timestamps.
	Create(ctx context.Context, d *Designer) error
	// ByID returns ErrNotFound when missing.
	ByID(ctx context.Context, id int64) (Designer, error)
	// ByUserID returns the profile of an account, or ErrNotFound.
	ByUserID(ctx context.Context, userID int64) (Designer, error)
	// ByEmail returns the profile whose account has that e-mail, or ErrNotFound.
	ByEmail(ctx context.Context, email string) (Designer, error)
	// ByIDs returns the profiles that exist among ids, in the order of ids.
	ByIDs(ctx context.Context, ids []int64) ([]Designer, error)
	// List returns a page of profiles, newest first, and the total count.
	// A non-empty query matches name, city or e-mail (admins only pass e-mail queries).
	List(ctx context.Context, q ListQuery) ([]Designer, int, error)
	// Update loads, changes and saves a profile in one transaction.
	// Returns ErrNotFound, ErrEmailTaken, or fn's error.
	Update(ctx context.Context, id int64, fn func(d *Designer) error) (Designer, error)
}

// ListQuery selects a page of designers.
type ListQuery struct {
	Query  string
	Email  string
	Offset int
	Limit  int
}

// Accounts creates and removes the login accounts behind designer profiles;
// the identity package implements it.
type Accounts interface {
	// CreateDesigner creates an account with the designer role; ErrEmailTaken if the e-mail is used.
	CreateDesigner(ctx context.Context, email, name, password string) (userID int64, err error)
	// VerifyGoogle checks a Google ID token and returns the e-mail it vouches for.
	VerifyGoogle(ctx context.Context, credential string) (email string, err error)
	// GoogleDesigner creates (or finds, when it has no profile yet) the
	// designer account a Google ID token names.
	GoogleDesigner(ctx context.Context, credential string) (userID int64, err error)
	// DeleteAccount removes the account and, through the database, everything that hangs on it.
	DeleteAccount(ctx context.Context, userID int64) error
}

// Images stores gallery and profile images received as data URLs.
type Images interface {
	// Pixels reads an image's width×height from its header alone, without
	// decoding it, so a request's pictures can be weighed before any work.
	// A data URL that is not a readable image is the error StoreDataURL would give.
	Pixels(ctx context.Context, dataURL string) (int64, error)
	// StoreDataURL validates, re-encodes and stores an image, returning its path.
	StoreDataURL(ctx context.Context, kind, dataURL string) (string, error)
	// Remove deletes a stored image; unknown paths are not an error.
	Remove(ctx context.Context, path string) error
}
