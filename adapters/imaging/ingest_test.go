package imaging

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/h2non/bimg"
	_ "golang.org/x/image/webp" // registers WebP with image.Decode for the checks below

	"interno/adapters/objects"
	"interno/core/fault"
)

var storedName = regexp.MustCompile(`^uploads/gallery/[0-9a-f]{32}\.jpg$`)

func TestService_Ingest(t *testing.T) {
	ctx := context.Background()
	src := twoTone(640, 480, red, blue)

	t.Run("AcceptsEachFormat", func(t *testing.T) {
		s := newTestService(t)
		for name, data := range map[string][]byte{
			"jpeg": encodeJPEG(t, src),
			"png":  encodePNG(t, src),
			"gif":  encodeGIF(t, src),
			"webp": encodeWebP(t, src),
		} {
			t.Run(name, func(t *testing.T) {
				st, err := s.Ingest(ctx, KindGallery, data, 0, 0)
				if err != nil {
					t.Fatalf("Ingest: %v", err)
				}
				if !storedName.MatchString(st.Path) {
					t.Errorf("path %q is not a random name under uploads/gallery", st.Path)
				}
				if st.Width != 640 || st.Height != 480 {
					t.Errorf("size %dx%d, want 640x480", st.Width, st.Height)
				}
				f, err := s.Original(ctx, st.Path)
				if err != nil {
					t.Fatalf("Original: %v", err)
				}
				if f.ContentType != "image/jpeg" || f.Size != int64(st.Bytes) {
					t.Errorf("stored %s of %d bytes, want image/jpeg of %d", f.ContentType, f.Size, st.Bytes)
				}
			})
		}
	})

	t.Run("FitsInsideBoxWithoutUpscaling", func(t *testing.T) {
		s := newTestService(t)
		st, err := s.Ingest(ctx, KindGallery, encodeJPEG(t, src), 600, 450)
		if err != nil {
			t.Fatalf("Ingest: %v", err)
		}
		if st.Width != 600 || st.Height != 450 {
			t.Errorf("fitted to %dx%d, want 600x450", st.Width, st.Height)
		}
		st, err = s.Ingest(ctx, KindProfilePicture, encodeJPEG(t, src), 2000, 2000)
		if err != nil {
			t.Fatalf("Ingest: %v", err)
		}
		if st.Width != 640 || st.Height != 480 {
			t.Errorf("upscaled to %dx%d", st.Width, st.Height)
		}
	})

	t.Run("FlattensAlphaOntoWhite", func(t *testing.T) {
		s := newTestService(t)
		img := image.NewNRGBA(image.Rect(0, 0, 64, 64)) // fully transparent
		st, err := s.Ingest(ctx, KindProfilePicture, encodePNG(t, img), 0, 0)
		if err != nil {
			t.Fatalf("Ingest: %v", err)
		}
		f, _ := s.Original(ctx, st.Path)
		if c := decodeFile(t, f.Path).At(32, 32); !near(c, color.RGBA{255, 255, 255, 255}, 3) {
			t.Errorf("transparent pixel became %v, want white", c)
		}
	})

	refusals := []struct {
		name string
		data []byte
		code fault.Code
	}{
		{"ZeroBytes", nil, fault.Unsupported},
		{"Text", []byte("hello, this is not a picture at all"), fault.Unsupported},
		{"SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`), fault.Unsupported},
		{"PDF", []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"), fault.Unsupported},
		{"HEIC", append([]byte{0, 0, 0, 24, 'f', 't', 'y', 'p', 'h', 'e', 'i', 'c'}, make([]byte, 64)...), fault.Unsupported},
		{"TruncatedJPEG", func() []byte { d := encodeJPEG(t, src); return d[:len(d)*2/3] }(), fault.Unsupported},
		{"TruncatedPNG", func() []byte { d := encodePNG(t, src); return d[:len(d)-20] }(), fault.Unsupported},
		{"TruncatedGIF", func() []byte { d := encodeGIF(t, src); return d[:len(d)/2] }(), fault.Unsupported},
		{"TruncatedWebP", func() []byte { d := encodeWebP(t, src); return d[:len(d)-10] }(), fault.Unsupported},
		{"JPEGHeaderOnly", []byte{0xFF, 0xD8, 0xFF, 0xE0}, fault.Unsupported},
		{"PixelBomb", pngBomb(50000, 50000), fault.TooLarge},
		{"SideTooLong", pngBomb(12000, 10), fault.TooLarge},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestService(t)
			_, err := s.Ingest(ctx, KindGallery, tc.data, 0, 0)
			wantCode(t, err, tc.code)
			if n := s.jobs.Load(); n != 0 {
				t.Errorf("libvips ran %d jobs on refused input", n)
			}
			assertNothingStored(t, s)
		})
	}

	t.Run("TooManyBytes", func(t *testing.T) {
		s := newTestService(t, func(c *Config) { c.MaxUploadBytes = 1000 })
		_, err := s.Ingest(ctx, KindGallery, encodePNG(t, src), 0, 0)
		wantCode(t, err, fault.TooLarge)
	})

	t.Run("BadKindOrBox", func(t *testing.T) {
		s := newTestService(t)
		_, err := s.Ingest(ctx, "../etc", encodeJPEG(t, src), 0, 0)
		wantCode(t, err, fault.Invalid)
		_, err = s.Ingest(ctx, KindGallery, encodeJPEG(t, src), -1, 10)
		wantCode(t, err, fault.Invalid)
	})
}

