package artwork

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"testing"
)

// encode returns img as JPEG bytes at quality 90.
func encode(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJPEG(&buf, img, 90); err != nil {
		t.Fatalf("WriteJPEG: %v", err)
	}
	return buf.Bytes()
}

// meanColour averages an image's pixels, 0..1 per channel.
func meanColour(img image.Image) [3]float64 {
	var sum [3]float64
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			sum[0] += float64(r) / 0xFFFF
			sum[1] += float64(g) / 0xFFFF
			sum[2] += float64(bl) / 0xFFFF
		}
	}
	n := float64(b.Dx() * b.Dy())
	return [3]float64{sum[0] / n, sum[1] / n, sum[2] / n}
}

// renderers names every public painter with a fixed style, so tests can cover them all alike.
func renderers(style string) map[string]func(seed int64, w, h int) image.Image {
	m := map[string]func(int64, int, int) image.Image{
		"Scene":  func(s int64, w, h int) image.Image { return Scene(style, s, w, h) },
		"Avatar": func(s int64, w, _ int) image.Image { return Avatar(style, s, w) },
	}
	for _, sub := range []string{SubjectTexture, SubjectLight, SubjectObject, SubjectColour, SubjectMood} {
		m["Motif/"+sub] = func(s int64, w, h int) image.Image { return Motif(style, sub, s, w, h) }
	}
	return m
}

func TestScene_Deterministic(t *testing.T) {
	for _, st := range Styles() {
		for name, render := range renderers(st) {
			t.Run(st+"/"+name, func(t *testing.T) {
				a, b := encode(t, render(42, 240, 180)), encode(t, render(42, 240, 180))
				if !bytes.Equal(a, b) {
					t.Fatal("same inputs gave different bytes")
				}
				if c := encode(t, render(43, 240, 180)); bytes.Equal(a, c) && name != "Motif/colour" {
					t.Error("a different seed gave identical bytes")
				}
			})
		}
	}
}

func TestScene_StylesDiffer(t *testing.T) {
	means := map[string][3]float64{}
	for _, st := range Styles() {
		means[st] = meanColour(Scene(st, 1, 320, 240))
	}
	styles := Styles()
	for i, a := range styles {
		for _, b := range styles[i+1:] {
			ma, mb := means[a], means[b]
			d := math.Sqrt((ma[0]-mb[0])*(ma[0]-mb[0]) + (ma[1]-mb[1])*(ma[1]-mb[1]) + (ma[2]-mb[2])*(ma[2]-mb[2]))
			if d < 0.04 {
				t.Errorf("styles %s and %s average to nearly the same colour (%.3f apart): %v %v", a, b, d, ma, mb)
			}
		}
	}
	t.Run("PaletteCharacter", func(t *testing.T) {
		// Minimal is the lightest, Industrial the warmest dark, Eclectic the most saturated wall.
		if means["C"][0] < means["D"][0] || means["C"][2] < means["A"][2]*0.9 {
			t.Errorf("Minimal should be lighter than Industrial and Eclectic: %v", means)
		}
		if d := means["D"]; d[0] <= d[2] {
			t.Errorf("Industrial should lean red (brick): %v", d)
		}
		if e := means["E"]; e[0] <= e[2] {
			t.Errorf("Mediterranean should lean warm (terracotta, whitewash): %v", e)
		}
	})
}

func TestScene_Dimensions(t *testing.T) {
	cases := []struct{ w, h, wantW, wantH int }{
		{1200, 900, 1200, 900},
		{600, 450, 600, 450},
		{300, 600, 300, 600},
		{1, 1, minSide, minSide},
		{0, -5, minSide, minSide},
		{100000, 10, maxSide, 10},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			if tc.wantW*tc.wantH > 4_000_000 {
				t.Skip("large canvas: covered by the clamp itself")
			}
			b := Scene("B", 1, tc.w, tc.h).Bounds()
			if b.Dx() != tc.wantW || b.Dy() != tc.wantH {
				t.Errorf("Scene is %dx%d, want %dx%d", b.Dx(), b.Dy(), tc.wantW, tc.wantH)
			}
			m := Motif("E", SubjectMood, 1, tc.w, tc.h).Bounds()
			if m.Dx() != tc.wantW || m.Dy() != tc.wantH {
				t.Errorf("Motif is %dx%d, want %dx%d", m.Dx(), m.Dy(), tc.wantW, tc.wantH)
			}
		})
	}
	t.Run("Avatar", func(t *testing.T) {
		for in, want := range map[int]int{256: 256, 0: minSide, 3: minSide} {
			if b := Avatar("A", 1, in).Bounds(); b.Dx() != want || b.Dy() != want {
				t.Errorf("Avatar(%d) is %v", in, b)
			}
		}
	})
	t.Run("ClampLarge", func(t *testing.T) {
		if clampSide(1<<40) != maxSide || clampSide(-1) != minSide {
			t.Error("clampSide does not bound the canvas")
		}
	})
}

func TestScene_NoPanic(t *testing.T) {
	seeds := []int64{0, 1, -1, 7, 1 << 40, math.MaxInt64, math.MinInt64}
	sizes := [][2]int{{8, 8}, {13, 97}, {97, 13}, {64, 48}}
	for _, st := range append(Styles(), "", "Z", "abc") {
		for name, render := range renderers(st) {
			t.Run(st+"/"+name, func(t *testing.T) {
				for _, seed := range seeds {
					for _, sz := range sizes {
						if img := render(seed, sz[0], sz[1]); img == nil {
							t.Fatalf("nil image for seed %d size %v", seed, sz)
						}
					}
				}
			})
		}
	}
	t.Run("UnknownSubjectIsMood", func(t *testing.T) {
		a := encode(t, Motif("C", "nonsense", 3, 120, 90))
		b := encode(t, Motif("C", SubjectMood, 3, 120, 90))
		if !bytes.Equal(a, b) {
			t.Error("an unknown subject does not paint the mood picture")
		}
	})
}

func TestWriteJPEG_Quality(t *testing.T) {
	img := Scene("A", 1, 160, 120)
	for _, q := range []int{-10, 0, 1, 82, 100, 1000} {
		var buf bytes.Buffer
		if err := WriteJPEG(&buf, img, q); err != nil {
			t.Fatalf("quality %d: %v", q, err)
		}
		if cfg, err := jpeg.DecodeConfig(bytes.NewReader(buf.Bytes())); err != nil || cfg.Width != 160 {
			t.Errorf("quality %d: unreadable output: %v", q, err)
		}
	}
}

func FuzzScene(f *testing.F) {
	f.Add("A", int64(1), 64, 48)
	f.Add("E", int64(-9), 9, 200)
	f.Fuzz(func(t *testing.T, style string, seed int64, w, h int) {
		w, h = w%300, h%300 // keep each run cheap; the clamp handles the rest
		if img := Scene(style, seed, w, h); img.Bounds().Dx() < minSide {
			t.Fatalf("canvas below minimum: %v", img.Bounds())
		}
	})
}
