// Package imaging stores uploaded pictures and serves resized variants through libvips (bimg).
//
// Everything a user sends passes the same guards before libvips sees a byte: a byte cap, format
// sniffing from magic bytes (JPEG, PNG, GIF and WebP only; SVG, PDF, HEIC, TIFF and the rest are
// Unsupported, whatever the name or declared type), a header-only size check with the standard
// decoders (image.DecodeConfig, x/image/webp) against MaxPixels and MaxSide, so a decompression
// bomb is refused from its first bytes, and a structural walk that refuses truncated files, which
// libvips would otherwise decode with a grey tail. libvips itself is locked down at start-up:
// untrusted loaders are blocked and only the JPEG, PNG, GIF and WebP loaders remain (see
// transform.go and package vipsenv for why both the variable and the API call are used).
//
// Decisions:
//   - Ingest always stores a progressive JPEG at quality 82: auto-rotated by its
//     EXIF orientation, converted to sRGB when it carries an ICC profile, every metadata block
//     stripped (EXIF with GPS, XMP, IPTC, ICC), transparency flattened onto white. One stored
//     format keeps serving simple; interior photos do not need alpha, and variants are
//     re-encoded per client anyway. Animated GIF and WebP keep their first frame.
//   - File names are 128 random bits (crypto/rand) in hex; nothing of the client's name survives.
//     Writes go to a hidden temporary file in the target folder, are fsynced, then renamed.
//   - Variants are WebP when the Accept header lists image/webp, JPEG otherwise (callers add
//     Vary: Accept). AVIF is not emitted: on this libvips (8.14, libheif with aom) it encoded
//     1.4-1.7x slower than WebP for sizes no better on detailed pictures, every browser that
//     takes AVIF also takes WebP, and the AV1 encoder runs its own threads outside Workers.
//   - Variants never upscale, are bounded by width only, and are cached on disk under
//     CacheDir/<hash of path>/<hash of source size and mtime>/w<width>-q<quality>.<ext>, so a
//     changed source gets a new key (older versions are pruned) and Remove drops one folder.
//     ETags are strong: the hash of that key, which fixes the bytes.
//   - Concurrent requests for one missing variant share one resize (singleflight); all libvips
//     work, ingest and variants together, holds one of Workers slots (half the CPUs by default,
//     libvips using one thread per job), so image work never takes the whole machine. At most
//     MaxWaiting jobs queue for a slot; beyond that a request is refused at once with ErrBusy
//     (503, Retry-After) instead of piling up memory and latency.
//   - Paths are virtual: "uploads/<kind>/<file>" and "styles/<any/depth>". Everything else, and
//     everything suspicious, is NotFound; files are opened through os.Root.
package imaging

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"interno/core/fault"
)

// Config says where pictures live and how much work one picture may cost; zero values take the
// documented defaults so callers only set what they mean to change.
type Config struct {
	UploadDir      string // root of stored uploads; one folder per kind
	StyleDir       string // root of generated style pictures, read only; empty disables "styles/..."
	CacheDir       string // resized variants
	MaxUploadBytes int64  // default 10 MiB
	MaxPixels      int    // default 40,000,000, checked from the header alone
	MaxSide        int    // default 10,000
	Workers        int    // concurrent libvips jobs, default half the CPUs (at least 1)
	MaxWaiting     int    // jobs that may wait for a slot before ErrBusy, default 64
	// Observe, when set, receives the duration of each libvips job once it
	// holds its slot (the wait for a slot is not counted); for metrics.
	Observe func(time.Duration)
}

// Defaults applied by New to zero fields.
const (
	DefaultMaxUploadBytes = 10 << 20
	DefaultMaxPixels      = 40_000_000
	DefaultMaxSide        = 10_000
	DefaultMaxWaiting     = 64
	ingestQuality         = 82
)

// DefaultWorkers is half the CPUs, at least one: image work, however much of
// it arrives, leaves the other half to everyone else's requests.
func DefaultWorkers() int { return max(1, runtime.NumCPU()/2) }

// Stored describes a picture Ingest kept, so callers can save its path and show its size.
type Stored struct {
	Path   string // virtual path, e.g. "uploads/gallery/3f9c…e1.jpg"
	Width  int
	Height int
	Bytes  int
}

// File is what the HTTP layer needs to stream a picture with caching headers.
type File struct {
	Path        string // absolute path, symlinks resolved, inside one of our roots
	ContentType string
	ETag        string // strong, quoted
	Size        int64
	ModTime     time.Time
}

// Service is the single entry point for stored pictures, shared by HTTP handlers and core ports.
type Service struct {
	cfg     Config
	lim     limits
	uploads *storeRoot
	styles  *storeRoot
	cache   *storeRoot
	sem     chan struct{}
	waiting atomic.Int64 // jobs waiting for a slot
	flight  singleflight.Group
	jobs    atomic.Int64 // libvips jobs started; tests and benchmarks read it
}

