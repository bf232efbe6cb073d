// Package realtime is the in-process publish/subscribe hub behind the
// server-sent events stream: use cases publish small events (ids only) for
// the accounts concerned after commit, and each open stream of those
// accounts receives them. A short history lets a reconnecting client resume
// from Last-Event-ID; older gaps are closed by the client refetching.
package realtime

import (
	"sync"
)

// Event is one message on the stream.
type Event struct {
	// ID increases by one per published event in this process.
	ID   uint64
	Type string
	// Data is the JSON payload.
	Data []byte
}

type stored struct {
	users []int64
	ev    Event
}

type subscriber struct {
	ch chan Event
}

// Hub fans events out to subscribers by account.
type Hub struct {
	mu      sync.Mutex
	seq     uint64
	subs    map[int64]map[*subscriber]struct{}
	history []stored
	keep    int
	buffer  int
}

// DefaultHistory is how many recent events are kept for resumption.
const DefaultHistory = 1024

// NewHub returns an empty hub keeping the last history events.
func NewHub(history int) *Hub {
	if history <= 0 {
		history = DefaultHistory
	}
	return &Hub{subs: map[int64]map[*subscriber]struct{}{}, keep: history, buffer: 64}
}

// Publish sends an event to every open stream of the given accounts. A
// stream that cannot keep up loses the event (its client refetches on the
// next event or poll); publishing never blocks.
func (h *Hub) Publish(userIDs []int64, typ string, data []byte) Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	ev := Event{ID: h.seq, Type: typ, Data: data}
	h.history = append(h.history, stored{users: userIDs, ev: ev})
	if len(h.history) > h.keep {
		h.history = append([]stored(nil), h.history[len(h.history)-h.keep:]...)
	}
	seen := map[int64]bool{}
	for _, u := range userIDs {
		if seen[u] {
			continue
		}
		seen[u] = true
		for s := range h.subs[u] {
			select {
			case s.ch <- ev:
			default:
			}
		}
	}
	return ev
}

// Subscribe opens a stream for userID. The backlog holds the kept events for
// that account with an id above lastID (resumption); cancel closes the stream.
func (h *Hub) Subscribe(userID int64, lastID uint64) (events <-chan Event, backlog []Event, cancel func()) {
	s := &subscriber{ch: make(chan Event, h.buffer)}
	h.mu.Lock()
	if h.subs[userID] == nil {
		h.subs[userID] = map[*subscriber]struct{}{}
	}
	h.subs[userID][s] = struct{}{}
	if lastID > 0 {
		for _, st := range h.history {
			if st.ev.ID <= lastID {
				continue
			}
			for _, u := range st.users {
				if u == userID {
					backlog = append(backlog, st.ev)
					break
				}
			}
		}
	}
	h.mu.Unlock()
	var once sync.Once
	return s.ch, backlog, func() {
		once.Do(func() {
			h.mu.Lock()
			delete(h.subs[userID], s)
			if len(h.subs[userID]) == 0 {
				delete(h.subs, userID)
			}
			h.mu.Unlock()
		})
	}
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
