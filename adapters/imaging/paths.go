package imaging

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"interno/core/fault"
)

// Virtual roots: the first segment of every path this package hands out or accepts.
const (
	uploadsPrefix = "uploads"
	stylesPrefix  = "styles"
)

// Upload kinds: the first segment of an upload's key, one per kind of picture.
const (
	// KindProfilePicture stores avatars, served as /api/uploads/profile_pictures/{file}.
	KindProfilePicture = "profile_pictures"
	// KindGallery stores designers' portfolio pictures.
	KindGallery = "gallery"
)

var kinds = []string{KindProfilePicture, KindGallery}

// ErrNotFound answers every path we will not serve, so a caller cannot tell "missing" from
// "outside the roots" or "not an image".
var ErrNotFound = fault.New(fault.NotFound, "Immagine non trovata.").WithReason("image_not_found")

// storeRoot is one directory we read or write, opened as an os.Root so that neither ".." nor a
// symlink can lead outside it.
type storeRoot struct {
	dir  string // absolute path with symlinks resolved
	root *os.Root
}

// openRoot creates dir if needed and opens it as a root.
func openRoot(dir string) (*storeRoot, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("imaging: create %s: %w", dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("imaging: resolve %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("imaging: resolve %s: %w", dir, err)
	}
	r, err := os.OpenRoot(real)
	if err != nil {
		return nil, fmt.Errorf("imaging: open %s: %w", real, err)
	}
	return &storeRoot{dir: real, root: r}, nil
}

// close releases the root's directory handle.
func (r *storeRoot) close() error {
	if r == nil {
		return nil
	}
	return r.root.Close()
}

// location is a validated virtual path and where it lives.
type location struct {
	virtual string     // canonical "uploads/gallery/x.jpg"
	rel     string     // key in the uploads store, or path inside the style root
	upload  bool       // in the uploads store
	root    *storeRoot // StyleDir, for style pictures
}

// resolve validates a virtual path syntactically and maps it to its root. Any doubt is NotFound:
// an empty path, another prefix, absolute paths, backslashes, NUL and control characters, any
// '%' (the HTTP layer has already decoded the path once; a '%' left over is an encoding trick,
// and names we generate never contain one), empty, "." or ".." segments, and hidden names
// (our temporary files start with a dot). Symlinks are dealt with when the file is opened.
func (s *Service) resolve(p string) (location, error) {
	if p == "" || len(p) > 512 || strings.ContainsAny(p, "\\%") {
		return location{}, ErrNotFound
	}
	for _, c := range p {
		if c < 0x20 || c == 0x7F {
			return location{}, ErrNotFound
		}
	}
	parts := strings.Split(p, "/")
	for _, seg := range parts {
		if seg == "" || seg == "." || seg == ".." || strings.HasPrefix(seg, ".") {
			return location{}, ErrNotFound
		}
	}
	loc := location{virtual: p, rel: strings.Join(parts[1:], "/")}
	switch parts[0] {
	case uploadsPrefix:
		if len(parts) != 3 || !validKind(parts[1]) {
			return location{}, ErrNotFound
		}
		loc.upload = true
	case stylesPrefix:
		if len(parts) < 2 || s.styles == nil {
			return location{}, ErrNotFound
		}
		loc.root = s.styles
	default:
		return location{}, ErrNotFound
	}
	return loc, nil
}

// validKind reports whether kind is one of the upload folders.
func validKind(kind string) bool {
	for _, k := range kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// openRegular opens loc through its root and checks it is a regular file. The root refuses
// ".." and symlinks that leave it; anything missing, escaping or not a file is NotFound.
func openRegular(loc location) (*os.File, fs.FileInfo, error) {
	f, err := loc.root.root.Open(filepath.FromSlash(loc.rel))
	if err != nil {
		return nil, nil, notFoundOr(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, ErrNotFound.WithCause(err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, ErrNotFound
	}
	return f, info, nil
}

// realPath returns loc's absolute path with symlinks resolved, after checking that it is still
// inside its root, so the HTTP layer can stream it by name without following anything else.
func realPath(loc location) (string, error) {
	real, err := filepath.EvalSymlinks(filepath.Join(loc.root.dir, filepath.FromSlash(loc.rel)))
	if err != nil {
		return "", notFoundOr(err)
	}
	if !strings.HasPrefix(real, loc.root.dir+string(filepath.Separator)) {
		return "", ErrNotFound
	}
	return real, nil
}

// notFoundOr turns every failure to reach a path into NotFound, keeping the cause for logs.
// Permission and I/O errors are the exception: they are our problem, not the caller's.
func notFoundOr(err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fault.New(fault.Internal, "storage unreadable").WithCause(err)
	}
	return ErrNotFound.WithCause(err)
}
