package realtime

import (
	"context"
	"testing"

	"interno/core/live"
)

func msg(to ...int64) live.Event { return live.Event{Kind: live.Message, To: to, ContactID: 1} }

func resynced(s live.Subscription) bool {
	select {
	case <-s.Resync:
		return true
	default:
		return false
	}
}

func TestHub_PublishAndResume(t *testing.T) {
	ctx := context.Background()
	h := NewHub(3)
	a := h.Subscribe(ctx, 1, 0)
	b := h.Subscribe(ctx, 2, 0)
	defer b.Cancel()
	e1 := h.Deliver(msg(1, 2, 1))
	if got := <-a.Events; got.ID != e1.ID || got.Kind != live.Message || got.ContactID != 1 {
		t.Fatalf("%+v", got)
	}
	if got := <-b.Events; got.ID != e1.ID {
		t.Fatalf("%+v", got)
	}
	select {
	case extra := <-a.Events:
		t.Fatalf("duplicate delivery %+v", extra)
	default:
	}
	a.Cancel()
	a.Cancel()
	h.Publish(ctx, live.Event{Kind: live.Contact, To: []int64{1}})
	h.Publish(ctx, live.Event{Kind: live.Contact, To: []int64{2}})
	h.Publish(ctx, msg(1))
	// Resuming from the second event: all after it are kept (3, 4), no resync.
	r := h.Subscribe(ctx, 1, 2)
	if len(r.Backlog) != 1 || r.Backlog[0].ID != 4 || resynced(r) {
		t.Fatalf("backlog %+v, resync %v", r.Backlog, resynced(r))
	}
	r.Cancel()
	h.Publish(ctx, msg(1)) // history keeps 3: events 1 and 2 are gone
	s := h.Subscribe(ctx, 1, e1.ID)
	defer s.Cancel()
	if len(s.Backlog) != 2 || s.Backlog[0].ID != 4 || s.Backlog[1].ID != 5 {
		t.Fatalf("backlog %+v", s.Backlog)
	}
	if !resynced(s) {
		t.Fatal("event 2 is no longer kept: the stream must resync")
	}
	if h.Subscribers() != 2 {
		t.Fatalf("subscribers %d", h.Subscribers())
	}
}

func TestHub_ResumingFromAnotherRunResyncs(t *testing.T) {
	h := NewHub(0)
	h.Deliver(msg(1))
	s := h.Subscribe(context.Background(), 1, 99) // an id this hub never gave
	defer s.Cancel()
	if len(s.Backlog) != 0 || !resynced(s) {
		t.Fatalf("backlog %+v", s.Backlog)
	}
}

func TestHub_SlowSubscriberNeverBlocksAndResyncs(t *testing.T) {
	h := NewHub(0)
	s := h.Subscribe(context.Background(), 1, 0)
	defer s.Cancel()
	if resynced(s) {
		t.Fatal("fresh stream resyncs")
	}
	for i := 0; i < 1000; i++ {
		h.Publish(context.Background(), msg(1))
	}
	if !resynced(s) {
		t.Fatal("a stream that fell behind must be told to resync")
	}
	if !h.Online(1) || h.Online(2) {
		t.Fatal("presence")
	}
	h.ResyncAll()
	if !resynced(s) {
		t.Fatal("ResyncAll")
	}
}
