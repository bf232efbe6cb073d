package realtime

import (
	"testing"
)

func TestHub_PublishAndResume(t *testing.T) {
	h := NewHub(3)
	a, _, cancelA := h.Subscribe(1, 0)
	b, _, cancelB := h.Subscribe(2, 0)
	defer cancelB()
	e1 := h.Publish([]int64{1, 2, 1}, "message", []byte(`{"contact_id":1}`))
	if got := <-a; got.ID != e1.ID || got.Type != "message" {
		t.Fatalf("%+v", got)
	}
	if got := <-b; got.ID != e1.ID {
		t.Fatalf("%+v", got)
	}
	select {
	case extra := <-a:
		t.Fatalf("duplicate delivery %+v", extra)
	default:
	}
	cancelA()
	cancelA()
	h.Publish([]int64{1}, "contact", nil)
	h.Publish([]int64{2}, "contact", nil)
	h.Publish([]int64{1}, "message", nil)
	h.Publish([]int64{1}, "message", nil) // history keeps 3: e1 and e2 are gone
	_, backlog, cancel := h.Subscribe(1, e1.ID)
	defer cancel()
	if len(backlog) != 2 || backlog[0].ID != 4 || backlog[1].ID != 5 {
		t.Fatalf("backlog %+v", backlog)
	}
	if h.Subscribers() != 2 {
		t.Fatalf("subscribers %d", h.Subscribers())
	}
}

func TestHub_SlowSubscriberNeverBlocks(t *testing.T) {
	h := NewHub(0)
	_, _, cancel := h.Subscribe(1, 0)
	defer cancel()
	for i := 0; i < 1000; i++ {
		h.Publish([]int64{1}, "message", nil)
	}
}
