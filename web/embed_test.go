package web

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

// Whether or not the web app is built, Dist is a valid file system and never
// serves the placeholder; Built says which.
func TestDist(t *testing.T) {
	d := Dist()
	if _, err := fs.Stat(d, "dist.missing"); err == nil {
		t.Fatal("the placeholder is served")
	}
	_, err := fs.Stat(d, "index.html")
	if Built() != (err == nil) {
		t.Fatalf("Built() = %v, index.html: %v", Built(), err)
	}
	if !Built() {
		if err := fstest.TestFS(d); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := fs.ReadFile(files, "dist.missing"); err != nil {
		t.Fatalf("the placeholder is not embedded: %v", err)
	}
}
