// Package realtime is the in-process hub behind live updates: it implements
// the core/live port (Publisher and Subscriber) within one instance. Use
// cases publish small events (ids only) for the accounts concerned after
// commit, and each open stream of those accounts receives them. A short
// history lets a reconnecting client resume from Last-Event-ID; when events
// may have been lost (the stream fell behind, or its resumption point is no
// longer kept or comes from another run) the stream is told to resync.
package realtime

import (
	"context"
	"sync"

	"interno/core/live"
)

type subscriber struct {
	ch     chan live.Delivered
	resync chan struct{}
}

// lost tells the subscriber that events were lost; it never blocks.
func (s *subscriber) lost() {
	select {
	case s.resync <- struct{}{}:
	default:
	}
}

// Hub fans events out to subscribers by account.
type Hub struct {
	mu      sync.Mutex
	seq     uint64
	subs    map[int64]map[*subscriber]struct{}
	history []live.Delivered
	keep    int
	buffer  int
}

var (
	_ live.Publisher  = (*Hub)(nil)
	_ live.Subscriber = (*Hub)(nil)
)

// DefaultHistory is how many recent events are kept for resumption.
const DefaultHistory = 1024

// NewHub returns an empty hub keeping the last history events.
func NewHub(history int) *Hub {
	if history <= 0 {
		history = DefaultHistory
	}
	return &Hub{subs: map[int64]map[*subscriber]struct{}{}, keep: history, buffer: 64}
}

// Publish sends an event to every open stream of its accounts, once per
// stream however often an account is named. A stream that cannot keep up
// loses the event and is told to resync; publishing never blocks.
func (h *Hub) Publish(_ context.Context, e live.Event) {
	h.Deliver(e)
}

// Deliver is Publish returning the event as delivered (for tests and for a
// fan-out that relays events between instances).
func (h *Hub) Deliver(e live.Event) live.Delivered {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	d := live.Delivered{ID: h.seq, Event: e}
	h.history = append(h.history, d)
	if len(h.history) > h.keep {
		h.history = append([]live.Delivered(nil), h.history[len(h.history)-h.keep:]...)
	}
	seen := map[int64]bool{}
	for _, u := range e.To {
		if seen[u] {
			continue
		}
		seen[u] = true
		for s := range h.subs[u] {
			select {
			case s.ch <- d:
			default:
				s.lost()
			}
		}
	}
	return d
}

// ResyncAll tells every open stream that events may have been lost (a
// fan-out between instances was interrupted).
func (h *Hub) ResyncAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.subs {
		for s := range m {
			s.lost()
		}
	}
}

func addressed(e live.Event, userID int64) bool {
	for _, u := range e.To {
		if u == userID {
			return true
		}
	}
	return false
}

// Subscribe opens a stream for userID. The backlog holds the kept events for
// that account with an id above lastID (resumption); if events after lastID
// are no longer kept, or lastID is from another run of the hub, the stream
// starts with a resync.
func (h *Hub) Subscribe(_ context.Context, userID int64, lastID uint64) live.Subscription {
	s := &subscriber{ch: make(chan live.Delivered, h.buffer), resync: make(chan struct{}, 1)}
	var backlog []live.Delivered
	h.mu.Lock()
	if h.subs[userID] == nil {
		h.subs[userID] = map[*subscriber]struct{}{}
	}
	h.subs[userID][s] = struct{}{}
	if lastID > 0 {
		oldest := h.seq + 1
		if len(h.history) > 0 {
			oldest = h.history[0].ID
		}
		if lastID > h.seq || lastID+1 < oldest {
			s.lost()
		}
		for _, d := range h.history {
			if d.ID > lastID && addressed(d.Event, userID) {
				backlog = append(backlog, d)
			}
		}
	}
	h.mu.Unlock()
	var once sync.Once
	return live.Subscription{Backlog: backlog, Events: s.ch, Resync: s.resync, Cancel: func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.subs[userID], s)
			if len(h.subs[userID]) == 0 {
				delete(h.subs, userID)
			}
			h.mu.Unlock()
		})
	}}
}

// Online reports whether the account has an open stream on this hub (the
// app is open), so its chat messages arrive live and need no push.
func (h *Hub) Online(userID int64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[userID]) > 0
}

// Subscribers counts open streams (for tests and metrics).
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, m := range h.subs {
		n += len(m)
	}
	return n
}
