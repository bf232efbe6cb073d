package httpapi

import (
	"context"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
)

// ImageFile is a stored or resized image ready to stream.
type ImageFile struct {
	// Open reads the image (a local file or an object in a bucket); when nil, Path is opened.
	Open        func() (io.ReadSeekCloser, error)
	Path        string
	ContentType string
	ETag        string
	Size        int64
	ModTime     time.Time
}

// Uploads serves stored images and their resized variants. Paths are virtual
// ("uploads/gallery/x.jpg", "styles/c_large.jpeg"); anything escaping the
// storage roots is a fault.NotFound.
type Uploads interface {
	Original(ctx context.Context, path string) (ImageFile, error)
	Variant(ctx context.Context, path, size string, quality int, accept string) (ImageFile, error)
}

// allowedImageTypes are the only content types an upload is ever served as.
var allowedImageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true, "image/avif": true}

func (s *Server) registerImages(api *gin.RouterGroup) {
	api.GET("/images/resize/*path", s.resizedImage)
	api.GET("/uploads/*path", s.uploadedImage)
}

func (s *Server) resizedImage(c *gin.Context) {
	quality := 0
	if q := c.Query("quality"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil {
			_ = c.Error(fault.InvalidField("quality", "quality must be an integer between 1 and 100"))
			return
		}
		quality = n
	}
	size := c.DefaultQuery("size", "medium")
	f, err := s.d.Uploads.Variant(c.Request.Context(), strings.TrimPrefix(c.Param("path"), "/"), size, quality, c.GetHeader("Accept"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Writer.Header().Add("Vary", "Accept")
	serveImage(c, f, "public, max-age=2592000")
}

func (s *Server) uploadedImage(c *gin.Context) {
	f, err := s.d.Uploads.Original(c.Request.Context(), "uploads"+c.Param("path"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	serveImage(c, f, "public, max-age=86400")
}

// serveImage streams an image so that nothing uploaded can ever run as a page.
func serveImage(c *gin.Context, f ImageFile, cacheControl string) {
	if !allowedImageTypes[f.ContentType] {
		_ = c.Error(fault.New(fault.NotFound, "Image not found").WithReason("not_found"))
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", cacheControl)
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if f.ETag != "" {
		h.Set("ETag", f.ETag)
	}
	open := f.Open
	if open == nil {
		open = func() (io.ReadSeekCloser, error) { return os.Open(f.Path) }
	}
	file, err := open()
	if err != nil {
		_ = c.Error(fault.New(fault.NotFound, "Image not found").WithReason("not_found"))
		return
	}
	defer file.Close()
	http.ServeContent(c.Writer, c.Request, "", f.ModTime, file)
}
