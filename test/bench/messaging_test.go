//go:build bench

package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// call sends a JSON request with an optional bearer token and decodes the answer into out.
func call(t *testing.T, method, url, token string, body, out any) {
	t.Helper()
	var buf bytes.Buffer
	if body != nil {
		_ = json.NewEncoder(&buf).Encode(body)
	}
	req, _ := http.NewRequest(method, url, &buf)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		t.Fatalf("%s %s: %d", method, url, res.StatusCode)
	}
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
}

func login(t *testing.T, s *Server, email, password string) string {
	var out struct {
		Token string `json:"access_token"`
	}
	call(t, http.MethodPost, s.URL+"/api/auth/login", "", map[string]any{"email": email, "password": password}, &out)
	return out.Token
}

// cpuTicks is the user+system CPU time of a process, in clock ticks.
func cpuTicks(t *testing.T, pid int) int64 {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return utime + stime
}

// TestLoad_Messaging is issue 7's scale scenario on SQLite: 1,000 simulated
// clients polling their contact list every 5 s (200 requests/s, with
// If-None-Match, drawn from 100 customer accounts) while 200 server-sent-event
// streams are open and the designer replies five times a second; it records
// the poll latency, the share of 304 answers, the server's CPU, and the
// delivery latency of each reply over SSE (from the send to the stream).
func TestLoad_Messaging(t *testing.T) {
	const customers, streams, pollRate, replyEvery = 100, 200, 200, 200 * time.Millisecond
	const duration = 15 * time.Second
	s := StartServer(t, "sqlite")

	var designer struct {
		ID int64 `json:"id"`
	}
	call(t, http.MethodPost, s.URL+"/api/designers", "", map[string]any{
		"name": "Sara Bench", "email": "sara@bench.example", "password": "designer123", "bio": "Case luminose.",
		"specialties": []string{"Japandi"}, "design_style": "C", "prima_proposta": "5-7 giorni",
		"work_preferences": []string{"online"}, "city": "Torino", "privacy_consent": true,
	}, &designer)
	designerToken := login(t, s, "sara@bench.example", "designer123")

	tokens := make([]string, customers)
	contacts := make([]int64, customers)
	etags := make([]string, customers)
	for i := range tokens {
		email := fmt.Sprintf("c%d@bench.example", i)
		call(t, http.MethodPost, s.URL+"/api/auth/register", "", map[string]any{"email": email, "password": "password123", "name": fmt.Sprintf("Cliente %d", i)}, nil)
		tokens[i] = login(t, s, email, "password123")
		var contact struct {
			ID int64 `json:"id"`
		}
		call(t, http.MethodPost, s.URL+"/api/contacts/", tokens[i], map[string]any{"designer_id": designer.ID, "message": "Buongiorno, vorrei un preventivo."}, &contact)
		contacts[i] = contact.ID
		req, _ := http.NewRequest(http.MethodGet, s.URL+"/api/contacts/my-contacts", nil)
		req.Header.Set("Authorization", "Bearer "+tokens[i])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		etags[i] = res.Header.Get("ETag")
	}

	// The open streams: two per customer; each remembers when every message id arrived.
	var mu sync.Mutex
	received := map[int64][]time.Time{}
	streamClient := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: streams}}
	for i := 0; i < streams; i++ {
		var ticket struct {
			Ticket string `json:"ticket"`
		}
		call(t, http.MethodPost, s.URL+"/api/events/ticket", tokens[i%customers], nil, &ticket)
		res, err := streamClient.Get(s.URL + "/api/events?ticket=" + ticket.Ticket)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %v %v", i, err, res)
		}
		t.Cleanup(func() { res.Body.Close() })
		go onMessageEvents(res.Body, func(contactID int64, at time.Time) {
			mu.Lock()
			received[contactID] = append(received[contactID], at)
			mu.Unlock()
		})
	}

	// The designer replies while the polling load runs, to a different conversation each time
	// (75 replies over 100 conversations), so a conversation's events time its one reply.
	sent := map[int64]time.Time{}
	done := make(chan struct{})
	var replies sync.WaitGroup
	replies.Add(1)
	go func() {
		defer replies.Done()
		for n := 0; ; n++ {
			select {
			case <-done:
				return
			case <-time.After(replyEvery):
			}
			contact := contacts[n%customers]
			mu.Lock()
			sent[contact] = time.Now()
			mu.Unlock()
			call(t, http.MethodPost, fmt.Sprintf("%s/api/contacts/%d/messages", s.URL, contact), designerToken,
				map[string]any{"message": fmt.Sprintf("Risposta %d", n)}, nil)
		}
	}()

	cpuBefore, wallBefore := cpuTicks(t, s.cmd.Process.Pid), time.Now()
	res := Load(t, "GET /api/contacts/my-contacts 1,000 pollers + 200 SSE", pollRate, duration, func(i int) *http.Request {
		c := i % customers
		req, _ := http.NewRequest(http.MethodGet, s.URL+"/api/contacts/my-contacts", nil)
		req.Header.Set("Authorization", "Bearer "+tokens[c])
		req.Header.Set("If-None-Match", etags[c])
		return req
	})
	cpu := float64(cpuTicks(t, s.cmd.Process.Pid)-cpuBefore) / 100 / time.Since(wallBefore).Seconds()
	close(done)
	replies.Wait()
	time.Sleep(time.Second) // the last events reach their streams

	mu.Lock()
	defer mu.Unlock()
	var delivery []time.Duration
	missing := 0
	for id, at := range sent {
		arrivals := received[id]
		// Events that arrived before this reply belong to the conversation's opening message.
		for len(arrivals) > 0 && arrivals[0].Before(at) {
			arrivals = arrivals[1:]
		}
		if len(arrivals) < streams/customers {
			missing++
		}
		for _, a := range arrivals {
			delivery = append(delivery, a.Sub(at))
		}
	}
	sort.Slice(delivery, func(a, b int) bool { return delivery[a] < delivery[b] })
	if len(delivery) == 0 {
		t.Fatalf("no event reached a stream (%d replies sent, %d conversations with events)", len(sent), len(received))
	}
	pct := func(p float64) time.Duration { return delivery[int(p*float64(len(delivery)-1))] }
	fmt.Printf("LOAD %-48s replies=%d deliveries=%d missing=%d p50=%.2fms p99=%.2fms max=%.2fms\n",
		"SSE delivery, 200 open streams", len(sent), len(delivery), missing, ms(pct(0.5)), ms(pct(0.99)), ms(delivery[len(delivery)-1]))
	fmt.Printf("NOTE messaging: server CPU %.0f%% of one core during the poll load; 304 share %.1f%%\n",
		cpu*100, 100*float64(res.NotModified)/float64(res.Sent))
	if missing > 0 {
		t.Errorf("%d replies did not reach both of their customer's streams", missing)
	}
}

// onMessageEvents reads a server-sent event stream until it ends and calls
// arrived with the conversation of every "message" event, when it arrives.
func onMessageEvents(stream io.Reader, arrived func(contactID int64, at time.Time)) {
	scanner := bufio.NewScanner(stream)
	for scanner.Scan() {
		data, ok := strings.CutPrefix(scanner.Text(), "data: ")
		if !ok {
			continue
		}
		var e struct {
			Type      string `json:"type"`
			ContactID int64  `json:"contact_id"`
		}
		if json.Unmarshal([]byte(data), &e) == nil && e.Type == "message" {
			arrived(e.ContactID, time.Now())
		}
	}
}
