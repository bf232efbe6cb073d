package designers

import (
	"context"
	"errors"

	"interno/core/kernel"
)

// Refs is the designer directory the other services use (kernel.Designers):
// the shared DesignerRef of a profile, and kernel.ErrDesignerNotFound for an
// unknown one. It is the only translation of a profile into a reference, so
// the wiring and the tests use the same one.
func (s *Service) Refs() kernel.Designers { return refs{s} }

type refs struct{ s *Service }

// RefOf is the shared reference to d.
func RefOf(d Designer) kernel.DesignerRef {
	return kernel.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name, Style: string(d.DesignStyle), Experience: d.Experience}
}

func ref(d Designer, err error) (kernel.DesignerRef, error) {
	if errors.Is(err, ErrNotFound) {
		return kernel.DesignerRef{}, kernel.ErrDesignerNotFound
	}
	if err != nil {
		return kernel.DesignerRef{}, err
	}
	return RefOf(d), nil
}

func (r refs) Designer(ctx context.Context, id int64) (kernel.DesignerRef, error) {
	return ref(r.s.Get(ctx, id))
}

func (r refs) OfUser(ctx context.Context, userID int64) (kernel.DesignerRef, error) {
	return ref(r.s.OfUser(ctx, userID))
}
