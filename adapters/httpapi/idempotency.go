package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/unitofwork"
)

// StoredResponse is a response kept for replays of an Idempotency-Key.
type StoredResponse struct {
	RequestHash string
	Status      int
	ContentType string
	Body        []byte
}

// IdempotencyStore keeps responses by caller and key. Find returns a
// fault.NotFound error when nothing is stored; Save runs inside the request's
// transaction and returns a fault.Conflict when another request saved first.
type IdempotencyStore interface {
	Find(ctx context.Context, caller, key string) (StoredResponse, error)
	Lock(ctx context.Context, caller, key string) (bool, error)
	Save(ctx context.Context, caller, key string, resp StoredResponse) error
}

var (
	errKeyInFlight = fault.New(fault.Conflict, "A request with this Idempotency-Key is already in progress").WithReason("idempotency_in_progress")
	errKeyReused   = fault.New(fault.Invalid, "This Idempotency-Key was already used with a different request").WithReason("idempotency_key_reused")
	errKeyBad      = fault.New(fault.Invalid, "Idempotency-Key must be 1 to 200 visible ASCII characters").WithReason("idempotency_key_invalid")
	errRollback    = errors.New("rollback: response is not stored")
)

// idempotency makes state-changing requests that carry an Idempotency-Key
// safe to repeat. The key is claimed and the response stored in the same
// transaction as the request's effect, so after a crash between commit and
// response the retry gets the stored answer and nothing happens twice.
type idempotency struct {
	store    IdempotencyStore
	tx       unitofwork.Transactor
	log      *slog.Logger
	exempt   func(method, fullPath string) bool
	inflight sync.Map
	// afterCommit is a test hook that runs between commit and response.
	afterCommit func(c *gin.Context)
	// replayed counts replays (metrics).
	replayed func()
}

func (m *idempotency) handle(c *gin.Context) {
	key := headerValue(c.Request.Header, "Idempotency-Key")
	method := c.Request.Method
	if key == "" || method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions ||
		(m.exempt != nil && m.exempt(method, c.FullPath())) {
		c.Next()
		return
	}
	if len(key) > 200 || strings.IndexFunc(key, func(r rune) bool { return r < 0x21 || r > 0x7e }) >= 0 {
		writeError(c, m.log, errKeyBad)
		return
	}
	who := "anon"
	if p, ok := principalOf(c); ok {
		who = "user:" + strconv.FormatInt(p.UserID, 10)
	}
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		writeError(c, m.log, err)
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(body))
	sum := sha256.Sum256([]byte(method + " " + c.Request.URL.RequestURI() + "\n" + string(body)))
	hash := hex.EncodeToString(sum[:])

	slot := who + "\x00" + key
	if _, busy := m.inflight.LoadOrStore(slot, struct{}{}); busy {
		writeError(c, m.log, errKeyInFlight)
		return
	}
	defer m.inflight.Delete(slot)

	ctx := c.Request.Context()
	if prev, err := m.store.Find(ctx, who, key); err == nil {
		m.replay(c, prev, hash)
		return
	} else if fault.CodeOf(err) != fault.NotFound {
		writeError(c, m.log, err)
		return
	}

	buf := &bufferedWriter{ResponseWriter: c.Writer, body: &bytes.Buffer{}}
	var replayed *StoredResponse
	txErr := m.tx.InTx(ctx, func(ctx context.Context) error {
		if ok, err := m.store.Lock(ctx, who, key); err != nil {
			return err
		} else if !ok {
			return errKeyInFlight
		}
		if prev, err := m.store.Find(ctx, who, key); err == nil {
			replayed = &prev
			return nil
		}
		c.Writer = buf
		c.Request = c.Request.WithContext(ctx)
		_ = m.tx.InTx(ctx, func(ctx context.Context) error {
			c.Request = c.Request.WithContext(ctx)
			c.Next()
			if buf.Status() >= 400 {
				return errRollback // undo any partial effect, keep the outer claim
			}
			return nil
		})
		st := buf.Status()
		if st >= 500 || st == statusClientClosedRequest || st == http.StatusUnauthorized || st == http.StatusTooManyRequests || st == http.StatusConflict && isInFlight(buf.body.Bytes()) {
			return errRollback
		}
		return m.store.Save(ctx, who, key, StoredResponse{RequestHash: hash, Status: st,
			ContentType: buf.Header().Get("Content-Type"), Body: buf.body.Bytes()})
	})
	c.Writer = buf.ResponseWriter
	switch {
	case replayed != nil:
		m.replay(c, *replayed, hash)
		return
	case txErr != nil && !errors.Is(txErr, errRollback):
		writeError(c, m.log, txErr)
		return
	}
	if m.afterCommit != nil {
		m.afterCommit(c)
	}
	buf.flush()
}

func isInFlight(body []byte) bool { return bytes.Contains(body, []byte(`"idempotency_in_progress"`)) }

func (m *idempotency) replay(c *gin.Context, prev StoredResponse, hash string) {
	if prev.RequestHash != hash {
		writeError(c, m.log, errKeyReused)
		return
	}
	c.Header("Idempotent-Replayed", "true")
	m.replayed()
	ct := prev.ContentType
	if ct == "" {
		ct = "application/json; charset=utf-8"
	}
	c.Data(prev.Status, ct, prev.Body)
	c.Abort()
}

// bufferedWriter holds the response until the transaction has committed.
type bufferedWriter struct {
	gin.ResponseWriter
	body        *bytes.Buffer
	status      int
	wroteHeader bool
}

func (w *bufferedWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = code, true
	}
}

func (w *bufferedWriter) WriteHeaderNow() { w.WriteHeader(w.Status()) }

func (w *bufferedWriter) Write(b []byte) (int, error) {
	w.WriteHeader(w.Status())
	return w.body.Write(b)
}

func (w *bufferedWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

func (w *bufferedWriter) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

func (w *bufferedWriter) Size() int { return w.body.Len() }

func (w *bufferedWriter) Written() bool { return w.wroteHeader }

func (w *bufferedWriter) Flush() {}

func (w *bufferedWriter) flush() {
	w.ResponseWriter.WriteHeader(w.Status())
	_, _ = w.ResponseWriter.Write(w.body.Bytes())
}
