package httpapi

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/gin-gonic/gin"
)

// The security headers and Vary share their values between responses
// (fixedHeader): a handler that adds to one of them changes its own answer
// only, never the next one's.
func TestSharedHeaderValuesStayPerResponse(t *testing.T) {
	e := gin.New()
	e.Use(securityHeaders(false), cors(nil))
	e.GET("/api/add", func(c *gin.Context) {
		h := c.Writer.Header()
		h.Add("X-Frame-Options", "SAMEORIGIN")
		h.Add("Vary", "Authorization")
		h.Add("Cache-Control", "private")
		c.Status(http.StatusNoContent)
	})
	e.GET("/api/plain", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	get := func(path string) http.Header {
		w := httptest.NewRecorder()
		e.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		return w.Header()
	}
	added := get("/api/add")
	if got := added.Values("X-Frame-Options"); !slices.Equal(got, []string{"DENY", "SAMEORIGIN"}) {
		t.Fatalf("the handler's own answer: X-Frame-Options %q", got)
	}
	if got := added.Values("Vary"); !slices.Equal(got, []string{"Origin", "Authorization"}) {
		t.Fatalf("the handler's own answer: Vary %q", got)
	}
	for range 2 {
		h := get("/api/plain")
		if got := h.Values("X-Frame-Options"); !slices.Equal(got, []string{"DENY"}) {
			t.Fatalf("next answer: X-Frame-Options %q", got)
		}
		if got := h.Values("Vary"); !slices.Equal(got, []string{"Origin"}) {
			t.Fatalf("next answer: Vary %q", got)
		}
		if got := h.Values("Cache-Control"); !slices.Equal(got, []string{"no-store"}) {
			t.Fatalf("next answer: Cache-Control %q", got)
		}
	}
	// An append can only copy a shared value if it has no spare capacity.
	for _, v := range [][]string{hdrNosniff, hdrReferrer, hdrFrameDeny, hdrPermissions, hdrOpener, hdrHSTS,
		hdrAPIPolicy, hdrPagePolicy, hdrNoStore, hdrVaryOrigin, hdrVaryEncoding} {
		if len(v) != 1 || cap(v) != 1 {
			t.Fatalf("shared header value %q has length %d and capacity %d, want 1 and 1", v, len(v), cap(v))
		}
	}
	if hdrFrameDeny[0] != "DENY" || hdrVaryOrigin[0] != "Origin" || hdrNoStore[0] != "no-store" {
		t.Fatalf("shared values changed: %q %q %q", hdrFrameDeny, hdrVaryOrigin, hdrNoStore)
	}
}