// New opens (and creates where missing) the storage roots and applies defaults.
func New(cfg Config) (*Service, error) {
	if cfg.UploadDir == "" || cfg.CacheDir == "" {
		return nil, errors.New("imaging: UploadDir and CacheDir are required")
	}
	if cfg.MaxUploadBytes <= 0 {
		cfg.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if cfg.MaxPixels <= 0 {
		cfg.MaxPixels = DefaultMaxPixels
	}
	if cfg.MaxSide <= 0 {
		cfg.MaxSide = DefaultMaxSide
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers()
	}
	if cfg.MaxWaiting <= 0 {
		cfg.MaxWaiting = DefaultMaxWaiting
	}
	lockdown()
	s := &Service{
		cfg: cfg,
		lim: limits{maxBytes: cfg.MaxUploadBytes, maxPixels: cfg.MaxPixels, maxSide: cfg.MaxSide},
		sem: make(chan struct{}, cfg.Workers),
	}
	var err error
	if s.uploads, err = openRoot(cfg.UploadDir); err != nil {
		return nil, err
	}
	for _, k := range kinds {
		if err := s.uploads.root.MkdirAll(k, 0o755); err != nil {
			s.Close()
			return nil, fmt.Errorf("imaging: create %s: %w", k, err)
		}
	}
	if s.cache, err = openRoot(cfg.CacheDir); err != nil {
		s.Close()
		return nil, err
	}
	if cfg.StyleDir != "" {
		if s.styles, err = openRoot(cfg.StyleDir); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// Close releases the directory handles; the service must not be used afterwards.
func (s *Service) Close() error {
	return errors.Join(s.uploads.close(), s.styles.close(), s.cache.close())
}

// Ingest validates an upload and stores a sanitised re-encoded copy under kind, fitted inside
// maxW×maxH (0 means MaxSide) without upscaling, so nothing a client sent is ever served as is.
func (s *Service) Ingest(ctx context.Context, kind string, data []byte, maxW, maxH int) (Stored, error) {
	if err := ctx.Err(); err != nil {
		return Stored{}, err
	}
	if !validKind(kind) {
		return Stored{}, fault.New(fault.Invalid, "Tipo di immagine sconosciuto.").WithReason("bad_kind")
	}
	if maxW < 0 || maxH < 0 {
		return Stored{}, fault.InvalidField("size", "Dimensioni massime non valide.")
	}
	if maxW == 0 || maxW > s.cfg.MaxSide {
		maxW = s.cfg.MaxSide
	}
	if maxH == 0 || maxH > s.cfg.MaxSide {
		maxH = s.cfg.MaxSide
	}
	f, cfg, err := inspect(data, s.lim)
	if err != nil {
		return Stored{}, err
	}
	out, err := s.transform(ctx, data, f, cfg, encodeSpec{
		maxW: maxW, maxH: maxH, out: outJPEG, quality: ingestQuality, progressive: true,
	})
	if err != nil {
		return Stored{}, err
	}
	name, err := randomName()
	if err != nil {
		return Stored{}, err
	}
	rel := path.Join(kind, name+".jpg")
	if err := writeAtomic(s.uploads, rel, out.data); err != nil {
		return Stored{}, fault.New(fault.Internal, "storing picture failed").WithCause(err)
	}
	return Stored{Path: uploadsPrefix + "/" + rel, Width: out.width, Height: out.height, Bytes: len(out.data)}, nil
}

// ErrBadDataURL refuses a gallery image that is not a base64 "data:image/...;base64," URL.
var ErrBadDataURL = fault.InvalidField("image", "Immagine non valida: atteso un data URL base64.").WithReason("bad_data_url")

// IngestDataURL accepts "data:image/...;base64,..." (gallery images arrive like that) with the
// same guards as Ingest. The declared media type is only a first filter; the bytes are sniffed.
func (s *Service) IngestDataURL(ctx context.Context, kind, dataURL string, maxW, maxH int) (Stored, error) {
	data, err := decodeDataURL(dataURL, s.cfg.MaxUploadBytes)
	if err != nil {
		return Stored{}, err
	}
	return s.Ingest(ctx, kind, data, maxW, maxH)
}

// Pixels weighs a data URL: width×height from the header alone, so a caller can refuse a
// request's pictures before any of them is decoded. It decodes only the first 64 KiB of the
// base64 payload, where every format keeps its size (a JPEG with a larger EXIF block falls back
// to the whole payload), so weighing twelve 10 MB pictures costs microseconds; the full checks
// (structure, limits) run again when a picture is stored.
func (s *Service) Pixels(ctx context.Context, dataURL string) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	payload, err := dataURLPayload(dataURL, s.cfg.MaxUploadBytes)
	if err != nil {
		return 0, err
	}
	const headChars = 64 << 10 / 3 * 4 // 64 KiB of bytes, a whole number of base64 quanta
	head, err := base64.RawStdEncoding.DecodeString(payload[:min(len(payload), headChars)])
	if err != nil {
		return 0, ErrBadDataURL.WithCause(err)
	}
	f, ok := sniff(head)
	if !ok {
		if len(head) == 0 {
			return 0, ErrEmpty
		}
		return 0, ErrNotImage
	}
	cfg, err := decodeConfig(f, head)
	if err != nil && len(payload) > headChars {
		full, derr := base64.RawStdEncoding.DecodeString(payload)
		if derr != nil {
			return 0, ErrBadDataURL.WithCause(derr)
		}
		cfg, err = decodeConfig(f, full)
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return 0, ErrCorrupt.WithCause(err)
	}
	if cfg.Width > s.cfg.MaxSide || cfg.Height > s.cfg.MaxSide || int64(cfg.Width)*int64(cfg.Height) > int64(s.cfg.MaxPixels) {
		return 0, ErrTooManyPixels.With("max_pixels", s.cfg.MaxPixels).With("max_side", s.cfg.MaxSide)
	}
	return int64(cfg.Width) * int64(cfg.Height), nil
}

// decodeDataURL checks the data URL's shape and its size before decoding, so an oversized
// payload costs no allocation.
func decodeDataURL(u string, maxBytes int64) ([]byte, error) {
	payload, err := dataURLPayload(u, maxBytes)
	if err != nil {
		return nil, err
	}
	data, err := base64.RawStdEncoding.DecodeString(payload)
	if err != nil {
		return nil, ErrBadDataURL.WithCause(err)
	}
	return data, nil
}

// dataURLPayload checks a data URL's shape, media type and size and returns its base64
// payload without padding, undecoded.
func dataURLPayload(u string, maxBytes int64) (string, error) {
	const scheme = "data:"
	if len(u) < len(scheme) || !strings.EqualFold(u[:len(scheme)], scheme) {
		return "", ErrBadDataURL
	}
	meta, payload, ok := strings.Cut(u[len(scheme):], ",")
	if !ok {
		return "", ErrBadDataURL
	}
	params := strings.Split(meta, ";")
	if !strings.EqualFold(params[len(params)-1], "base64") {
		return "", ErrBadDataURL
	}
	if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(params[0])), "image/") {
		return "", ErrNotImage
	}
	payload = strings.TrimRight(payload, "=")
	if int64(base64.RawStdEncoding.DecodedLen(len(payload))) > maxBytes {
		return "", ErrTooManyBytes.With("max_bytes", maxBytes)
	}
	return payload, nil
}

