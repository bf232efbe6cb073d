package imaging

import (
	"context"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"interno/core/fault"
)

func TestService_Variant(t *testing.T) {
	ctx := context.Background()
	s := newTestService(t)
	st, err := s.Ingest(ctx, KindGallery, encodeJPEG(t, photoLike(2000, 1500)), 0, 0)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("Sizes", func(t *testing.T) {
		for size, want := range map[string]int{"small": 320, "medium": 800, "large": 1600, "": 800, "480": 480, "160": 160} {
			f, err := s.Variant(ctx, st.Path, size, 0, "")
			if err != nil {
				t.Fatalf("Variant(%q): %v", size, err)
			}
			if b := decodeFile(t, f.Path).Bounds(); b.Dx() != want || b.Dy() != want*3/4 {
				t.Errorf("Variant(%q) is %v, want %dx%d", size, b, want, want*3/4)
			}
		}
	})

	t.Run("NeverUpscales", func(t *testing.T) {
		small, err := s.Ingest(ctx, KindGallery, encodeJPEG(t, photoLike(300, 200)), 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		f, err := s.Variant(ctx, small.Path, "large", 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if b := decodeFile(t, f.Path).Bounds(); b.Dx() != 300 || b.Dy() != 200 {
			t.Errorf("upscaled to %v", b)
		}
	})

	t.Run("FormatNegotiation", func(t *testing.T) {
		for accept, want := range map[string]string{
			"image/avif,image/webp,image/apng,image/*,*/*;q=0.8": "image/webp",
			"image/webp;q=0.5": "image/webp",
			"image/webp;q=0":   "image/jpeg",
			"*/*":              "image/jpeg",
			"image/*":          "image/jpeg",
			"":                 "image/jpeg",
			"garbage;;;":       "image/jpeg",
		} {
			f, err := s.Variant(ctx, st.Path, "small", 0, accept)
			if err != nil {
				t.Fatalf("Variant(accept %q): %v", accept, err)
			}
			if f.ContentType != want {
				t.Errorf("accept %q gave %s, want %s", accept, f.ContentType, want)
			}
			head := make([]byte, 16)
			fh, err := os.Open(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = fh.Read(head)
			fh.Close()
			if got, _ := sniff(head); err != nil || "image/"+string(got) != want {
				t.Errorf("accept %q: file holds %q, labelled %s", accept, got, want)
			}
		}
	})

	t.Run("BadSizeOrQuality", func(t *testing.T) {
		for _, size := range []string{"huge", "0", "-320", "321", "0320", "320px", "1e3", " small"} {
			_, err := s.Variant(ctx, st.Path, size, 0, "")
			wantCode(t, err, fault.Invalid)
		}
		for _, q := range []int{-1, 101, 1000} {
			_, err := s.Variant(ctx, st.Path, "small", q, "")
			wantCode(t, err, fault.Invalid)
		}
		for _, q := range []int{1, 100} {
			if _, err := s.Variant(ctx, st.Path, "small", q, ""); err != nil {
				t.Errorf("quality %d refused: %v", q, err)
			}
		}
	})

	t.Run("QualitiesShareTenSteps", func(t *testing.T) {
		a, err := s.Variant(ctx, st.Path, "320", 41, "")
		if err != nil {
			t.Fatal(err)
		}
		jobs := s.jobs.Load()
		for _, q := range []int{42, 47, 50} {
			b, err := s.Variant(ctx, st.Path, "320", q, "")
			if err != nil || b.ETag != a.ETag {
				t.Fatalf("quality %d: %v, ETag %s vs %s", q, err, b.ETag, a.ETag)
			}
		}
		if s.jobs.Load() != jobs {
			t.Fatal("qualities of one step were resized again")
		}
		if def, _ := s.Variant(ctx, st.Path, "320", 0, ""); def.ETag == a.ETag {
			t.Fatal("the default quality is its own step")
		}
	})

	t.Run("CacheHit", func(t *testing.T) {
		first, err := s.Variant(ctx, st.Path, "640", 60, "image/webp")
		if err != nil {
			t.Fatal(err)
		}
		jobs := s.jobs.Load()
		second, err := s.Variant(ctx, st.Path, "640", 60, "image/webp")
		if err != nil {
			t.Fatal(err)
		}
		if second.Path != first.Path || second.ETag != first.ETag || second.Size != first.Size ||
			!second.ModTime.Equal(first.ModTime) || second.ContentType != first.ContentType {
			t.Errorf("cache hit differs:\n%+v\n%+v", first, second)
		}
		if n := s.jobs.Load() - jobs; n != 0 {
			t.Errorf("cache hit ran %d libvips jobs", n)
		}
		other, _ := s.Variant(ctx, st.Path, "640", 60, "image/jpeg")
		if other.ETag == first.ETag {
			t.Error("JPEG and WebP variants share an ETag")
		}
	})

	t.Run("SourceChangeMakesNewVersion", func(t *testing.T) {
		seedStyle(t, s, "B/classico.jpg", encodeJPEG(t, photoLike(1000, 750)))
		old, err := s.Variant(ctx, "styles/B/classico.jpg", "small", 0, "")
		if err != nil {
			t.Fatal(err)
		}
		seedStyle(t, s, "B/classico.jpg", encodeJPEG(t, twoTone(1000, 750, red, blue)))
		later := time.Now().Add(time.Minute)
		if err := os.Chtimes(s.styles.dir+"/B/classico.jpg", later, later); err != nil {
			t.Fatal(err)
		}
		fresh, err := s.Variant(ctx, "styles/B/classico.jpg", "small", 0, "")
		if err != nil {
			t.Fatal(err)
		}
		if fresh.ETag == old.ETag {
			t.Error("ETag did not change with the source")
		}
		if _, err := os.Stat(old.Path); !os.IsNotExist(err) {
			t.Errorf("old version not pruned: %v", err)
		}
	})

	t.Run("ConcurrentRequestsResizeOnce", func(t *testing.T) {
		jobs := s.jobs.Load()
		var wg sync.WaitGroup
		etags := make([]string, 20)
		errs := make([]error, 20)
		for i := range 20 {
			wg.Go(func() {
				f, err := s.Variant(ctx, st.Path, "960", 70, "image/webp")
				etags[i], errs[i] = f.ETag, err
			})
		}
		wg.Wait()
		for i := range 20 {
			if errs[i] != nil || etags[i] != etags[0] {
				t.Fatalf("request %d: %v, etag %s vs %s", i, errs[i], etags[i], etags[0])
			}
		}
		if n := s.jobs.Load() - jobs; n != 1 {
			t.Errorf("20 concurrent requests ran %d resizes, want 1", n)
		}
	})

	t.Run("CancelledCaller", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.Variant(cctx, st.Path, "240", 0, ""); err == nil {
			t.Error("cancelled request succeeded")
		}
	})
}

func TestParseSize_AllowList(t *testing.T) {
	for _, w := range Widths() {
		if _, err := parseSize(strconv.Itoa(w)); err != nil {
			t.Errorf("listed width %d refused", w)
		}
	}
}
