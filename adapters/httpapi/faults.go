package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
)

// Fault modes: the request runs to completion (its transaction and its
// idempotency record commit), then the client gets a 503 instead of the
// answer, or the connection is closed with no answer at all.
const (
	Fault503AfterCommit  = "503_after_commit"
	FaultDropAfterCommit = "drop_after_commit"
)

const faultsPath = "/api/_faults"

// armedFault is one rule of the fault switch.
type armedFault struct {
	ID     int    `json:"id"`
	Method string `json:"method"`
	Path   string `json:"path"`
	Mode   string `json:"mode"`
	Times  int    `json:"times"`
	Fired  int    `json:"fired"`
	re     *regexp.Regexp
}

// faultSwitch is the server-side fault injection used by the offline
// tests. It exists only when Config.FaultInjection is on.
type faultSwitch struct {
	log    *slog.Logger
	mu     sync.Mutex
	nextID int
	faults []*armedFault
}

// claim returns the mode of the first armed fault matching the request and
// counts it as fired, or "" when none matches.
func (f *faultSwitch) claim(method, path string) string {
	if path == faultsPath {
		return ""
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, a := range f.faults {
		if a.Fired < a.Times && (a.Method == "" || a.Method == method) && a.re.MatchString(path) {
			a.Fired++
			return a.Mode
		}
	}
	return ""
}

// handle sits before the idempotency layer: when a fault fires it holds
// the whole response (which the idempotency layer writes only after its
// commit), then throws it away.
func (f *faultSwitch) handle(c *gin.Context) {
	mode := f.claim(c.Request.Method, c.Request.URL.Path)
	if mode == "" {
		c.Next()
		return
	}
	before := c.Writer.Header().Clone()
	buf := &bufferedWriter{ResponseWriter: c.Writer, body: &bytes.Buffer{}}
	c.Writer = buf
	c.Next()
	c.Writer = buf.ResponseWriter
	f.log.WarnContext(c.Request.Context(), "fault injected after the handler completed", "mode", mode,
		"method", c.Request.Method, "path", c.Request.URL.Path, "discarded_status", buf.Status())
	h := c.Writer.Header()
	for k := range h {
		delete(h, k)
	}
	for k, v := range before {
		h[k] = v
	}
	if mode == FaultDropAfterCommit {
		if hj, ok := c.Writer.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				c.Abort()
				return
			}
		}
		// Without a hijackable connection (HTTP/2, recorders) net/http
		// drops the connection itself on this sentinel panic.
		panic(http.ErrAbortHandler)
	}
	c.AbortWithStatusJSON(http.StatusServiceUnavailable, gin.H{
		"detail": "Fault injected after the request was committed", "reason": "fault_injected"})
}

var errFaultBody = fault.New(fault.Invalid, `A fault needs "path" (a regular expression), "mode" (503_after_commit or drop_after_commit) and "times" from 1 to 100`).WithReason("fault_invalid")

func (f *faultSwitch) register(api *gin.RouterGroup) {
	api.POST("/_faults", func(c *gin.Context) {
		var body struct {
			Method string `json:"method"`
			Path   string `json:"path"`
			Mode   string `json:"mode"`
			Times  int    `json:"times"`
		}
		if !bindJSON(c, &body) {
			return
		}
		if body.Times == 0 {
			body.Times = 1
		}
		re, err := regexp.Compile(body.Path)
		if err != nil || body.Path == "" || body.Times < 1 || body.Times > 100 ||
			(body.Mode != Fault503AfterCommit && body.Mode != FaultDropAfterCommit) {
			_ = c.Error(errFaultBody)
			return
		}
		f.mu.Lock()
		f.nextID++
		a := &armedFault{ID: f.nextID, Method: strings.ToUpper(body.Method), Path: body.Path, Mode: body.Mode, Times: body.Times, re: re}
		f.faults = append(f.faults, a)
		out := *a
		f.mu.Unlock()
		f.log.Warn("fault armed", "id", a.ID, "method", a.Method, "path", a.Path, "mode", a.Mode, "times", a.Times)
		c.JSON(http.StatusCreated, out)
	})
	api.GET("/_faults", func(c *gin.Context) {
		f.mu.Lock()
		list := make([]armedFault, 0, len(f.faults))
		for _, a := range f.faults {
			list = append(list, *a)
		}
		f.mu.Unlock()
		c.JSON(http.StatusOK, gin.H{"faults": list})
	})
	api.DELETE("/_faults", func(c *gin.Context) {
		f.mu.Lock()
		f.faults = nil
		f.mu.Unlock()
		c.Status(http.StatusNoContent)
	})
}
