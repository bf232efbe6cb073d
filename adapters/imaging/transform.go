package imaging

/*
#cgo pkg-config: vips
#include <stdlib.h>
#include <vips/vips.h>

// interno_vips_lockdown leaves libvips able to load only JPEG, PNG, GIF and WebP, whatever
// VIPS_BLOCK_UNTRUSTED said when libvips started. Debian's libvips links ImageMagick, poppler,
// rsvg, OpenEXR, FITS and more; none of them may ever see user bytes.
static void interno_vips_lockdown(void) {
	vips_block_untrusted_set(TRUE);
	vips_operation_block_set("VipsForeignLoad", TRUE);
	vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
	vips_operation_block_set("VipsForeignLoadPng", FALSE);
	vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
	vips_operation_block_set("VipsForeignLoadWebp", FALSE);
}
*/
import "C"

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"math"
	"sync"
	"time"

	"github.com/h2non/bimg"
	"golang.org/x/image/webp"

	"interno/core/fault"

	// Imported for its init, which sets VIPS_BLOCK_UNTRUSTED before bimg starts libvips.
	_ "interno/adapters/imaging/vipsenv"
)

// outFormat is what we encode: JPEG everywhere, WebP for clients that ask for it.
type outFormat int

const (
	outJPEG outFormat = iota
	outWebP
)

// ext is the file extension of the format, used in cache names.
func (o outFormat) ext() string {
	if o == outWebP {
		return "webp"
	}
	return "jpg"
}

// contentType is the media type sent with the format.
func (o outFormat) contentType() string {
	if o == outWebP {
		return "image/webp"
	}
	return "image/jpeg"
}

// encodeSpec says how one libvips job should fit and encode a picture.
type encodeSpec struct {
	maxW, maxH  int
	out         outFormat
	quality     int
	progressive bool
}

// encoded is a libvips result with the dimensions read back from its header.
type encoded struct {
	data          []byte
	width, height int
}

var white = bimg.Color{R: 255, G: 255, B: 255}

// transform runs one libvips job on bytes that inspect has accepted: auto-rotate by EXIF
// orientation, fit inside maxW×maxH without upscaling, convert to sRGB when an ICC profile is
// embedded, flatten transparency onto white, strip every metadata block and encode. It holds one
// of Workers slots for the whole job.
func (s *Service) transform(ctx context.Context, data []byte, f format, cfg image.Config, spec encodeSpec) (encoded, error) {
	if err := s.acquire(ctx); err != nil {
		return encoded{}, err
	}
	defer s.release()
	s.jobs.Add(1)
	if s.cfg.Observe != nil {
		defer func(start time.Time) { s.cfg.Observe(time.Since(start)) }(time.Now())
	}

	img := bimg.NewImage(data)
	meta, err := img.Metadata()
	if err != nil {
		return encoded{}, ErrCorrupt.WithCause(err)
	}
	w, h := cfg.Width, cfg.Height
	if meta.Orientation >= 5 && meta.Orientation <= 8 {
		w, h = h, w
	}
	if f == formatWebP && meta.Orientation > 1 {
		// bimg's WebP shrink-on-load reloads the original buffer and would drop the rotation,
		// so rotated WebP (rare) is first turned upright in a pass of its own.
		upright, err := img.Process(bimg.Options{
			Type: bimg.JPEG, Quality: 95, StripMetadata: true, Background: white, OutputICC: "srgb",
		})
		if err != nil {
			return encoded{}, ErrCorrupt.WithCause(err)
		}
		img = bimg.NewImage(upright)
	}
	opts := bimg.Options{
		Type:          bimg.JPEG,
		Quality:       spec.quality,
		Interlace:     spec.progressive,
		StripMetadata: true,
		Background:    white,
		OutputICC:     "srgb",
		// bimg sizes its integral pre-shrink by the interpolator's window; bilinear's small window
		// lets JPEG shrink-on-load do more of the work (4000→800 decodes at 1/4 scale instead of
		// 1/2). We never enlarge, so the downsizing itself is always libvips' lanczos3 reduce.
		Interpolator: bimg.Bilinear,
	}
	if spec.out == outWebP {
		opts.Type = bimg.WEBP
	}
	if tw, th := fit(w, h, spec.maxW, spec.maxH); tw != w || th != h {
		opts.Width, opts.Height = tw, th
	}
	out, err := img.Process(opts)
	if err != nil {
		return encoded{}, ErrCorrupt.WithCause(err)
	}
	var oc image.Config
	if spec.out == outWebP {
		oc, err = webp.DecodeConfig(bytes.NewReader(out))
	} else {
		oc, err = jpeg.DecodeConfig(bytes.NewReader(out))
	}
	if err != nil {
		return encoded{}, fault.New(fault.Internal, "libvips produced an unreadable picture").WithCause(err)
	}
	return encoded{data: out, width: oc.Width, height: oc.Height}, nil
}

// fit returns w×h scaled down to fit inside maxW×maxH, keeping the aspect ratio; it never
// enlarges, and no side drops below one pixel.
func fit(w, h, maxW, maxH int) (int, int) {
	if w <= maxW && h <= maxH {
		return w, h
	}
	scale := math.Min(float64(maxW)/float64(w), float64(maxH)/float64(h))
	tw := max(1, int(math.Round(float64(w)*scale)))
	th := max(1, int(math.Round(float64(h)*scale)))
	return min(tw, maxW), min(th, maxH)
}

// ErrBusy refuses image work when MaxWaiting jobs already wait for a slot.
var ErrBusy = func() *fault.Error {
	f := fault.New(fault.Unavailable, "Il server sta elaborando molte immagini: riprova tra qualche secondo.").WithReason("image_busy")
	f.RetryAfterSeconds = 5
	return f
}()

// acquire takes one libvips slot, waiting behind at most MaxWaiting others, or
// gives up when ctx ends first.
func (s *Service) acquire(ctx context.Context) error {
	select {
	case s.sem <- struct{}{}:
		return nil
	default:
	}
	if s.waiting.Add(1) > int64(s.cfg.MaxWaiting) {
		s.waiting.Add(-1)
		return ErrBusy
	}
	defer s.waiting.Add(-1)
	select {
	case s.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release gives a libvips slot back.
func (s *Service) release() { <-s.sem }

var lockdownOnce sync.Once

// init locks libvips down as soon as this package is loaded, before any caller can reach bimg
// through it; New repeats the (idempotent) call so the dependency is explicit.
func init() { lockdown() }

// lockdown restricts libvips' loaders and turns off its operation cache. bimg has already called
// vips_init from its package init by the time this package's code runs. The operation cache
// keys on buffer pointers we never reuse, so it only costs memory; our disk cache does the
// caching. libvips' own thread pool stays at the one thread per job bimg sets, so Workers
// bounds the CPU libvips uses.
func lockdown() {
	lockdownOnce.Do(func() {
		C.interno_vips_lockdown()
		bimg.VipsCacheSetMax(0)
		bimg.VipsCacheSetMaxMem(0)
	})
}
