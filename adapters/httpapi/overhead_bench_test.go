package httpapi

import (
	"bufio"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gin-gonic/gin"

	"interno/adapters/metrics"
	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/trace"
)

// BenchmarkOverhead puts the real routes beside their anchors in one process
// (no network, so the share of the middleware chain and the view shows
// clearly, and a CPU profile of it is easy: -cpuprofile): GET /api/health
// beside a bare Gin JSON route, GET /api/designers/{id} beside a bare Gin
// route doing the same GORM primary-key read, on SQLite, with the access log
// written as text to a buffered file with the request id of each line and
// the Prometheus registry observing, as in production (internal/app,
// adapters/metrics). Each request is parsed once and answered into a writer
// that, like net/http's, starts every answer with a fresh header map, copies
// and serialises it once and sends the bytes nowhere, so the figures are the
// server's own work beyond reading and writing the socket. make bench
// measures the same pairs over the network with wrk
// (test/bench/overhead_test.go).
func BenchmarkOverhead(b *testing.B) {
	db := storetest.Open(b, store.SQLite, storetest.Options{})
	logFile, err := os.Create(filepath.Join(b.TempDir(), "access.log"))
	if err != nil {
		b.Fatal(err)
	}
	defer logFile.Close()
	// As internal/app writes it: text, info level, buffered (one write per
	// 32 KB), every line with the request id of its context (core/trace).
	logs := bufio.NewWriterSize(logFile, 32<<10)
	defer logs.Flush()
	t := &testing.T{}
	env := newEnv(t, db, func(_ *Config, d *Deps) {
		d.Log = slog.New(trace.Handler(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
		d.Observe = metrics.New("bench")
	})
	env.t = t
	_, id := env.newDesignerAccount("sofia@example.com")
	path := "/api/designers/" + strconv.FormatInt(id, 10)

	bare := gin.New()
	bare.GET("/anchor/json", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	bare.GET("/anchor/designers/:id", func(c *gin.Context) {
		n, _ := strconv.ParseInt(c.Param("id"), 10, 64)
		var row map[string]any
		if err := db.Conn(c.Request.Context()).Table("designers").Select("designers.*, users.email AS email").
			Joins("JOIN users ON users.id = designers.user_id").Where("designers.id = ?", n).Take(&row).Error; err != nil {
			c.Status(http.StatusNotFound)
			return
		}
		c.JSON(http.StatusOK, row)
	})
	run := func(h http.Handler, target string) func(*testing.B) {
		return func(b *testing.B) {
			r := httptest.NewRequest("GET", target, nil)
			r.RemoteAddr = "192.0.2.1:40000"
			var w discardWriter
			for b.Loop() {
				w = discardWriter{header: make(http.Header)}
				h.ServeHTTP(&w, r)
				if w.code != http.StatusOK || w.n == 0 {
					b.Fatalf("%s: %d", target, w.code)
				}
			}
		}
	}
	b.Run("AnchorJSON", run(bare, "/anchor/json"))
	b.Run("Health", run(env.srv.Handler(), "/api/health"))
	b.Run("AnchorGORM", run(bare, "/anchor/designers/"+strconv.FormatInt(id, 10)))
	b.Run("Designer", run(env.srv.Handler(), path))
}

// discardWriter is the server's side of an answer without the socket: a
// header map per answer (net/http allocates one per request too), copied
// and serialised once when the answer starts (as net/http's response does:
// it clones the handler's map at WriteHeader and writes it out sorted), the
// status, and the count of body bytes.
type discardWriter struct {
	header http.Header
	code   int
	n      int
}

func (w *discardWriter) Header() http.Header { return w.header }

func (w *discardWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
		_ = w.header.Clone().Write(io.Discard)
	}
}

func (w *discardWriter) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.WriteHeader(http.StatusOK)
	}
	w.n += len(p)
	return len(p), nil
}
