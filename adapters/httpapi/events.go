package httpapi

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/live"
)

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
	c.JSON(http.StatusOK, ticketView{Ticket: s.ticketFor(p.UserID, s.cfg.Clock().Add(ticketTTL)), ExpiresIn: int(ticketTTL.Seconds())})
}

// The wire format of GET /api/events. Each change is one server-sent event
// whose name is its kind and whose data is a JSON object of ids only:
//
//	id: 7
//	event: message
//	data: {"type":"message","contact_id":3,"message_id":12}
//
//	event: contact      data: {"type":"contact","contact_id":3,"message_id":0}
//	event: appointment  data: {"type":"appointment","appointment_id":5,"status":"confirmed"}
//	                    (status "deleted" when the appointment is gone)
//
// and, when events may have been lost, an event without id telling the
// client to refetch what it shows (it keeps resuming from its last id):
//
//	event: resync
//	data: {"type":"resync"}
//
// The client subscribes by name (web/src/shared/api/eventStream.ts), so an
// unknown name is ignored by older clients.

type messageData struct {
	Type      live.Kind `json:"type"`
	ContactID int64     `json:"contact_id"`
	MessageID int64     `json:"message_id"`
}

type appointmentData struct {
	Type          live.Kind `json:"type"`
	AppointmentID int64     `json:"appointment_id"`
	Status        string    `json:"status"`
}

// eventData is the JSON payload of an event.
func eventData(e live.Event) ([]byte, error) {
	switch e.Kind {
	case live.Message, live.Contact:
		return json.Marshal(messageData{Type: e.Kind, ContactID: e.ContactID, MessageID: e.MessageID})
	case live.Appointment:
		return json.Marshal(appointmentData{Type: e.Kind, AppointmentID: e.AppointmentID, Status: e.Status})
	}
	return nil, fmt.Errorf("event stream: unknown kind %q", e.Kind)
}

func (s *Server) writeEvent(c *gin.Context, d live.Delivered) {
	data, err := eventData(d.Event)
	if err != nil {
		s.d.Log.Error("event not sent", "error", err)
		return
	}
	fmt.Fprintf(c.Writer, "id: %d\nevent: %s\ndata: %s\n\n", d.ID, d.Kind, data)
}

func writeResync(c *gin.Context) {
	fmt.Fprint(c.Writer, "event: resync\ndata: {\"type\":\"resync\"}\n\n")
}

// eventStream is GET /api/events?ticket=…: server-sent events for the
// signed-in account (new message, contact updated, appointment changed),
// with heartbeats, resumption from Last-Event-ID and resync. It ends at shutdown.
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
	ctx := c.Request.Context()
	sub := s.d.Events.Subscribe(ctx, uid, last)
	defer sub.Cancel()
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
	for _, d := range sub.Backlog {
		s.writeEvent(c, d)
	}
	c.Writer.Flush()
	beat := time.NewTicker(streamHeartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.streams.Done():
			return
		case d := <-sub.Events:
			s.writeEvent(c, d)
			c.Writer.Flush()
		case <-sub.Resync:
			writeResync(c)
			c.Writer.Flush()
		case <-beat.C:
			fmt.Fprint(c.Writer, ": ping\n\n")
			c.Writer.Flush()
		}
	}
}
