package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// spa serves the built web app: hashed assets cached for a year, the shell
// files that must update (index.html, the service worker, the manifest) never
// cached, and index.html for every path that is not a file (deep links).
type spa struct {
	files     fs.FS
	index     []byte
	indexETag string
}

func newSPA(files fs.FS) (*spa, error) {
	s := &spa{files: files}
	if files == nil {
		return s, nil
	}
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return s, nil // API-only build (tests); every page path answers 404
	}
	sum := sha256.Sum256(index)
	s.index, s.indexETag = index, `"`+hex.EncodeToString(sum[:8])+`"`
	return s, nil
}

// noCacheFiles must always be revalidated so a new release reaches users.
var noCacheFiles = map[string]bool{
	"index.html": true, "sw.js": true, "manifest.webmanifest": true, "registerSW.js": true,
}

func (s *spa) serve(c *gin.Context) {
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		c.AbortWithStatus(http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+c.Request.URL.Path), "/")
	if name != "" && name != "index.html" && s.files != nil {
		if f, err := s.files.Open(name); err == nil {
			defer f.Close()
			if st, err := f.Stat(); err == nil && !st.IsDir() {
				if rs, ok := f.(io.ReadSeeker); ok {
					s.cacheHeaders(c, name)
					http.ServeContent(c.Writer, c.Request, name, time.Time{}, rs)
					return
				}
			}
		}
		if path.Ext(name) != "" {
			c.Header("Cache-Control", "no-store")
			c.String(http.StatusNotFound, "Not found")
			return
		}
	}
	if s.index == nil {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.Header("ETag", s.indexETag)
	if match := c.GetHeader("If-None-Match"); match != "" && strings.Contains(match, s.indexETag) {
		c.Status(http.StatusNotModified)
		return
	}
	http.ServeContent(c.Writer, c.Request, "index.html", time.Time{}, bytes.NewReader(s.index))
}

func (s *spa) cacheHeaders(c *gin.Context, name string) {
	switch {
	case noCacheFiles[name]:
		c.Header("Cache-Control", "no-cache")
	case strings.HasPrefix(name, "assets/"):
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
	default:
		c.Header("Cache-Control", "public, max-age=86400")
	}
	if name == "sw.js" {
		c.Header("Service-Worker-Allowed", "/")
	}
}
