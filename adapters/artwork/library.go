package artwork

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/sync/singleflight"
)

// Library paints named pictures into a directory the first time they are
// asked for, so style images, questionnaire pictures and demo galleries cost
// nothing until someone looks at them and are painted once per data directory.
//
// Names are virtual paths under "styles/":
//
//	styles/{a..e}.jpeg                      the style's reference room (1600×1200)
//	styles/scene/{a..e}-{seed}.jpeg         a room of that style (1200×900)
//	styles/motif/{a..e}-{subject}-{seed}.jpeg a close-up motif (960×720)
//	styles/avatar/{a..e}-{seed}.jpeg        an abstract avatar (512×512)
//
// Anything else is not the library's and is left alone.
type Library struct {
	dir    string
	flight singleflight.Group
}

// NewLibrary paints into dir (the imaging service's style root).
func NewLibrary(dir string) *Library { return &Library{dir: dir} }

var libraryName = regexp.MustCompile(`^styles/(?:([a-e])|scene/([a-e])-(\d{1,6})|motif/([a-e])-(texture|light|object|colour|mood)-(\d{1,6})|avatar/([a-e])-(\d{1,6}))\.jpeg$`)

// Knows reports whether virtual names a picture the library paints.
func Knows(virtual string) bool { return libraryName.MatchString(virtual) }

// Ensure paints the picture virtual names unless it is already on disk.
// Unknown names are not an error: the caller's lookup then finds nothing.
func (l *Library) Ensure(virtual string) error {
	m := libraryName.FindStringSubmatch(virtual)
	if m == nil {
		return nil
	}
	target := filepath.Join(l.dir, filepath.FromSlash(strings.TrimPrefix(virtual, "styles/")))
	if _, err := os.Stat(target); err == nil {
		return nil
	}
	_, err, _ := l.flight.Do(virtual, func() (any, error) {
		if _, err := os.Stat(target); err == nil {
			return nil, nil
		}
		img := paintNamed(m)
		var buf bytes.Buffer
		if err := WriteJPEG(&buf, img, 86); err != nil {
			return nil, err
		}
		return nil, writeFile(target, buf.Bytes())
	})
	return err
}

func paintNamed(m []string) image.Image {
	seed := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	up := strings.ToUpper
	switch {
	case m[1] != "":
		return Scene(up(m[1]), 0, 1600, 1200)
	case m[2] != "":
		return Scene(up(m[2]), seed(m[3]), 1200, 900)
	case m[4] != "":
		return Motif(up(m[4]), m[5], seed(m[6]), 960, 720)
	default:
		return Avatar(up(m[7]), seed(m[8]), 512)
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
