package httpapi

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
)

// StreamEvent is one server-sent event.
type StreamEvent struct {
	ID   uint64
	Type string
	Data []byte
}

// EventStreams opens per-account event streams; the realtime hub implements it.
type EventStreams interface {
	// Subscribe returns the account's live events, the kept ones after
	// lastID (resumption) and a cancel function.
	Subscribe(userID int64, lastID uint64) (<-chan StreamEvent, []StreamEvent, func())
}

// Stream settings.
const (
	ticketTTL        = 60 * time.Second
	streamHeartbeat  = 25 * time.Second
	streamRetryMilli = 3000
)

var errBadTicket = fault.New(fault.Unauthorized, "Invalid or expired event-stream ticket; ask for a new one").WithReason("ticket_invalid")

func (s *Server) registerEvents(api *gin.RouterGroup) {
	if len(s.cfg.TicketSecret) > 0 {
		mac := hmac.New(sha256.New, s.cfg.TicketSecret)
		mac.Write([]byte("interno event-stream tickets"))
		s.ticketKey = mac.Sum(nil)
	} else {
		s.ticketKey = make([]byte, 32)
		if _, err := rand.Read(s.ticketKey); err != nil {
			panic(err)
		}
	}
	api.POST("/events/ticket", requireUser, s.eventTicket)
	api.GET("/events", s.eventStream)
}

// ticketFor signs "userID.expiry" so EventSource (which cannot send
// headers) proves who it is without the long-lived token in the URL.
func (s *Server) ticketFor(userID int64, exp time.Time) string {
	payload := strconv.FormatInt(userID, 10) + "." + strconv.FormatInt(exp.Unix(), 10)
	mac := hmac.New(sha256.New, s.ticketKey)
	mac.Write([]byte(payload))
	return payload + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (s *Server) checkTicket(ticket string) (int64, bool) {
	parts := strings.Split(ticket, ".")
	if len(parts) != 3 {
		return 0, false
	}
	uid, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || s.cfg.Clock().Unix() > exp {
		return 0, false
	}
	want := s.ticketFor(uid, time.Unix(exp, 0))
	return uid, hmac.Equal([]byte(want), []byte(ticket))
}

func (s *Server) eventTicket(c *gin.Context) {
	p, _ := principalOf(c)
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"ticket": s.ticketFor(p.UserID, s.cfg.Clock().Add(ticketTTL)), "expires_in": int(ticketTTL.Seconds())})
}

func writeEvent(c *gin.Context, e StreamEvent) {
	fmt.Fprintf(c.Writer, "id: %d\nevent: %s\ndata: %s\n\n", e.ID, e.Type, e.Data)
}

// eventStream is GET /api/events?ticket=…: server-sent events for the
// signed-in account (new message, contact updated), with heartbeats and
// resumption from Last-Event-ID. It ends at shutdown.
func (s *Server) eventStream(c *gin.Context) {
	uid, ok := s.checkTicket(c.Query("ticket"))
	if !ok {
		_ = c.Error(errBadTicket)
		return
	}
	var last uint64
	if v := c.GetHeader("Last-Event-ID"); v != "" {
		last, _ = strconv.ParseUint(v, 10, 64)
	}
	events, backlog, cancel := s.d.Events.Subscribe(uid, last)
	defer cancel()
	s.d.Observe.StreamOpened()
	defer s.d.Observe.StreamClosed()
	// The server's read timeout must not end a long-lived stream.
	_ = http.NewResponseController(c.Writer).SetReadDeadline(time.Time{})
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	fmt.Fprintf(c.Writer, "retry: %d\n\n", streamRetryMilli)
	for _, e := range backlog {
		writeEvent(c, e)
	}
	c.Writer.Flush()
	beat := time.NewTicker(streamHeartbeat)
	defer beat.Stop()
	ctx := c.Request.Context()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.streams.Done():
			return
		case e := <-events:
			writeEvent(c, e)
			c.Writer.Flush()
		case <-beat.C:
			fmt.Fprint(c.Writer, ": ping\n\n")
			c.Writer.Flush()
		}
	}
}
