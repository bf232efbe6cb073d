package imaging

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	"runtime"
	"testing"
)

func TestPixels_WeighsFromTheHeaderAlone(t *testing.T) {
	s := newTestService(t)
	ctx := context.Background()
	png := "data:image/png;base64," + base64.StdEncoding.EncodeToString(encodePNG(t, image.NewGray(image.Rect(0, 0, 3000, 2000))))
	n, err := s.Pixels(ctx, png)
	if err != nil || n != 6_000_000 {
		t.Fatalf("%d %v", n, err)
	}
	if s.jobs.Load() != 0 {
		t.Fatalf("weighing ran %d libvips jobs", s.jobs.Load())
	}
	// A JPEG whose size comes after 128 KiB of metadata is weighed from the whole payload.
	plain := encodeJPEG(t, photoLike(640, 480))
	app := append([]byte{0xFF, 0xE1, 0xFF, 0xFF}, bytes.Repeat([]byte{'x'}, 0xFFFF-2)...)
	padded := append(append(append([]byte{0xFF, 0xD8}, app...), app...), plain[2:]...)
	if n, err := s.Pixels(ctx, "data:image/jpeg;base64,"+base64.StdEncoding.EncodeToString(padded)); err != nil || n != 640*480 {
		t.Fatalf("JPEG with a large header: %d %v", n, err)
	}
	huge := "data:image/png;base64," + base64.StdEncoding.EncodeToString(encodePNG(t, image.NewGray(image.Rect(0, 0, 9000, 9000))))
	if _, err := s.Pixels(ctx, huge); !errors.Is(err, ErrTooManyPixels) {
		t.Fatalf("81 MP: %v", err)
	}
	for name, bad := range map[string]struct {
		url  string
		want error
	}{
		"not a data URL": {"https://example.com/x.png", ErrBadDataURL},
		"not an image":   {"data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("<svg/>")), ErrNotImage},
	} {
		if _, err := s.Pixels(ctx, bad.url); !errors.Is(err, bad.want) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestWorkers_HalfTheCPUsAndABoundedQueue(t *testing.T) {
	if got, want := DefaultWorkers(), max(1, runtime.NumCPU()/2); got != want {
		t.Fatalf("DefaultWorkers %d, want %d", got, want)
	}
	s := newTestService(t, func(c *Config) { c.Workers, c.MaxWaiting = 1, 1 })
	ctx := context.Background()
	if err := s.acquire(ctx); err != nil {
		t.Fatal(err)
	}
	waiter := make(chan error, 1)
	go func() { waiter <- s.acquire(ctx) }()
	for s.waiting.Load() != 1 {
		runtime.Gosched()
	}
	if err := s.acquire(ctx); !errors.Is(err, ErrBusy) || ErrBusy.RetryAfterSeconds == 0 {
		t.Fatalf("third job with one slot and one waiting: %v", err)
	}
	s.release()
	if err := <-waiter; err != nil {
		t.Fatalf("the waiter gets the slot: %v", err)
	}
	s.release()
}
