package httpapi

import (
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// JSONGzipMinSize is the smallest JSON answer worth compressing: below about
// one TCP segment gzip saves no round trip and costs CPU.
const JSONGzipMinSize = 1400

// uncompressedAPI lists the API paths whose answers are never compressed:
// server-sent events (a compressor would hold events back until it flushes),
// pictures (already compressed), and the auth endpoints, whose answers carry
// credentials next to what the caller sent (BREACH; they are small anyway).
var uncompressedAPI = []string{"/api/events", "/api/images/", "/api/uploads/", "/api/styles/", "/api/auth/"}

// compressJSON wraps the router so JSON answers of the API above
// JSONGzipMinSize go out gzipped to clients that accept it (klauspost's
// gzhttp: Accept-Encoding with q-values, Vary, no compression of a response
// that already has a Content-Encoding or of another content type). The web
// app's files are not touched here: they are served from the copies compressed
// at build time (spa.go).
func compressJSON(next http.Handler) (http.Handler, error) {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(JSONGzipMinSize),
		gzhttp.ContentTypes([]string{"application/json", "application/problem+json"}),
		gzhttp.EnableZstd(false),
	)
	if err != nil {
		return nil, err
	}
	gz := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !compressiblePath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		if _, offered := r.Header["Accept-Encoding"]; !offered {
			// No Accept-Encoding: the answer is identity whatever its size,
			// so there is nothing for the compressor to decide; the answer
			// still says it varies by Accept-Encoding (encodedValidators).
			next.ServeHTTP(&encodedValidators{ResponseWriter: w}, r)
			return
		}
		gz.ServeHTTP(&encodedValidators{ResponseWriter: w}, r)
	}), nil
}

func compressiblePath(p string) bool {
	if !strings.HasPrefix(p, "/api/") {
		return false
	}
	for _, prefix := range uncompressedAPI {
		if p == prefix || strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return true
}

// encodedValidators sits under the compressor and fixes two headers when the
// response goes out: a strong ETag of an encoded answer becomes weak (the
// gzipped bytes are not the bytes the tag was computed from; a weak tag still
// matches If-None-Match, whose comparison is weak, so 304s keep working, as
// nginx does), and Vary keeps Accept-Encoding even when a handler replaced it.
type encodedValidators struct {
	http.ResponseWriter
	done bool
}

func (w *encodedValidators) fix() {
	if w.done {
		return
	}
	w.done = true
	h := w.Header()
	if headerValue(h, "Content-Encoding") != "" {
		if tag := h.Get("ETag"); strings.HasPrefix(tag, `"`) {
			h.Set("ETag", "W/"+tag)
		}
	}
	vary, ok := h["Vary"]
	if !ok {
		h["Vary"] = hdrVaryEncoding
		return
	}
	if len(vary) == 1 && &vary[0] == &hdrVaryOrigin[0] {
		// The API's usual Vary (cors): both values, shared, as the append
		// below would write them.
		h["Vary"] = hdrVaryOriginEncoding
		return
	}
	for _, v := range vary {
		for f := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), "Accept-Encoding") {
				return
			}
		}
	}
	h["Vary"] = append(vary, "Accept-Encoding")
}

func (w *encodedValidators) WriteHeader(code int) {
	if code >= 200 {
		w.fix() // informational answers (103 Early Hints) come before the real headers
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *encodedValidators) Write(b []byte) (int, error) {
	w.fix()
	return w.ResponseWriter.Write(b)
}

// Flush passes flushes through (a stream that is not JSON is never buffered).
func (w *encodedValidators) Flush() {
	w.fix()
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (hijacking, deadlines).
func (w *encodedValidators) Unwrap() http.ResponseWriter { return w.ResponseWriter }
