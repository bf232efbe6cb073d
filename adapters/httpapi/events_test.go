package httpapi

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/messaging"
)

// testHub is a minimal in-memory stream hub with the realtime hub's contract.
type testHub struct {
	mu   sync.Mutex
	seq  uint64
	subs map[int64][]chan StreamEvent
	past []struct {
		users []int64
		ev    StreamEvent
	}
}

func (h *testHub) Publish(users []int64, e messaging.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	data, _ := json.Marshal(map[string]any{"contact_id": e.ContactID, "message_id": e.MessageID})
	ev := StreamEvent{ID: h.seq, Type: e.Type, Data: data}
	h.past = append(h.past, struct {
		users []int64
		ev    StreamEvent
	}{users, ev})
	for _, u := range users {
		for _, ch := range h.subs[u] {
			select {
			case ch <- ev:
			default:
			}
		}
	}
}

func (h *testHub) Subscribe(userID int64, last uint64) (<-chan StreamEvent, []StreamEvent, func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[int64][]chan StreamEvent{}
	}
	ch := make(chan StreamEvent, 16)
	h.subs[userID] = append(h.subs[userID], ch)
	var backlog []StreamEvent
	for _, p := range h.past {
		for _, u := range p.users {
			if u == userID && p.ev.ID > last && last > 0 {
				backlog = append(backlog, p.ev)
			}
		}
	}
	return ch, backlog, func() {}
}

func TestEvents_Stream(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		hub := &testHub{}
		env := newEnv(t, db, func(cfg *Config, d *Deps) {
			q := store.NewEmailQueue(db)
			d.Messaging = messaging.NewService(messaging.Config{BaseURL: cfg.BaseURL, Clock: cfg.Clock},
				messaging.Deps{Repo: store.NewMessagingRepo(db), Designers: msgDesigners{d.Designers}, Accounts: msgAccounts{d.Identity},
					Mail: q, Notifications: reminderQueue{q}, Events: hub, Tx: db})
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
				got = l
				break
			}
		}
		if got == "" {
			t.Fatal("no event received")
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
