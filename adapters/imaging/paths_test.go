package imaging

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/h2non/bimg"

	"interno/adapters/objects"
	"interno/core/fault"
)

// seedStyle writes a picture straight into the style root, as the artwork generator would.
func seedStyle(t testing.TB, s *Service, rel string, data []byte) {
	t.Helper()
	p := filepath.Join(s.styles.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestService_Original(t *testing.T) {
	ctx := context.Background()
	s := newTestService(t)
	jpg := encodeJPEG(t, twoTone(64, 48, red, blue))
	st, err := s.Ingest(ctx, KindProfilePicture, jpg, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	seedStyle(t, s, "A/eclettico_1.jpg", jpg)
	seedStyle(t, s, "notes.txt", []byte("not a picture"))

	// Outside the roots: a real image and a secret, reachable only through symlinks.
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.jpg"), jpg, 0o644); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	link(filepath.Join(outside, "secret.jpg"), filepath.Join(s.uploads.(*objects.Folder).Dir(), KindGallery, "escape.jpg"))
	link(outside, filepath.Join(s.styles.dir, "outdir"))
	link("../../../../../../etc/passwd", filepath.Join(s.styles.dir, "passwd.jpg"))
	link("A/eclettico_1.jpg", filepath.Join(s.styles.dir, "alias.jpg"))

	t.Run("OK", func(t *testing.T) {
		for _, p := range []string{st.Path, "styles/A/eclettico_1.jpg"} {
			f, err := s.Original(ctx, p)
			if err != nil {
				t.Fatalf("Original(%q): %v", p, err)
			}
			if f.ContentType != "image/jpeg" || f.Size == 0 || len(f.ETag) != 34 || !filepath.IsAbs(f.Path) {
				t.Errorf("Original(%q) = %+v", p, f)
			}
			if again, _ := s.Original(ctx, p); again.ETag != f.ETag {
				t.Errorf("ETag changed between calls: %s, %s", f.ETag, again.ETag)
			}
		}
	})

	t.Run("SymlinkInsideRoot", func(t *testing.T) {
		f, err := s.Original(ctx, "styles/alias.jpg")
		if err != nil {
			t.Fatalf("Original: %v", err)
		}
		if f.Path != filepath.Join(s.styles.dir, "A", "eclettico_1.jpg") {
			t.Errorf("path %s is not the resolved target", f.Path)
		}
	})

	for _, p := range []string{
		"",
		"../etc/passwd",
		"uploads/../../etc/passwd",
		"uploads/gallery/../../../etc/passwd",
		"/etc/passwd",
		"//etc/passwd",
		"styles/..%2f..%2fetc/passwd",
		"styles/%2e%2e/secret.jpg",
		"styles/..",
		"styles/./A/eclettico_1.jpg",
		"styles//A/eclettico_1.jpg",
		"styles\\..\\..\\etc\\passwd",
		"styles/A/eclettico_1.jpg\x00.png",
		"uploads/gallery/escape.jpg",
		"styles/outdir/secret.jpg",
		"styles/passwd.jpg",
		"styles/notes.txt",
		"styles/A",
		"uploads/other/x.jpg",
		"uploads/gallery",
		"cache/anything.jpg",
		"etc/passwd",
		"uploads/gallery/.tmp-0123",
		"uploads/profile_pictures/missing.jpg",
	} {
		t.Run("NotFound/"+p, func(t *testing.T) {
			_, err := s.Original(ctx, p)
			wantCode(t, err, fault.NotFound)
			_, err = s.Variant(ctx, p, "small", 0, "")
			wantCode(t, err, fault.NotFound)
		})
	}

	t.Run("StylesDisabled", func(t *testing.T) {
		s := newTestService(t, func(c *Config) { c.StyleDir = "" })
		_, err := s.Original(ctx, "styles/A/eclettico_1.jpg")
		wantCode(t, err, fault.NotFound)
	})
}

func TestService_Remove(t *testing.T) {
	ctx := context.Background()
	s := newTestService(t)
	st, err := s.Ingest(ctx, KindGallery, encodeJPEG(t, photoLike(900, 600)), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Variant(ctx, st.Path, "small", 0, "image/webp")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("DropsFileAndVariants", func(t *testing.T) {
		if err := s.Remove(ctx, st.Path); err != nil {
			t.Fatalf("Remove: %v", err)
		}
		if _, err := os.Stat(v.Path); !os.IsNotExist(err) {
			t.Errorf("cached variant survives: %v", err)
		}
		_, err := s.Original(ctx, st.Path)
		wantCode(t, err, fault.NotFound)
	})
	t.Run("Idempotent", func(t *testing.T) {
		if err := s.Remove(ctx, st.Path); err != nil {
			t.Errorf("second Remove: %v", err)
		}
	})
	t.Run("StylesAreReadOnly", func(t *testing.T) {
		seedStyle(t, s, "C/minimal.jpg", encodeJPEG(t, twoTone(10, 10, red, blue)))
		wantCode(t, s.Remove(ctx, "styles/C/minimal.jpg"), fault.NotFound)
		if _, err := s.Original(ctx, "styles/C/minimal.jpg"); err != nil {
			t.Errorf("style picture removed: %v", err)
		}
	})
	t.Run("Traversal", func(t *testing.T) {
		wantCode(t, s.Remove(ctx, "uploads/../../etc/passwd"), fault.NotFound)
	})
}

func TestLockdown_BlocksUntrustedLoaders(t *testing.T) {
	newTestService(t) // New applies the lockdown
	if os.Getenv("VIPS_BLOCK_UNTRUSTED") == "" {
		t.Error("VIPS_BLOCK_UNTRUSTED is not set")
	}
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`)
	if _, err := bimg.NewImage(svg).Size(); err == nil {
		t.Error("libvips still loads SVG")
	}
	tiff, err := bimg.NewImage(encodePNG(t, twoTone(8, 8, red, blue))).Convert(bimg.TIFF)
	if err != nil {
		t.Fatalf("tiff fixture: %v", err)
	}
	if _, err := bimg.NewImage(tiff).Size(); err == nil {
		t.Error("libvips still loads TIFF, which is not on the allow-list")
	}
	if _, err := bimg.NewImage(encodePNG(t, twoTone(8, 8, red, blue))).Size(); err != nil {
		t.Errorf("PNG blocked too: %v", err)
	}
}

// TestLockdown_EnvSetBeforeLibvipsStarts re-runs this test binary with GODEBUG=inittrace=1 and
// checks that package vipsenv initialises before bimg, whose init starts libvips: the only way
// VIPS_BLOCK_UNTRUSTED can be seen by vips_init.
func TestLockdown_EnvSetBeforeLibvipsStarts(t *testing.T) {
	if os.Getenv("INTERNO_INITTRACE_CHILD") != "" {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("cannot find the test binary:", err)
	}
	cmd := exec.Command(exe, "-test.run=^TestLockdown_EnvSetBeforeLibvipsStarts$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "INTERNO_INITTRACE_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child run: %v\n%s", err, out)
	}
	trace := string(out)
	env := strings.Index(trace, "init interno/adapters/imaging/vipsenv ")
	vips := strings.Index(trace, "init github.com/h2non/bimg ")
	if env < 0 || vips < 0 {
		t.Fatalf("init trace lacks the packages:\n%s", trace)
	}
	if env > vips {
		t.Error("bimg (and so libvips) initialised before vipsenv set VIPS_BLOCK_UNTRUSTED; only the API lockdown protects us now")
	}
}
