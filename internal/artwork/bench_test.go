package artwork

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/draw"
)

// TestSamples_WhenAsked writes PNGs and a contact sheet for a person to judge when
// ARTWORK_SAMPLES names a folder; CI skips it.
func TestSamples_WhenAsked(t *testing.T) {
	dir := os.Getenv("ARTWORK_SAMPLES")
	if dir == "" {
		t.Skip("set ARTWORK_SAMPLES=/some/dir to write sample pictures")
	}
	var tiles []image.Image
	for _, st := range Styles() {
		for seed := int64(1); seed <= 3; seed++ {
			img := Scene(st, seed, 1200, 900)
			writePNG(t, filepath.Join(dir, fmt.Sprintf("scene_%s_%d.png", st, seed)), img)
			tiles = append(tiles, img)
		}
	}
	writePNG(t, filepath.Join(dir, "sheet_scenes.png"), sheet(tiles, 3, 400, 300))

	var avatars, motifs []image.Image
	subjects := []string{SubjectTexture, SubjectLight, SubjectObject, SubjectColour, SubjectMood}
	for _, st := range Styles() {
		for seed := int64(1); seed <= 4; seed++ {
			avatars = append(avatars, Avatar(st, seed, 256))
		}
		for _, sub := range subjects {
			motifs = append(motifs, Motif(st, sub, 1, 800, 600))
		}
	}
	writePNG(t, filepath.Join(dir, "sheet_avatars.png"), sheet(avatars, 4, 160, 160))
	writePNG(t, filepath.Join(dir, "sheet_motifs.png"), sheet(motifs, 5, 320, 240))
}

// sheet lays images out in a grid of cols columns, each scaled to w×h.
func sheet(imgs []image.Image, cols, w, h int) image.Image {
	rows := (len(imgs) + cols - 1) / cols
	out := image.NewRGBA(image.Rect(0, 0, cols*w, rows*h))
	for i, img := range imgs {
		r := image.Rect((i%cols)*w, (i/cols)*h, (i%cols+1)*w, (i/cols+1)*h)
		draw.CatmullRom.Scale(out, r, img, img.Bounds(), draw.Src, nil)
	}
	return out
}

// writePNG saves img at path.
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkScene_1200x900 holds the budget of a style picture: well under 200 ms on one core.
func BenchmarkScene_1200x900(b *testing.B) {
	for _, st := range Styles() {
		b.Run(st, func(b *testing.B) {
			var seed int64
			for b.Loop() {
				seed++
				Scene(st, seed, 1200, 900)
			}
		})
	}
}

// BenchmarkScene_EncodeJPEG adds the encoding a seeder pays for each gallery picture.
func BenchmarkScene_EncodeJPEG(b *testing.B) {
	img := Scene("E", 1, 1200, 900)
	for b.Loop() {
		if err := WriteJPEG(io.Discard, img, 85); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAvatar_256 and BenchmarkMotif_800x600 cover the other painters.
func BenchmarkAvatar_256(b *testing.B) {
	for b.Loop() {
		Avatar("A", 1, 256)
	}
}

func BenchmarkMotif_800x600(b *testing.B) {
	for _, sub := range []string{SubjectTexture, SubjectLight, SubjectObject, SubjectColour, SubjectMood} {
		b.Run(sub, func(b *testing.B) {
			for b.Loop() {
				Motif("A", sub, 1, 800, 600)
			}
		})
	}
}
