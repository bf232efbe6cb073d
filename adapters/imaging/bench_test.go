package imaging

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"sync"
	"testing"

	"golang.org/x/image/draw"
)

// The 4000×3000 source is costly to build, so every benchmark shares one.
var (
	benchOnce sync.Once
	benchJPEG []byte
)

// bigJPEG returns a photo-like 4000×3000 JPEG (about 3 MB at quality 90).
func bigJPEG(b *testing.B) []byte {
	b.Helper()
	benchOnce.Do(func() { benchJPEG = encodeJPEG(b, photoLike(4000, 3000)) })
	return benchJPEG
}

// benchSource stores the big JPEG as a style picture, so Variant reads it as it is, unre-encoded.
func benchSource(b *testing.B) (*Service, string) {
	b.Helper()
	s := newTestService(b)
	seedStyle(b, s, "bench/big.jpg", bigJPEG(b))
	return s, "styles/bench/big.jpg"
}

// BenchmarkVariant_Cold measures a cache miss: read 4000×3000, guard, resize, encode, store.
func BenchmarkVariant_Cold(b *testing.B) {
	ctx := context.Background()
	for _, size := range []string{"small", "medium", "large"} {
		for _, accept := range []string{"image/jpeg", "image/webp"} {
			b.Run(size+"/"+accept[6:], func(b *testing.B) {
				s, src := benchSource(b)
				b.SetBytes(int64(len(bigJPEG(b))))
				for b.Loop() {
					b.StopTimer()
					if err := s.removeCached(ctx, cacheDirOf(src)+"/", ""); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if _, err := s.Variant(ctx, src, size, 0, accept); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkVariant_CacheHit measures the steady state: validate, stat source, stat cache file.
func BenchmarkVariant_CacheHit(b *testing.B) {
	ctx := context.Background()
	s, src := benchSource(b)
	if _, err := s.Variant(ctx, src, "medium", 0, "image/webp"); err != nil {
		b.Fatal(err)
	}
	jobs := s.jobs.Load()
	b.Run("serial", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Variant(ctx, src, "medium", 0, "image/webp"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := s.Variant(ctx, src, "medium", 0, "image/webp"); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
	if n := s.jobs.Load() - jobs; n != 0 {
		b.Fatalf("cache hits ran %d resizes", n)
	}
}

// BenchmarkIngest measures an upload of the 4000×3000 JPEG fitted to the 1600 box.
func BenchmarkIngest(b *testing.B) {
	ctx := context.Background()
	s := newTestService(b)
	data := bigJPEG(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		st, err := s.Ingest(ctx, KindGallery, data, 1600, 1600)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := s.Remove(ctx, st.Path); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

// BenchmarkPureGo_CatmullRom800 is the comparison the bimg choice rests on: the same
// 4000×3000 → 800×600 JPEG job with the standard decoder, x/image/draw and the standard encoder.
func BenchmarkPureGo_CatmullRom800(b *testing.B) {
	data := bigJPEG(b)
	b.Run("decode+scale+encode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			src, err := jpeg.Decode(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			dst := image.NewRGBA(image.Rect(0, 0, 800, 600))
			draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
			if err := jpeg.Encode(&bytes.Buffer{}, dst, &jpeg.Options{Quality: DefaultQuality}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("scale-only", func(b *testing.B) {
		src, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		dst := image.NewRGBA(image.Rect(0, 0, 800, 600))
		for b.Loop() {
			draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
		}
	})
}