// assertNothingStored fails if any file, temporary or not, was left under the upload root.
func assertNothingStored(t *testing.T, s *Service) {
	t.Helper()
	err := filepath.WalkDir(s.uploads.(*objects.Folder).Dir(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("left %s behind", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestService_IngestEXIF(t *testing.T) {
	ctx := context.Background()
	s := newTestService(t)
	src := withEXIF(t, encodeJPEG(t, twoTone(400, 200, red, blue)), 6)

	meta, err := bimg.NewImage(src).Metadata()
	if err != nil || meta.EXIF.GPSLatitude == "" || meta.Orientation != 6 {
		t.Fatalf("fixture lacks EXIF: %+v, %v", meta.EXIF, err)
	}
	st, err := s.Ingest(ctx, KindGallery, src, 0, 0)
	if err != nil {
		t.Fatalf("Ingest: %v", err)
	}
	f, err := s.Original(ctx, st.Path)
	if err != nil {
		t.Fatalf("Original: %v", err)
	}
	out, err := os.ReadFile(f.Path)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("MetadataStripped", func(t *testing.T) {
		for _, m := range jpegMarkers(t, out) {
			if m >= 0xE1 && m <= 0xEF || m == 0xFE {
				t.Errorf("output keeps metadata segment 0xFF%02X", m)
			}
		}
		if bytes.Contains(out, []byte("Exif")) {
			t.Error("output still contains an Exif block")
		}
		got, err := bimg.NewImage(out).Metadata()
		if err != nil {
			t.Fatal(err)
		}
		if got.EXIF.GPSLatitude != "" || got.EXIF.GPSLatitudeRef != "" {
			t.Errorf("GPS survived: %q %q", got.EXIF.GPSLatitudeRef, got.EXIF.GPSLatitude)
		}
	})

	t.Run("OrientationApplied", func(t *testing.T) {
		if st.Width != 200 || st.Height != 400 {
			t.Fatalf("size %dx%d, want 200x400 after rotating 90°", st.Width, st.Height)
		}
		img := decodeFile(t, f.Path)
		if c := img.At(100, 50); !near(c, red, 40) {
			t.Errorf("top is %v, want red (the stored left side)", c)
		}
		if c := img.At(100, 350); !near(c, blue, 40) {
			t.Errorf("bottom is %v, want blue", c)
		}
	})
}

func TestService_IngestICC(t *testing.T) {
	profile, err := os.ReadFile("/usr/share/color/icc/ghostscript/a98.icc")
	if err != nil {
		t.Skip("no Adobe RGB profile on this machine:", err)
	}
	jpg := encodeJPEG(t, twoTone(64, 64, color.RGBA{0, 200, 0, 255}, red))
	app2 := append([]byte("ICC_PROFILE\x00\x01\x01"), profile...)
	seg := []byte{0xFF, 0xE2, byte((len(app2) + 2) >> 8), byte(len(app2) + 2)}
	src := append(append(append([]byte{}, jpg[:2]...), append(seg, app2...)...), jpg[2:]...)
	if meta, err := bimg.NewImage(src).Metadata(); err != nil || !meta.Profile {
		t.Fatalf("fixture has no profile: %+v %v", meta, err)
	}

	s := newTestService(t)
	st, err := s.Ingest(context.Background(), KindGallery, src, 0, 0)
	if err != nil {
		t.Fatalf("Ingest of a picture with an ICC profile: %v", err)
	}
	f, err := s.Original(context.Background(), st.Path)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(f.Path)
	if err != nil {
		t.Fatal(err)
	}
	if meta, err := bimg.NewImage(out).Metadata(); err != nil || meta.Profile {
		t.Errorf("profile kept (%+v) or unreadable output: %v", meta, err)
	}
}

func TestService_IngestDataURL(t *testing.T) {
	ctx := context.Background()
	jpg := encodeJPEG(t, twoTone(100, 80, red, blue))
	b64 := base64.StdEncoding.EncodeToString(jpg)

	t.Run("OK", func(t *testing.T) {
		s := newTestService(t)
		st, err := s.IngestDataURL(ctx, KindGallery, "data:image/jpeg;base64,"+b64, 600, 450)
		if err != nil {
			t.Fatalf("IngestDataURL: %v", err)
		}
		if st.Width != 100 || st.Height != 80 {
			t.Errorf("size %dx%d", st.Width, st.Height)
		}
	})
	t.Run("DeclaredTypeIsNotTrusted", func(t *testing.T) {
		s := newTestService(t)
		svg := base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
		_, err := s.IngestDataURL(ctx, KindGallery, "data:image/png;base64,"+svg, 0, 0)
		wantCode(t, err, fault.Unsupported)
	})
	for name, tc := range map[string]struct {
		url  string
		code fault.Code
		max  int64
	}{
		"NotDataURL":   {"https://example.invalid/x.jpg", fault.Invalid, 0},
		"NotBase64":    {"data:image/jpeg," + strings.Repeat("a", 20), fault.Invalid, 0},
		"BadBase64":    {"data:image/jpeg;base64,@@@@", fault.Invalid, 0},
		"NotImageMIME": {"data:text/html;base64," + b64, fault.Unsupported, 0},
		"TooLarge":     {"data:image/jpeg;base64," + b64, fault.TooLarge, 100},
	} {
		t.Run(name, func(t *testing.T) {
			s := newTestService(t, func(c *Config) { c.MaxUploadBytes = tc.max })
			_, err := s.IngestDataURL(ctx, KindGallery, tc.url, 0, 0)
			wantCode(t, err, tc.code)
		})
	}
}
