package imaging

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"slices"
	"strconv"
	"strings"

	"interno/core/fault"
	"interno/core/files"
)

// Named variant sizes, as the spec names them, mapped to the width they fit.
var namedSizes = map[string]int{"small": 320, "medium": 800, "large": 1600}

// widths is the short list of numeric widths, so a client cannot make us cache every width.
var widths = []int{160, 240, 320, 480, 640, 800, 960, 1200, 1600}

// Variant quality bounds and default.
const (
	DefaultQuality = 75
	defaultSize    = "medium"
)

// ErrBadSize and ErrBadQuality refuse variant parameters outside the allow-lists.
var (
	ErrBadSize    = fault.InvalidField("size", "Dimensione non valida: usa small, medium, large o una larghezza ammessa.")
	ErrBadQuality = fault.InvalidField("quality", "Qualità non valida: deve essere tra 1 e 100.")
)

// Widths lists the numeric widths Variant accepts, so the HTTP layer can build srcset lists.
func Widths() []int { return slices.Clone(widths) }

// parseSize maps "small", "medium", "large", "" (medium) or an allowed numeric width to a width.
func parseSize(size string) (int, error) {
	if size == "" {
		size = defaultSize
	}
	if w, ok := namedSizes[size]; ok {
		return w, nil
	}
	w, err := strconv.Atoi(size)
	if err != nil || !slices.Contains(widths, w) || strconv.Itoa(w) != size {
		return 0, ErrBadSize
	}
	return w, nil
}

// parseQuality maps 0 to the default and accepts 1..100, rounded up to a multiple of 10: the
// cache of one picture then holds at most 11 qualities (the ten steps and the default) per width
// and format, so nobody can fill the disk by asking for every quality of every picture.
func parseQuality(q int) (int, error) {
	switch {
	case q == 0:
		return DefaultQuality, nil
	case q < 1 || q > 100:
		return 0, ErrBadQuality
	}
	return (q + 9) / 10 * 10, nil
}

// negotiate picks WebP when the Accept header names image/webp with a non-zero q, JPEG otherwise.
// Wildcards do not count: old Safari sends */* and cannot show WebP.
func negotiate(accept string) outFormat {
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil || mt != "image/webp" {
			continue
		}
		if q, ok := params["q"]; ok {
			if v, err := strconv.ParseFloat(q, 64); err != nil || v <= 0 {
				continue
			}
		}
		return outWebP
	}
	return outJPEG
}

// variantKey is everything that fixes a variant's bytes.
type variantKey struct {
	virtual string
	srcSize int64
	srcMod  int64 // UnixNano
	width   int
	quality int
	out     outFormat
}

// rel is the variant's cache path: one folder per source path, one per source version, one file
// per width, quality and format.
func (k variantKey) rel() string {
	return path.Join(cacheDirOf(k.virtual), k.version(), fmt.Sprintf("w%d-q%d.%s", k.width, k.quality, k.out.ext()))
}

// version names the source version folder.
func (k variantKey) version() string {
	return shortHash(fmt.Sprintf("%d|%d", k.srcSize, k.srcMod))
}

// etag is the strong validator for the variant: the same key always yields the same bytes.
func (k variantKey) etag() string {
	return etag(fmt.Sprintf("variant|%s|%d|%d|%d|%d|%s", k.virtual, k.srcSize, k.srcMod, k.width, k.quality, k.out.ext()))
}

// cacheDirOf is the cache folder that holds every variant of one source path.
func cacheDirOf(virtual string) string { return shortHash(virtual) }

// shortHash is 128 bits of SHA-256 in hex: plenty to avoid collisions, short enough for paths.
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}

// etag quotes shortHash of s, as HTTP wants strong ETags.
func etag(s string) string { return `"` + shortHash(s) + `"` }

// Variant returns a resized variant, generating and caching it on first request. size is
// "small", "medium", "large", "" (medium) or a width from Widths; quality is 1..100 or 0 for 75;
// accept is the request's Accept header, and callers must send Vary: Accept.
func (s *Service) Variant(ctx context.Context, p, size string, quality int, accept string) (File, error) {
	if err := ctx.Err(); err != nil {
		return File{}, err
	}
	width, err := parseSize(size)
	if err != nil {
		return File{}, err
	}
	if quality, err = parseQuality(quality); err != nil {
		return File{}, err
	}
	loc, err := s.resolve(p)
	if err != nil {
		return File{}, err
	}
	info, err := s.stat(ctx, loc)
	if err != nil {
		return File{}, err
	}
	key := variantKey{
		virtual: loc.virtual, srcSize: info.Size, srcMod: info.ModTime.UnixNano(),
		width: width, quality: quality, out: negotiate(accept),
	}
	if f, err := s.cached(ctx, key); err == nil {
		return f, nil
	} else if !errors.Is(err, files.ErrNotExist) {
		return File{}, storeErr(err)
	}
	ch := s.flight.DoChan(key.rel(), func() (any, error) {
		// The work outlives any one caller: others may be waiting on it, and it is bounded by Workers.
		return s.render(context.WithoutCancel(ctx), loc, key)
	})
	select {
	case <-ctx.Done():
		return File{}, ctx.Err()
	case res := <-ch:
		if res.Err != nil {
			return File{}, res.Err
		}
		return res.Val.(File), nil
	}
}

// cached returns the variant for key when it is already stored.
func (s *Service) cached(ctx context.Context, key variantKey) (File, error) {
	rel := key.rel()
	info, err := s.cache.Stat(ctx, rel)
	if err != nil {
		return File{}, err
	}
	return File{
		Open: func() (io.ReadSeekCloser, error) {
			r, _, err := s.cache.Open(ctx, rel)
			return r, err
		},
		Path:        localPath(s.cache, rel),
		ContentType: key.out.contentType(),
		ETag:        key.etag(),
		Size:        info.Size,
		ModTime:     info.ModTime,
	}, nil
}

// render reads the source, runs the same guards as uploads (a file dropped into
// a store is no more trusted than an upload), resizes, and stores the variant.
// Older versions of the same source are pruned afterwards.
func (s *Service) render(ctx context.Context, loc location, key variantKey) (File, error) {
	if f, err := s.cached(ctx, key); err == nil {
		return f, nil // finished by a flight that ended between our stat and our turn
	}
	fh, _, err := s.open(ctx, loc)
	if err != nil {
		return File{}, err
	}
	data, err := io.ReadAll(io.LimitReader(fh, s.lim.maxBytes+1))
	fh.Close()
	if err != nil {
		return File{}, fault.New(fault.Internal, "reading picture failed").WithCause(err)
	}
	f, cfg, err := inspect(data, s.lim)
	if err != nil {
		// Not the caller's fault: a stored file we refuse to decode simply is not served.
		return File{}, ErrNotFound.WithCause(err)
	}
	out, err := s.transform(ctx, data, f, cfg, encodeSpec{
		maxW: key.width, maxH: s.cfg.MaxSide, out: key.out, quality: key.quality,
	})
	if err != nil {
		return File{}, err
	}
	if err := s.cache.Put(ctx, key.rel(), out.data, key.out.contentType()); err != nil {
		return File{}, fault.New(fault.Internal, "caching variant failed").WithCause(err)
	}
	dir := cacheDirOf(key.virtual) + "/"
	if err := s.removeCached(ctx, dir, dir+key.version()+"/"); err != nil {
		return File{}, fault.New(fault.Internal, "pruning old variants failed").WithCause(err)
	}
	f2, err := s.cached(ctx, key)
	if err != nil {
		return File{}, fault.New(fault.Internal, "reading cached variant failed").WithCause(err)
	}
	return f2, nil
}
