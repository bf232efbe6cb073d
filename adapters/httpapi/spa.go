package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// spa serves the built web app: hashed assets cached for a year, the shell
// files that must update (index.html, the service worker, the manifest) never
// cached, and index.html for every path that is not a file (deep links).
//
// The build writes brotli (.br) and gzip (.gz) copies of the text files next
// to them (web/scripts/precompress.mjs); each request gets the smallest copy
// its Accept-Encoding allows, with the original's Content-Type, its own ETag
// (one per encoding, so caches and If-None-Match never mix them up), and
// Vary: Accept-Encoding. Nothing is compressed per request.
type spa struct {
	files map[string]*asset
	index *asset
	// preload holds the Link headers of the first routes (preload.go).
	preload preloads
	// head, when set, gives what a page's document carries in its head
	// beyond index.html (firstanswer.go); nil for a page that has nothing.
	head func(c *gin.Context, name string) []byte
	// policy is the documents' Content-Security-Policy, which allows
	// index.html's own inline scripts by their hashes (scriptpolicy.go).
	policy []string
}

// asset is one file of the build with its encoded copies.
type asset struct {
	contentType  string
	cacheControl string
	plain        variant
	br, gz       *variant
	// headEnd is where "</head>" starts in an HTML file (-1: none, or not
	// HTML): writeDocument inserts a page's own head there.
	headEnd int
}

// variant is one encoding of an asset.
type variant struct {
	data []byte
	etag string
}

// Content encodings the build produces, best (smallest) first.
const (
	encBrotli = "br"
	encGzip   = "gzip"
)

// contentTypes fixes the types of the files the build emits, so a host without
// /etc/mime.types (the container image) labels them the same way.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
	".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
	".json": "application/json", ".webmanifest": "application/manifest+json",
	".svg": "image/svg+xml", ".png": "image/png", ".webp": "image/webp", ".jpg": "image/jpeg",
	".ico": "image/x-icon", ".woff2": "font/woff2", ".txt": "text/plain; charset=utf-8",
	".xml": "application/xml",
}

// noCacheFiles must always be revalidated so a new release reaches users.
var noCacheFiles = map[string]bool{
	"index.html": true, "sw.js": true, "manifest.webmanifest": true, "registerSW.js": true,
}

func newSPA(files fs.FS) (*spa, error) {
	s := &spa{files: map[string]*asset{}}
	if files == nil {
		return s, nil
	}
	err := fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir // build metadata (.vite/manifest.json) is not for browsers
			}
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			return nil
		}
		a, err := loadAsset(files, name)
		if err != nil {
			return err
		}
		s.files[name] = a
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.index = s.files["index.html"] // nil in an API-only build (tests): pages answer 404
	if s.index != nil {
		s.policy = fixedHeader(documentPolicy(s.index.plain.data))
	}
	if s.preload, err = loadPreloads(files); err != nil {
		return nil, err
	}
	return s, nil
}

func loadAsset(files fs.FS, name string) (*asset, error) {
	data, err := fs.ReadFile(files, name)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	tag := hex.EncodeToString(sum[:12])
	a := &asset{contentType: contentTypeOf(name), cacheControl: cacheControlOf(name),
		plain: variant{data: data, etag: `"` + tag + `"`}, headEnd: -1}
	if strings.HasSuffix(name, ".html") {
		a.headEnd = bytes.LastIndex(data, []byte("</head>"))
	}
	for _, enc := range []struct {
		ext, suffix string
		into        **variant
	}{{".br", "-br", &a.br}, {".gz", "-gz", &a.gz}} {
		copyData, err := fs.ReadFile(files, name+enc.ext)
		if err != nil {
			continue // not worth compressing (small, or an image): served as it is
		}
		*enc.into = &variant{data: copyData, etag: `"` + tag + enc.suffix + `"`}
	}
	return a, nil
}

func contentTypeOf(name string) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func cacheControlOf(name string) string {
	switch {
	case noCacheFiles[name]:
		return "no-cache"
	case strings.HasPrefix(name, "assets/"):
		return "public, max-age=31536000, immutable"
	default:
		return "public, max-age=86400"
	}
}

func (s *spa) serve(c *gin.Context) {
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		c.AbortWithStatus(http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+c.Request.URL.Path), "/")
	a := s.files[name]
	if a == nil && path.Ext(name) != "" && name != "index.html" {
		c.Header("Cache-Control", "no-store")
		c.String(http.StatusNotFound, "Not found")
		return
	}
	if a == nil || name == "index.html" {
		a = s.index
		if s.policy != nil {
			c.Writer.Header()["Content-Security-Policy"] = s.policy
		}
		if link := s.preload.header(name); link != "" {
			c.Header("Link", link)
		}
		if a != nil && s.head != nil {
			if head := s.head(c, name); head != nil {
				a.writeDocument(c.Writer, c.Request, head)
				return
			}
		}
	}
	if a == nil {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	if name == "sw.js" {
		c.Header("Service-Worker-Allowed", "/")
	}
	a.write(c.Writer, c.Request)
}

// write sends the variant the request accepts; http.ServeContent answers
// If-None-Match (304), HEAD and Range against that variant's own ETag.
func (a *asset) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("Cache-Control", a.cacheControl)
	v := &a.plain
	if a.br != nil || a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		switch acceptedEncoding(r.Header.Values("Accept-Encoding"), a.br != nil, a.gz != nil) {
		case encBrotli:
			v = a.br
			h.Set("Content-Encoding", encBrotli)
		case encGzip:
			v = a.gz
			h.Set("Content-Encoding", encGzip)
		}
	}
	h.Set("ETag", v.etag)
	if h.Get("Content-Encoding") != "" && r.Header.Get("Range") == "" {
		// net/http leaves the length out of encoded answers; it is known here.
		h.Set("Content-Length", strconv.Itoa(len(v.data)))
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(v.data))
}
