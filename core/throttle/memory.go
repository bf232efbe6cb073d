package throttle

import (
	"context"
	"sync"
	"time"
)

// DefaultMemoryKeys bounds the keys a Memory store holds, so an attacker who
// rotates addresses cannot grow it without limit (about 100 bytes a key).
const DefaultMemoryKeys = 200_000

// Memory is the Store of a single instance: a map under one mutex, swept of
// expired entries once a minute. When it is full after a sweep, arbitrary
// entries (Go's map order) are dropped to make room: under such a flood a few
// counters restart from zero, which lets a little more through but never
// refuses anyone wrongly.
type Memory struct {
	mu      sync.Mutex
	entries map[string]memEntry
	maxKeys int
	swept   time.Time
	now     func() time.Time
}

type memEntry struct {
	Entry
	expires time.Time
}

// NewMemory returns an empty store holding at most maxKeys keys (0: the default).
func NewMemory(maxKeys int, now func() time.Time) *Memory {
	if maxKeys <= 0 {
		maxKeys = DefaultMemoryKeys
	}
	if now == nil {
		now = time.Now
	}
	return &Memory{entries: map[string]memEntry{}, maxKeys: maxKeys, now: now}
}

// Get returns key's entry unless it is missing or expired.
func (m *Memory) Get(_ context.Context, key string) (Entry, bool, error) {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if !ok || !now.Before(e.expires) {
		return Entry{}, false, nil
	}
	return e.Entry, true, nil
}

// Update applies fn to key's entry under the store's lock.
func (m *Memory) Update(_ context.Context, key string, fn func(Entry, bool) (Entry, time.Duration)) error {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	cur, ok := m.entries[key]
	if ok && !now.Before(cur.expires) {
		ok = false
	}
	next, ttl := fn(cur.Entry, ok)
	if ttl <= 0 {
		delete(m.entries, key)
		return nil
	}
	if _, exists := m.entries[key]; !exists {
		m.makeRoom(now)
	}
	m.entries[key] = memEntry{Entry: next, expires: now.Add(ttl)}
	return nil
}

// makeRoom sweeps expired entries once a minute, or at once when full.
func (m *Memory) makeRoom(now time.Time) {
	full := len(m.entries) >= m.maxKeys
	if !full && now.Sub(m.swept) < time.Minute {
		return
	}
	m.swept = now
	for k, e := range m.entries {
		if !now.Before(e.expires) {
			delete(m.entries, k)
		}
	}
	for k := range m.entries {
		if len(m.entries) < m.maxKeys*9/10 || !full {
			break
		}
		delete(m.entries, k)
	}
}

// Len is the number of keys held (tests).
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}
