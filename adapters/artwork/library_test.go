package artwork

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLibrary_PaintsKnownNamesOnce(t *testing.T) {
	dir := t.TempDir()
	lib := NewLibrary(dir)
	for _, name := range []string{"styles/c.jpeg", "styles/motif/e-texture-2.jpeg", "styles/scene/a-12.jpeg", "styles/avatar/d-3.jpeg"} {
		if !Knows(name) {
			t.Fatalf("%s not known", name)
		}
		if err := lib.Ensure(name); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, "styles/")))
		st, err := os.Stat(path)
		if err != nil || st.Size() < 1000 {
			t.Fatalf("%s: %v", name, err)
		}
		before := st.ModTime()
		if err := lib.Ensure(name); err != nil {
			t.Fatal(err)
		}
		if st2, _ := os.Stat(path); !st2.ModTime().Equal(before) {
			t.Fatalf("%s painted twice", name)
		}
	}
	for _, name := range []string{"styles/../x.jpeg", "styles/f.jpeg", "styles/motif/c-poster-1.jpeg", "uploads/gallery/a.jpg", "styles/scene/c-1234567.jpeg"} {
		if Knows(name) {
			t.Errorf("%s should not be known", name)
		}
		if err := lib.Ensure(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 4 { // c.jpeg plus the motif, scene and avatar folders
		t.Fatalf("unexpected files: %v", entries)
	}
}
