//go:build bench

package bench

import (
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"interno/adapters/store/storetest"
)

// TestLoad_CrossInstanceDelivery is issue 19's benchmark: two instances on
// one PostgreSQL schema, 100 customers each with one event stream on each
// instance (200 open streams), and a designer replying through instance A
// five times a second, to a different conversation each time. Every reply is
// timed from its send to each of its two streams: the one on A (same
// instance) and the one on B (through LISTEN/NOTIFY), in the same run.
func TestLoad_CrossInstanceDelivery(t *testing.T) {
	const customers, replies, replyEvery = 100, 100, 200 * time.Millisecond
	shared := []string{"INTERNO_DATABASE_URL=" + storetest.NewPostgresSchema(t),
		"INTERNO_JWT_SECRET=bench-due-istanze-un-segreto-0123456789abcdef"}
	a := StartServer(t, "sqlite", shared...)
	b := StartServer(t, "sqlite", shared...)

	var designer struct {
		ID int64 `json:"id"`
	}
	call(t, http.MethodPost, a.URL+"/api/designers", "", map[string]any{
		"name": "Sara Bench", "email": "sara@bench.example", "password": "designer123", "bio": "Case luminose.",
		"specialties": []string{"Japandi"}, "design_style": "C", "prima_proposta": "5-7 giorni",
		"work_preferences": []string{"online"}, "city": "Torino", "privacy_consent": true,
	}, &designer)
	designerToken := login(t, a, "sara@bench.example", "designer123")

	type arrival struct {
		instance string
		at       time.Time
	}
	var mu sync.Mutex
	received := map[int64][]arrival{}
	contacts := make([]int64, customers)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * customers}}
	for i := range contacts {
		email := fmt.Sprintf("c%d@bench.example", i)
		call(t, http.MethodPost, a.URL+"/api/auth/register", "", map[string]any{"email": email, "password": "password123", "name": fmt.Sprintf("Cliente %d", i)}, nil)
		token := login(t, a, email, "password123")
		var contact struct {
			ID int64 `json:"id"`
		}
		call(t, http.MethodPost, a.URL+"/api/contacts/", token, map[string]any{"designer_id": designer.ID, "message": "Buongiorno."}, &contact)
		contacts[i] = contact.ID
		for name, s := range map[string]*Server{"same": a, "cross": b} {
			var ticket struct {
				Ticket string `json:"ticket"`
			}
			call(t, http.MethodPost, s.URL+"/api/events/ticket", token, nil, &ticket)
			res, err := client.Get(s.URL + "/api/events?ticket=" + ticket.Ticket)
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("stream: %v %v", err, res)
			}
			t.Cleanup(func() { res.Body.Close() })
			go onMessageEvents(res.Body, func(contactID int64, at time.Time) {
				mu.Lock()
				received[contactID] = append(received[contactID], arrival{name, at})
				mu.Unlock()
			})
		}
	}

	sent := map[int64]time.Time{}
	for n := 0; n < replies; n++ {
		contact := contacts[n%customers]
		mu.Lock()
		sent[contact] = time.Now()
		mu.Unlock()
		call(t, http.MethodPost, fmt.Sprintf("%s/api/contacts/%d/messages", a.URL, contact), designerToken,
			map[string]any{"message": fmt.Sprintf("Risposta %d", n)}, nil)
		time.Sleep(replyEvery)
	}
	// Wait (bounded) until every reply reached both of its streams.
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		complete := true
		for id, at := range sent {
			n := 0
			for _, r := range received[id] {
				if !r.at.Before(at) {
					n++
				}
			}
			complete = complete && n >= 2
		}
		mu.Unlock()
		if complete {
			break
		}
	}

	mu.Lock()
	defer mu.Unlock()
	delivery := map[string][]time.Duration{}
	missing := 0
	for id, at := range sent {
		got := map[string]bool{}
		for _, r := range received[id] {
			if r.at.Before(at) {
				continue // the conversation's opening message
			}
			delivery[r.instance] = append(delivery[r.instance], r.at.Sub(at))
			got[r.instance] = true
		}
		if !got["same"] || !got["cross"] {
			missing++
		}
	}
	for _, name := range []string{"same", "cross"} {
		d := delivery[name]
		if len(d) == 0 {
			t.Fatalf("no %s-instance delivery", name)
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		pct := func(p float64) time.Duration { return d[int(p*float64(len(d)-1))] }
		fmt.Printf("LOAD %-48s replies=%d deliveries=%d p50=%.2fms p99=%.2fms max=%.2fms\n",
			"SSE delivery, "+name+" instance (PostgreSQL, 2 inst.)", len(sent), len(d), ms(pct(0.5)), ms(pct(0.99)), ms(d[len(d)-1]))
	}
	if missing > 0 {
		t.Errorf("%d replies did not reach both of their streams", missing)
	}
}
