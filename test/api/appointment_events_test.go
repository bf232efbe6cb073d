package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// eventStream is one account's open server-sent events stream.
type eventStream struct {
	events chan streamEvent
	cancel context.CancelFunc
}

type streamEvent struct {
	Type string
	Data map[string]any
}

// openEvents opens the account's event stream (ticket, then GET /api/events)
// and returns once the server has answered with the stream's first line.
func (s *server) openEvents(token string) *eventStream {
	s.t.Helper()
	ticket := s.must(200, "POST", "/api/events/ticket", token, nil).JSON()["ticket"].(string)
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", s.URL+"/api/events?ticket="+ticket, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		cancel()
		s.t.Fatalf("event stream: %v %v", err, res)
	}
	st := &eventStream{events: make(chan streamEvent, 64), cancel: cancel}
	opened := make(chan struct{})
	go func() {
		defer res.Body.Close()
		defer close(st.events)
		sc := bufio.NewScanner(res.Body)
		var typ string
		first := true
		for sc.Scan() {
			line := sc.Text()
			if first {
				close(opened)
				first = false
			}
			switch {
			case strings.HasPrefix(line, "event: "):
				typ = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				var data map[string]any
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &data)
				st.events <- streamEvent{Type: typ, Data: data}
			}
		}
	}()
	select {
	case <-opened:
	case <-time.After(10 * time.Second):
		s.t.Fatal("the event stream did not open")
	}
	s.t.Cleanup(cancel)
	return st
}

// next waits for the next "appointment" event (other types are skipped).
func (st *eventStream) next(t *testing.T, within time.Duration) (streamEvent, bool) {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case e, ok := <-st.events:
			if !ok {
				return streamEvent{}, false
			}
			if e.Type == "appointment" {
				return e, true
			}
		case <-deadline:
			return streamEvent{}, false
		}
	}
}

// TestAppointmentEvents: a booking reaches the designer's open event stream at
// once (the dashboard's pending requests update without reload), each step
// reaches both sides, and nobody else hears of it.
func TestAppointmentEvents(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		bea, beaID := s.designerAccount("bea@example.com", "Bea Verdi")
		s.openWeek(sofia, sofiaID)
		s.openWeek(bea, beaID)
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		designerStream := s.openEvents(sofia)
		customerStream := s.openEvents(anna)
		beaStream, brunoStream := s.openEvents(bea), s.openEvents(bruno)

		booked := s.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": sofiaID, "appointment_date": slotAt(t, 2, 10)}).JSON()
		id := booked["appointment_id"].(float64)
		for name, st := range map[string]*eventStream{"designer": designerStream, "customer": customerStream} {
			e, ok := st.next(t, 5*time.Second)
			if !ok || e.Data["appointment_id"] != id || e.Data["status"] != "pending" {
				t.Fatalf("%s: booking event %+v (%v)", name, e, ok)
			}
			if len(e.Data) != 3 {
				t.Fatalf("%s: the event carries more than ids and status: %v", name, e.Data)
			}
		}
		path := fmt.Sprintf("/api/appointments/%.0f", id)
		s.must(200, "PUT", path+"/confirm", sofia, nil)
		for name, st := range map[string]*eventStream{"designer": designerStream, "customer": customerStream} {
			if e, ok := st.next(t, 5*time.Second); !ok || e.Data["status"] != "confirmed" {
				t.Fatalf("%s: confirmation event %+v (%v)", name, e, ok)
			}
		}
		// A refused step publishes nothing; the next real one arrives in order.
		s.must(409, "PUT", path+"/complete", sofia, nil)
		second := s.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": sofiaID, "appointment_date": slotAt(t, 3, 11)}).JSON()
		if e, ok := designerStream.next(t, 5*time.Second); !ok || e.Data["appointment_id"] != second["appointment_id"] {
			t.Fatalf("after a refused step the designer got %+v (%v)", e, ok)
		}
		// Accounts outside the appointment heard nothing: the first event each of them gets is
		// about their own booking, made after all of the above.
		own := s.must(201, "POST", "/api/appointments/", bruno, map[string]any{"designer_id": beaID, "appointment_date": slotAt(t, 2, 9)}).JSON()
		for name, st := range map[string]*eventStream{"another designer": beaStream, "another customer": brunoStream} {
			if e, ok := st.next(t, 5*time.Second); !ok || e.Data["appointment_id"] != own["appointment_id"] {
				t.Fatalf("%s heard of someone else's appointment: %+v (%v)", name, e, ok)
			}
		}
	}, "INTERNO_CALL_BASE_URL=https://meet.example")
}
