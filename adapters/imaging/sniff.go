package imaging

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/webp"

	"interno/core/fault"
)

// format is one of the four raster formats we let libvips decode.
type format string

const (
	formatJPEG format = "jpeg"
	formatPNG  format = "png"
	formatGIF  format = "gif"
	formatWebP format = "webp"
)

// Faults returned by the content checks; errors.Is matches them whatever cause they carry.
var (
	// ErrEmpty refuses an upload with no bytes, so clients can say "choose a picture".
	ErrEmpty = fault.New(fault.Unsupported, "Il file è vuoto.").WithReason("empty_image")
	// ErrNotImage refuses anything that is not JPEG, PNG, GIF or WebP, whatever its name says.
	ErrNotImage = fault.New(fault.Unsupported, "Il file non è un'immagine supportata (JPEG, PNG, GIF o WebP).").WithReason("not_an_image")
	// ErrCorrupt refuses an image whose header or structure is broken or cut short.
	ErrCorrupt = fault.New(fault.Unsupported, "L'immagine è danneggiata o incompleta.").WithReason("corrupt_image")
	// ErrTooManyBytes refuses an upload over Config.MaxUploadBytes.
	ErrTooManyBytes = fault.New(fault.TooLarge, "L'immagine è troppo pesante.").WithReason("image_too_heavy")
	// ErrTooManyPixels refuses an image whose header claims more pixels or a longer side than allowed.
	ErrTooManyPixels = fault.New(fault.TooLarge, "L'immagine ha dimensioni eccessive.").WithReason("image_too_large")
)

// sniff names the format from the leading magic bytes only; names and declared types are never trusted.
func sniff(data []byte) (format, bool) {
	switch {
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		return formatJPEG, true
	case len(data) >= 8 && bytes.Equal(data[:8], pngMagic):
		return formatPNG, true
	case len(data) >= 6 && (bytes.Equal(data[:6], []byte("GIF87a")) || bytes.Equal(data[:6], []byte("GIF89a"))):
		return formatGIF, true
	case len(data) >= 12 && bytes.Equal(data[:4], []byte("RIFF")) && bytes.Equal(data[8:12], []byte("WEBP")):
		return formatWebP, true
	}
	return "", false
}

var pngMagic = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}

// limits bounds what reaches libvips.
type limits struct {
	maxBytes  int64
	maxPixels int
	maxSide   int
}

// inspect refuses data that is empty, too heavy, not one of our formats, claims too many pixels in
// its header, or is structurally incomplete. It reads headers only and never decodes pixels, so a
// decompression bomb is refused before libvips sees it.
func inspect(data []byte, lim limits) (format, image.Config, error) {
	if len(data) == 0 {
		return "", image.Config{}, ErrEmpty
	}
	if int64(len(data)) > lim.maxBytes {
		return "", image.Config{}, ErrTooManyBytes.With("max_bytes", lim.maxBytes)
	}
	f, ok := sniff(data)
	if !ok {
		return "", image.Config{}, ErrNotImage
	}
	cfg, err := decodeConfig(f, data)
	if err != nil {
		return "", image.Config{}, ErrCorrupt.WithCause(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return "", image.Config{}, ErrCorrupt
	}
	if cfg.Width > lim.maxSide || cfg.Height > lim.maxSide ||
		int64(cfg.Width)*int64(cfg.Height) > int64(lim.maxPixels) {
		return "", image.Config{}, ErrTooManyPixels.
			With("max_pixels", lim.maxPixels).With("max_side", lim.maxSide)
	}
	if !complete(f, data) {
		return "", image.Config{}, ErrCorrupt
	}
	return f, cfg, nil
}

// decodeConfig reads only the header with the decoder of the sniffed format, never the registry,
// so a format we did not sniff can never be picked.
func decodeConfig(f format, data []byte) (image.Config, error) {
	r := bytes.NewReader(data)
	switch f {
	case formatJPEG:
		return jpeg.DecodeConfig(r)
	case formatPNG:
		return png.DecodeConfig(r)
	case formatGIF:
		return gif.DecodeConfig(r)
	default:
		return webp.DecodeConfig(r)
	}
}

// complete walks the container structure to catch truncated files, which libvips would otherwise
// decode with a grey tail and only a warning.
func complete(f format, data []byte) bool {
	switch f {
	case formatJPEG:
		return jpegComplete(data)
	case formatPNG:
		return pngComplete(data)
	case formatGIF:
		return gifComplete(data)
	default:
		return webpComplete(data)
	}
}

// jpegComplete follows the marker segments and entropy-coded data up to the EOI marker.
func jpegComplete(d []byte) bool {
	i := 2 // after SOI
	for i+1 < len(d) {
		if d[i] != 0xFF {
			return false
		}
		m := d[i+1]
		switch {
		case m == 0xFF: // fill byte
			i++
			continue
		case m == 0xD9: // EOI
			return true
		case m == 0x01 || (m >= 0xD0 && m <= 0xD7): // markers without length
			i += 2
			continue
		}
		if i+4 > len(d) {
			return false
		}
		n := int(binary.BigEndian.Uint16(d[i+2:]))
		if n < 2 || i+2+n > len(d) {
			return false
		}
		i += 2 + n
		if m != 0xDA { // not start of scan
			continue
		}
		// Skip entropy-coded data: stuffed 0xFF00 and restart markers belong to it.
		for {
			if i+1 >= len(d) {
				return false
			}
			if d[i] == 0xFF && d[i+1] != 0x00 && !(d[i+1] >= 0xD0 && d[i+1] <= 0xD7) && d[i+1] != 0xFF {
				break
			}
			i++
		}
	}
	return false
}

// pngComplete walks the chunks up to IEND.
func pngComplete(d []byte) bool {
	i := 8
	for i+8 <= len(d) {
		n := int64(binary.BigEndian.Uint32(d[i:]))
		typ := string(d[i+4 : i+8])
		end := int64(i) + 12 + n
		if end > int64(len(d)) {
			return false
		}
		if typ == "IEND" {
			return true
		}
		i = int(end)
	}
	return false
}

// gifComplete walks the blocks up to the trailer.
func gifComplete(d []byte) bool {
	if len(d) < 13 {
		return false
	}
	i := 13
	if d[10]&0x80 != 0 { // global colour table
		i += 3 << (int(d[10]&0x07) + 1)
	}
	for i < len(d) {
		switch d[i] {
		case 0x3B: // trailer
			return true
		case 0x21: // extension: label, then sub-blocks
			i += 2
		case 0x2C: // image descriptor, optional local table, LZW code size, then sub-blocks
			if i+10 > len(d) {
				return false
			}
			flags := d[i+9]
			i += 10
			if flags&0x80 != 0 {
				i += 3 << (int(flags&0x07) + 1)
			}
			i++
		default:
			return false
		}
		var ok bool
		if i, ok = skipSubBlocks(d, i); !ok {
			return false
		}
	}
	return false
}

// skipSubBlocks skips GIF data sub-blocks up to and including the zero-length terminator.
func skipSubBlocks(d []byte, i int) (int, bool) {
	for i < len(d) {
		n := int(d[i])
		i++
		if n == 0 {
			return i, true
		}
		i += n
	}
	return i, false
}

// webpComplete checks that the RIFF container holds as many bytes as it declares.
func webpComplete(d []byte) bool {
	n := int64(binary.LittleEndian.Uint32(d[4:8]))
	return n >= 4 && 8+n <= int64(len(d))
}
