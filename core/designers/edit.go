package designers

import (
	"context"
	"slices"
	"strings"

	"interno/core/fault"
	"interno/core/kernel"
)

// Edit is a change to a profile. Apply sets the fields the caller sent;
// Gallery and ProfilePicture are nil when unchanged.
type Edit struct {
	Apply func(p *Profile)
	// Gallery is the complete new gallery: entries already in the gallery
	// (as stored, "uploads/gallery/x.jpg" or a demo "styles/scene/c-100.jpeg")
	// are kept, data URLs are stored as new images, anything else is refused.
	// The caller translates the paths it showed back to the stored form.
	Gallery *[]string
	// ProfilePicture is "" to remove it, a data URL to replace it, or the
	// current stored path to keep it.
	ProfilePicture *string
}

// Update applies an edit by the owner or an admin, with the edit rules:
// everything registration checks, plus experience and a minimum budget of €300.
// Images replaced or dropped are deleted after the commit; new images stored
// for a failed edit are deleted at once.
func (s *Service) Update(ctx context.Context, c kernel.Principal, id int64, e Edit) (Designer, error) {
	current, err := s.owned(ctx, c, id)
	if err != nil {
		return Designer{}, err
	}
	p := current.ProfileOf()
	if e.Apply != nil {
		e.Apply(&p)
	}
	p.normalize()
	var v fault.Validation
	p.validate(&v, true)
	if e.Gallery != nil {
		v.Check(len(nonEmpty(*e.Gallery)) <= MaxGallery, "gallery_images", "A gallery holds at most 12 images")
	}
	if err := v.Err(); err != nil {
		return Designer{}, err
	}
	var newGallery []string
	if e.Gallery != nil {
		for _, entry := range nonEmpty(*e.Gallery) {
			if strings.HasPrefix(entry, "data:") {
				newGallery = append(newGallery, entry)
			}
		}
	}
	var newPicture string
	if e.ProfilePicture != nil && strings.HasPrefix(strings.TrimSpace(*e.ProfilePicture), "data:") {
		newPicture = strings.TrimSpace(*e.ProfilePicture)
	}
	if err := s.weigh(ctx, newGallery, newPicture); err != nil {
		return Designer{}, err
	}
	var added []string
	cleanup := func() {
		for _, path := range added {
			_ = s.images.Remove(context.WithoutCancel(ctx), path)
		}
	}
	gallery := current.Gallery
	if e.Gallery != nil {
		gallery = nil
		for _, entry := range nonEmpty(*e.Gallery) {
			entry = strings.TrimSpace(entry)
			switch {
			case strings.HasPrefix(entry, "data:"):
				path, err := s.images.StoreDataURL(ctx, "gallery", entry)
				if err != nil {
					cleanup()
					return Designer{}, galleryFault(err)
				}
				added = append(added, path)
				gallery = append(gallery, path)
			case slices.Contains(current.Gallery, entry) && !slices.Contains(gallery, entry):
				gallery = append(gallery, entry)
			default:
				cleanup()
				return Designer{}, ErrForeignImage
			}
		}
	}
	picture := current.ProfilePicture
	if e.ProfilePicture != nil {
		switch pic := strings.TrimSpace(*e.ProfilePicture); {
		case pic == "":
			picture = ""
		case strings.HasPrefix(pic, "data:"):
			path, err := s.images.StoreDataURL(ctx, "profile_pictures", pic)
			if err != nil {
				cleanup()
				return Designer{}, err
			}
			added = append(added, path)
			picture = path
		case pic == current.ProfilePicture:
		default:
			cleanup()
			return Designer{}, ErrForeignPicture
		}
	}
	var dropped []string
	updated, err := s.repo.Update(ctx, id, func(d *Designer) error {
		d.apply(p)
		for _, old := range d.Gallery {
			if !slices.Contains(gallery, old) {
				dropped = append(dropped, old)
			}
		}
		if d.ProfilePicture != "" && d.ProfilePicture != picture {
			dropped = append(dropped, d.ProfilePicture)
		}
		d.Gallery, d.ProfilePicture = gallery, picture
		return nil
	})
	if err != nil {
		cleanup()
		return Designer{}, err
	}
	s.removeAfterCommit(ctx, dropped)
	return updated, nil
}
