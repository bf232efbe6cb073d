package artwork

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLibrary_PaintsKnownNamesOnce(t *testing.T) {
	dir := t.TempDir()
	listed := []string{"styles/c.jpeg", "styles/motif/e-texture-2.jpeg", "styles/scene/a-12.jpeg", "styles/avatar/d-3.jpeg"}
	lib := NewLibrary(dir, append(listed, "styles/f.jpeg", "uploads/gallery/a.jpg")...)
	for _, name := range listed {
		if !lib.Has(name) {
			t.Fatalf("%s not listed", name)
		}
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
		if Knows(name) || lib.Has(name) {
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

// TestLibrary_PaintsOnlyListedNames is the disk-filling finding: a name the
// library could paint but was not given (any scene id up to 999,999) costs
// nothing and writes nothing, and Prune removes what was painted before.
func TestLibrary_PaintsOnlyListedNames(t *testing.T) {
	dir := t.TempDir()
	lib := NewLibrary(dir, "styles/scene/a-100.jpeg")
	for _, name := range []string{"styles/scene/d-500000.jpeg", "styles/avatar/a-999999.jpeg", "styles/b.jpeg"} {
		if !Knows(name) || lib.Has(name) {
			t.Fatalf("%s: paintable but not listed", name)
		}
		if err := lib.Ensure(name); err != nil {
			t.Fatal(err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("unlisted names were painted: %v", entries)
	}
	if err := lib.Ensure("styles/scene/a-100.jpeg"); err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(dir, "scene", "d-500000.jpeg")
	if err := os.WriteFile(stray, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, err := lib.Prune(); err != nil || n != 1 {
		t.Fatalf("prune: %d %v", n, err)
	}
	if _, err := os.Stat(stray); !os.IsNotExist(err) {
		t.Fatal("stray picture kept")
	}
	if _, err := os.Stat(filepath.Join(dir, "scene", "a-100.jpeg")); err != nil {
		t.Fatalf("listed picture pruned: %v", err)
	}
	if n, err := NewLibrary(filepath.Join(dir, "missing")).Prune(); err != nil || n != 0 {
		t.Fatalf("missing directory: %d %v", n, err)
	}
}
