package api_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"interno/adapters/store/storetest"
)

// sharedSecret is what every instance of one deployment is given, so a token
// issued by one is accepted by the others.
const sharedSecret = "INTERNO_JWT_SECRET=due-istanze-un-segreto-condiviso-0123456789"

// Two binaries on one PostgreSQL database, driven through the public API as
// a load balancer would spread a person's requests (docs/operations.md,
// "Several instances").
func TestTwoInstancesOnOnePostgreSQL(t *testing.T) {
	dbURL := storetest.NewPostgresSchema(t)
	one := startOn(t, dbURL, sharedSecret, "INTERNO_MESSAGE_EMAIL_DELAY=1s")
	two := startOn(t, dbURL, sharedSecret, "INTERNO_MESSAGE_EMAIL_DELAY=1s")
	on := []*server{one, two}

	sofia, sofiaID := one.designerAccount("sofia@example.com", "Sofia Marino")
	two.openWeek(sofia, sofiaID) // a token of instance 1 works on instance 2

	t.Run("DesignerEditReachesTheOtherInstanceWithinOneSecond", func(t *testing.T) {
		q := two.must(200, "GET", "/api/questionnaire", "", nil).JSON()
		lead := two.must(201, "POST", "/api/match-designers", "", map[string]any{"answers": quizAnswers(t, q, "E")}).JSON()
		matches := fmt.Sprintf("/api/designers/matches?lead_token=%s&limit=50", lead["lead_token"])
		listed := func() bool {
			for _, d := range two.must(200, "GET", matches, "", nil).JSON()["designers"].([]any) {
				if int64(d.(map[string]any)["id"].(float64)) == sofiaID {
					return true
				}
			}
			return false
		}
		if listed() {
			t.Fatal("a Japandi (C) designer matched an all-Mediterranean (E) questionnaire before the edit")
		}
		one.must(200, "PUT", fmt.Sprintf("/api/designers/%d", sofiaID), sofia, map[string]any{
			"design_style": "E", "specialties": []string{"Mediterraneo"}})
		edited := time.Now()
		for !listed() {
			if time.Since(edited) > time.Second {
				t.Fatalf("instance 2 still serves the old ranking %v after the edit on instance 1", time.Since(edited))
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Logf("the edit on instance 1 showed in instance 2's matches after %v", time.Since(edited).Round(time.Millisecond))
	})

	t.Run("FiftyBookingsOfOneSlotAcrossBothInstancesOneSucceeds", func(t *testing.T) {
		const customers = 25
		tokens := make([]string, customers)
		for i := range tokens {
			tokens[i], _ = on[i%2].register(fmt.Sprintf("cliente-%d@example.com", i))
		}
		slot := slotAt(t, 4, 10)
		var ok, taken atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < 2*customers; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				r := on[i%2].call("POST", "/api/appointments/", tokens[i/2], map[string]any{"designer_id": sofiaID, "appointment_date": slot})
				switch r.Status {
				case 201:
					ok.Add(1)
				case 409:
					taken.Add(1)
				default:
					t.Errorf("booking %d on instance %d: %d %s", i, i%2+1, r.Status, r.Raw)
				}
			}(i)
		}
		close(start)
		wg.Wait()
		if ok.Load() != 1 || taken.Load() != 2*customers-1 {
			t.Fatalf("%d bookings succeeded and %d were refused as taken, want 1 and %d", ok.Load(), taken.Load(), 2*customers-1)
		}
	})

	t.Run("UnreadMessageMailSentOnceWithBothDispatchers", func(t *testing.T) {
		anna, _ := one.register("anna@example.com")
		two.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": sofiaID, "message": "Un messaggio da leggere"})
		deadline := time.Now().Add(30 * time.Second)
		var n int
		for {
			n = 0
			for _, s := range on {
				names, _ := filepath.Glob(filepath.Join(s.DataDir, "outbox", "*.eml"))
				for _, name := range names {
					if data, err := os.ReadFile(name); err == nil && strings.Contains(string(data), "Un messaggio da leggere") {
						n++
					}
				}
			}
			// Sent, and nothing left in the queue that could send it again.
			if n > 0 && queueEmpty(t, one) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after 30 s: %d e-mails, queue empty %v", n, queueEmpty(t, one))
			}
			time.Sleep(50 * time.Millisecond)
		}
		if n != 1 {
			t.Fatalf("%d e-mails for one unread conversation with two instances", n)
		}
	})

	t.Run("InstanceKilledMidLoadLosesNoAcknowledgedWrite", func(t *testing.T) {
		bruno, _ := one.register("bruno@example.com")
		first := one.must(201, "POST", "/api/contacts/", bruno, map[string]any{"designer_id": sofiaID, "message": "Primo"}).JSON()
		conv := fmt.Sprintf("/api/contacts/%d", int64(first["id"].(float64)))
		var mu sync.Mutex
		var acked []string
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var sent atomic.Int32
		for w := 0; w < 4; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					text := fmt.Sprintf("messaggio %d-%d", w, i)
					r, err := on[(w+i)%2].try("POST", conv+"/messages", bruno, map[string]any{"message": text})
					sent.Add(1)
					if err == nil && r.Status == 201 {
						mu.Lock()
						acked = append(acked, text)
						mu.Unlock()
					}
				}
			}(w)
		}
		for sent.Load() < 40 {
			time.Sleep(5 * time.Millisecond)
		}
		if err := two.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		<-two.done // killed: the harness does not stop it again
		at := sent.Load()
		for sent.Load() < at+40 {
			time.Sleep(5 * time.Millisecond)
		}
		close(stop)
		wg.Wait()
		// Instance 1 kept serving, and every acknowledged message is stored.
		all := string(one.must(200, "GET", conv+"?mark_read=false&limit=200", bruno, nil).Raw)
		for _, text := range acked {
			if !strings.Contains(all, `"`+text+`"`) {
				t.Errorf("acknowledged message %q is missing after instance 2 was killed", text)
			}
		}
		if len(acked) < 40 {
			t.Errorf("only %d messages acknowledged: instance 1 stopped serving", len(acked))
		}
		t.Logf("%d messages acknowledged across both instances; instance 2 killed after %d requests", len(acked), at)
	})
}

// queueEmpty reads the e-mail queue's depth from the metrics of s.
func queueEmpty(t *testing.T, s *server) bool {
	t.Helper()
	tok := s.adminToken()
	body := string(s.must(200, "GET", "/metrics", tok, nil).Raw)
	return strings.Contains(body, `interno_queue_waiting_jobs{queue="email"} 0`)
}

var adminTokens sync.Map

// adminToken creates (once per server) an administrator and signs in.
func (s *server) adminToken() string {
	if tok, ok := adminTokens.Load(s); ok {
		return tok.(string)
	}
	tok := s.admin()
	adminTokens.Store(s, tok)
	return tok
}
