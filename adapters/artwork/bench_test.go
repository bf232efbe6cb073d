package artwork

import (
	"io"
	"testing"
)

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
