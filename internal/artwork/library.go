package artwork

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sync/singleflight"

	"interno/core/style"
)

// Library paints named pictures into a directory the first time they are
// asked for, so style images, questionnaire pictures and demo galleries cost
// nothing until someone looks at them and are painted once per data directory.
//
// Names are the virtual paths of core/style's Picture (the one place that
// spells them): a style's reference room is painted at 1600×1200, a scene at
// 1200×900, a motif at 960×720 and an avatar at 512×512.
//
// Only the names the library is given are painted (the questionnaire's and
// the styles' pictures, the demo catalogue's): a painted picture costs about
// 0.3 s of CPU and 200 KB of disk, so painting any name a caller makes up
// would let anyone fill the disk. Anything else is not the library's.
type Library struct {
	dir    string
	names  map[string]bool
	flight singleflight.Group
}

// NewLibrary paints the pictures names lists into dir (the imaging service's
// style root); names the library cannot paint are ignored.
func NewLibrary(dir string, names ...string) *Library {
	l := &Library{dir: dir, names: make(map[string]bool, len(names))}
	for _, n := range names {
		if _, ok := style.ParsePicture(n); ok {
			l.names[n] = true
		}
	}
	return l
}

// Has reports whether virtual is one of the library's pictures.
func (l *Library) Has(virtual string) bool { return l.names[virtual] }

// Knows reports whether virtual names a picture the library can paint.
func Knows(virtual string) bool {
	_, ok := style.ParsePicture(virtual)
	return ok
}

// Ensure paints the picture virtual names unless it is already on disk.
// Names that are not the library's are not an error: nothing is painted and
// the caller's lookup finds nothing.
func (l *Library) Ensure(virtual string) error {
	if !l.names[virtual] {
		return nil
	}
	p, _ := style.ParsePicture(virtual) // valid: NewLibrary kept only parsable names
	target := filepath.Join(l.dir, filepath.FromSlash(strings.TrimPrefix(virtual, "styles/")))
	if _, err := os.Stat(target); err == nil {
		return nil
	}
	_, err, _ := l.flight.Do(virtual, func() (any, error) {
		if _, err := os.Stat(target); err == nil {
			return nil, nil
		}
		img := paintPicture(p)
		var buf bytes.Buffer
		if err := WriteJPEG(&buf, img, 86); err != nil {
			return nil, err
		}
		return nil, writeFile(target, buf.Bytes())
	})
	return err
}

// Prune removes every file of the library's directory that is not one of its
// pictures: leftovers of interrupted paints, and pictures painted for made-up
// names before the library had a list. It returns how many went.
func (l *Library) Prune() (int, error) {
	removed := 0
	err := filepath.WalkDir(l.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(l.dir, p)
		if err != nil || l.names["styles/"+filepath.ToSlash(rel)] {
			return err
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removed++
		return nil
	})
	return removed, err
}

func paintPicture(p style.Picture) image.Image {
	c, seed := string(p.Style), int64(p.Seed)
	switch p.Kind {
	case style.Reference:
		return Scene(c, 0, 1600, 1200)
	case style.Scene:
		return Scene(c, seed, 1200, 900)
	case style.Motif:
		return Motif(c, p.Subject, seed, 960, 720)
	default:
		return Avatar(c, seed, 512)
	}
}

// writeFile writes data through a temporary file and a rename, so a reader
// never sees half a picture.
func writeFile(target string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return fmt.Errorf("artwork: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), ".paint-*")
	if err != nil {
		return fmt.Errorf("artwork: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("artwork: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("artwork: %w", err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("artwork: %w", err)
	}
	return nil
}