// Remove deletes a stored upload and its cached variants; removing what is already gone is not an
// error, so retries are safe. Style pictures are read only and answer NotFound.
func (s *Service) Remove(ctx context.Context, p string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	loc, err := s.resolve(p)
	if err != nil {
		return err
	}
	if loc.root != s.uploads {
		return ErrNotFound
	}
	if err := loc.root.root.Remove(filepath.FromSlash(loc.rel)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fault.New(fault.Internal, "removing picture failed").WithCause(err)
	}
	if err := s.cache.root.RemoveAll(cacheDirOf(loc.virtual)); err != nil {
		return fault.New(fault.Internal, "removing cached variants failed").WithCause(err)
	}
	return nil
}

// Original opens a stored picture for direct serving, after checking it really is one of our
// image formats, so a stray file in a root is never served.
func (s *Service) Original(ctx context.Context, p string) (File, error) {
	if err := ctx.Err(); err != nil {
		return File{}, err
	}
	loc, err := s.resolve(p)
	if err != nil {
		return File{}, err
	}
	fh, info, err := openRegular(loc)
	if err != nil {
		return File{}, err
	}
	head := make([]byte, 16)
	n, err := fh.Read(head)
	fh.Close()
	if err != nil {
		return File{}, ErrNotFound.WithCause(err)
	}
	f, ok := sniff(head[:n])
	if !ok {
		return File{}, ErrNotFound
	}
	real, err := realPath(loc)
	if err != nil {
		return File{}, err
	}
	return File{
		Path:        real,
		ContentType: "image/" + string(f),
		ETag:        etag(fmt.Sprintf("orig|%s|%d|%d", loc.virtual, info.Size(), info.ModTime().UnixNano())),
		Size:        info.Size(),
		ModTime:     info.ModTime(),
	}, nil
}

// randomName returns 128 random bits in hex, so stored names reveal and collide with nothing.
func randomName() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fault.New(fault.Internal, "no randomness").WithCause(err)
	}
	return hex.EncodeToString(b[:]), nil
}

// writeAtomic writes data to rel inside r through a hidden temporary file, fsync and rename, so a
// reader never sees half a picture and a crash leaves at most a stray temporary file.
func writeAtomic(r *storeRoot, rel string, data []byte) (err error) {
	dir := path.Dir(rel)
	if err := r.root.MkdirAll(filepath.FromSlash(dir), 0o755); err != nil {
		return err
	}
	suffix, err := randomName()
	if err != nil {
		return err
	}
	tmp := path.Join(dir, ".tmp-"+suffix)
	f, err := r.root.OpenFile(filepath.FromSlash(tmp), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if err != nil && !renamed {
			err = errors.Join(err, r.root.Remove(filepath.FromSlash(tmp)))
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := r.root.Rename(filepath.FromSlash(tmp), filepath.FromSlash(rel)); err != nil {
		return err
	}
	renamed = true
	d, err := r.root.Open(filepath.FromSlash(dir))
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}
