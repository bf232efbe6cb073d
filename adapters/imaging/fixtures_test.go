package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/h2non/bimg"

	"interno/adapters/objects"
	"interno/core/fault"
)

// newTestService opens a service on fresh temporary roots.
func newTestService(t testing.TB, mutate ...func(*Config)) *Service {
	t.Helper()
	base := t.TempDir()
	uploads, err := objects.NewFolder(filepath.Join(base, "uploads"))
	if err != nil {
		t.Fatal(err)
	}
	cache, err := objects.NewFolder(filepath.Join(base, "cache"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { uploads.Close(); cache.Close() })
	cfg := Config{Uploads: uploads, StyleDir: filepath.Join(base, "styles"), Cache: cache}
	for _, m := range mutate {
		m(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// twoTone paints the left half a and the right half b, so rotations are visible.
func twoTone(w, h int, a, b color.Color) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x < w/2 {
				img.Set(x, y, a)
			} else {
				img.Set(x, y, b)
			}
		}
	}
	return img
}

// photoLike paints gradients and grain, so encoders work about as hard as on a real photo.
func photoLike(w, h int) *image.RGBA {
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := math.Sin(float64(x)/37) * math.Cos(float64(y)/53)
			n := uint8(rng.IntN(40))
			i := img.PixOffset(x, y)
			img.Pix[i] = uint8(110+90*v) + n/2
			img.Pix[i+1] = uint8(x*200/w) + n
			img.Pix[i+2] = uint8(y*200/h) + n/3
			img.Pix[i+3] = 255
		}
	}
	return img
}

var (
	red  = color.RGBA{220, 20, 20, 255}
	blue = color.RGBA{20, 20, 220, 255}
)

func encodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatalf("jpeg: %v", err)
	}
	return buf.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatalf("png: %v", err)
	}
	return buf.Bytes()
}

func encodeGIF(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatalf("gif: %v", err)
	}
	return buf.Bytes()
}

// encodeWebP uses libvips directly: the standard library cannot write WebP.
func encodeWebP(t testing.TB, img image.Image) []byte {
	t.Helper()
	out, err := bimg.NewImage(encodePNG(t, img)).Convert(bimg.WEBP)
	if err != nil {
		t.Fatalf("webp: %v", err)
	}
	return out
}

// pngChunk frames one PNG chunk with its CRC.
func pngChunk(typ string, data []byte) []byte {
	var b bytes.Buffer
	_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
	b.WriteString(typ)
	b.Write(data)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	return b.Bytes()
}

// pngBomb is a tiny, well-formed PNG whose header claims w×h pixels.
func pngBomb(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	out := append([]byte{}, pngMagic...)
	out = append(out, pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	return append(out, pngChunk("IEND", nil)...)
}

// withEXIF inserts an APP1 EXIF segment with an orientation and a GPS latitude right after SOI.
func withEXIF(t testing.TB, jpg []byte, orientation uint16) []byte {
	t.Helper()
	le := binary.LittleEndian
	var tiff bytes.Buffer
	w := func(v any) { _ = binary.Write(&tiff, le, v) }
	tiff.WriteString("II")
	w(uint16(42))
	w(uint32(8))
	// IFD0 at 8: Orientation and the GPS IFD pointer.
	w(uint16(2))
	w([]uint16{0x0112, 3}) // Orientation, SHORT
	w(uint32(1))
	w([]uint16{orientation, 0})
	w([]uint16{0x8825, 4}) // GPSInfo, LONG
	w(uint32(1))
	w(uint32(38))
	w(uint32(0))
	// GPS IFD at 38: latitude reference and latitude (45° 28′ 0″ N, Milan).
	w(uint16(2))
	w([]uint16{0x0001, 2}) // GPSLatitudeRef, ASCII
	w(uint32(2))
	tiff.Write([]byte{'N', 0, 0, 0})
	w([]uint16{0x0002, 5}) // GPSLatitude, RATIONAL
	w(uint32(3))
	w(uint32(68))
	w(uint32(0))
	w([]uint32{45, 1, 28, 1, 0, 1})
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// jpegMarkers lists the markers before the first scan, where metadata segments live.
func jpegMarkers(t testing.TB, d []byte) []byte {
	t.Helper()
	var ms []byte
	for i := 2; i+4 <= len(d); {
		if d[i] != 0xFF {
			t.Fatalf("bad marker at %d", i)
		}
		m := d[i+1]
		ms = append(ms, m)
		if m == 0xDA {
			break
		}
		i += 2 + int(binary.BigEndian.Uint16(d[i+2:]))
	}
	return ms
}

// wantCode fails unless err is a fault with the given code.
func wantCode(t testing.TB, err error, code fault.Code) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %s", code)
	}
	if got := fault.CodeOf(err); got != code {
		t.Fatalf("got %s (%v), want %s", got, err, code)
	}
	var f *fault.Error
	if !errors.As(err, &f) {
		t.Fatalf("error %v is not a *fault.Error", err)
	}
}

// decodeFile decodes a picture on disk with the standard decoders.
func decodeFile(t testing.TB, path string) image.Image {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return img
}

// near reports whether c is within tol of want on every channel.
func near(c color.Color, want color.RGBA, tol int) bool {
	r, g, b, _ := c.RGBA()
	d := func(a uint32, b uint8) bool { return math.Abs(float64(int(a>>8)-int(b))) <= float64(tol) }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}
