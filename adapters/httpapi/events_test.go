package httpapi

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"interno/adapters/realtime"
	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/live"
	"interno/core/messaging"
	"interno/internal/wiring"
)

func TestEvents_Stream(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// The real in-process hub, so the wire format is tested as the binary sends it.
		hub := realtime.NewHub(0)
		env := newEnv(t, db, func(cfg *Config, d *Deps) {
			q := store.NewEmailQueue(db)
			d.Messaging = messaging.NewService(messaging.Config{BaseURL: cfg.BaseURL, Clock: cfg.Clock},
				messaging.Deps{Repo: store.NewMessagingRepo(db), Designers: d.Designers.Refs(), Accounts: wiring.MessagingAccounts{Identity: d.Identity},
					Mail: q, Notifications: wiring.Reminders{Queue: q}, Events: hub, Tx: db})
			d.Events = hub
		})
		sofia, sofiaID := env.newDesignerAccount("sofia@example.com")
		anna, _ := env.account("anna@example.com")
		env.expect(req{method: "POST", path: "/api/events/ticket"}, 401)
		env.expect(req{method: "GET", path: "/api/events?ticket=1.99999999999.bad"}, 401)
		env.expect(req{method: "GET", path: "/api/events"}, 401)
		ticket := env.expect(req{method: "POST", path: "/api/events/ticket", token: sofia}, 200).JSON(t)["ticket"].(string)
		// A ticket is bound to its account: a changed user id breaks the signature.
		forged := "999" + ticket[strings.Index(ticket, "."):]
		env.expect(req{method: "GET", path: "/api/events?ticket=" + forged}, 401)

		srv := httptest.NewServer(env.srv.Handler())
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/events?ticket="+ticket, nil)
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		lines := make(chan string, 64)
		go func() {
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// Wait for the stream to be open (the retry line), then post.
		for l := range lines {
			if strings.HasPrefix(l, "retry:") {
				break
			}
		}
		start := time.Now()
		env.expect(req{method: "POST", path: "/api/contacts/", token: anna, body: map[string]any{"designer_id": sofiaID, "message": "Ciao"}}, 201)
		got := ""
		for l := range lines {
			if strings.HasPrefix(l, "event: message") {
				got = <-lines
				break
			}
		}
		var data map[string]any
		if err := json.Unmarshal([]byte(strings.TrimPrefix(got, "data: ")), &data); err != nil || data["type"] != "message" ||
			data["contact_id"] == nil || data["message_id"] == nil || len(data) != 3 {
			t.Fatalf("no message event, or not ids only: %q", got)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("event took %v", d)
		}
		// Shutdown ends the stream.
		env.srv.CloseStreams()
		for range lines {
		}
	})
}

func TestEvents_TicketsAcrossInstances(t *testing.T) {
	mk := func(secret []byte) *Server {
		s := &Server{cfg: Config{TicketSecret: secret, Clock: time.Now}}
		s.registerEvents(gin.New().Group("/api"))
		return s
	}
	shared := []byte("a shared secret of at least 32 bytes")
	a, b, other := mk(shared), mk(shared), mk(nil)
	ticket := a.ticketFor(7, time.Now().Add(time.Minute))
	if uid, ok := b.checkTicket(ticket); !ok || uid != 7 {
		t.Fatalf("an instance with the same secret refused the ticket: %d %v", uid, ok)
	}
	if _, ok := other.checkTicket(ticket); ok {
		t.Fatal("an instance with another key accepted the ticket")
	}
	if _, ok := a.checkTicket(a.ticketFor(7, time.Now().Add(-time.Second))); ok {
		t.Fatal("an expired ticket was accepted")
	}
}

// The stream's wire format for every kind, and resync when the client resumes
// from an id the hub cannot account for.
func TestEvents_WireFormatAndResync(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		hub := realtime.NewHub(0)
		env := newEnv(t, db, func(cfg *Config, d *Deps) { d.Events = hub })
		anna, annaID := env.account("anna@example.com")
		ticket := env.expect(req{method: "POST", path: "/api/events/ticket", token: anna}, 200).JSON(t)["ticket"].(string)
		srv := httptest.NewServer(env.srv.Handler())
		defer srv.Close()
		defer env.srv.CloseStreams()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/events?ticket="+ticket, nil)
		r.Header.Set("Last-Event-ID", "99") // from another run of the server
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		next := func() string {
			for sc.Scan() {
				if l := sc.Text(); l != "" && !strings.HasPrefix(l, "retry:") && !strings.HasPrefix(l, ":") {
					return l
				}
			}
			t.Fatal("stream ended")
			return ""
		}
		if l, d := next(), next(); l != "event: resync" || d != `data: {"type":"resync"}` {
			t.Fatalf("%q %q", l, d)
		}
		for _, c := range []struct {
			e    live.Event
			name string
			data string
		}{
			{live.Event{Kind: live.Message, ContactID: 3, MessageID: 12}, "message", `{"type":"message","contact_id":3,"message_id":12}`},
			{live.Event{Kind: live.Contact, ContactID: 3}, "contact", `{"type":"contact","contact_id":3,"message_id":0}`},
			{live.Event{Kind: live.Appointment, AppointmentID: 5, Status: "confirmed"}, "appointment", `{"type":"appointment","appointment_id":5,"status":"confirmed"}`},
			{live.Event{Kind: live.Appointment, AppointmentID: 5, Status: live.StatusDeleted}, "appointment", `{"type":"appointment","appointment_id":5,"status":"deleted"}`},
		} {
			c.e.To = []int64{annaID}
			sent := hub.Deliver(c.e)
			if id, name, data := next(), next(), next(); id != fmt.Sprintf("id: %d", sent.ID) || name != "event: "+c.name || data != "data: "+c.data {
				t.Fatalf("%q %q %q", id, name, data)
			}
		}
	})
}
