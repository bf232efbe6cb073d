package httpapi

import (
	"log/slog"
	"runtime"
	"sync/atomic"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
)

// Heavy request bodies (over DefaultBodyLimit: designer registrations and
// edits with their galleries, profile photos) cost memory and CPU before any
// handler can refuse them: a 25 MB body is read, scanned and decoded first.
// At most heavySlots of them (half the CPUs) are handled at once and
// heavyWaiting more wait; beyond that a request is refused at once with 503
// and Retry-After, so a flood of large uploads (even ones the pixel budget
// refuses) cannot take every core from the other callers.
var heavySlots = max(1, runtime.NumCPU()/2)

const heavyWaiting = 16

var errHeavyBusy = func() *fault.Error {
	f := fault.New(fault.Unavailable, "Too many uploads at once: retry in a few seconds").WithReason("busy")
	f.RetryAfterSeconds = 5
	return f
}()

// heavyBodies bounds the requests with heavy bodies handled at once.
type heavyBodies struct {
	slots   chan struct{}
	waiting atomic.Int64
	limits  map[string]int64
	log     *slog.Logger
}

func newHeavyBodies(log *slog.Logger, limits map[string]int64) *heavyBodies {
	return &heavyBodies{slots: make(chan struct{}, heavySlots), limits: limits, log: log}
}

func (h *heavyBodies) handle(c *gin.Context) {
	n := c.Request.ContentLength
	if limit, ok := h.limits[c.Request.Method+" "+c.FullPath()]; !ok || limit <= DefaultBodyLimit || (n >= 0 && n <= DefaultBodyLimit) {
		c.Next()
		return
	}
	select {
	case h.slots <- struct{}{}:
	default:
		if h.waiting.Add(1) > heavyWaiting {
			h.waiting.Add(-1)
			writeError(c, h.log, errHeavyBusy)
			return
		}
		select {
		case h.slots <- struct{}{}:
			h.waiting.Add(-1)
		case <-c.Request.Context().Done():
			h.waiting.Add(-1)
			c.Abort()
			return
		}
	}
	defer func() { <-h.slots }()
	c.Next()
}
