package api_test

import (
	"database/sql"
	"fmt"
	"net/url"
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

	t.Run("RepliesReachStreamsOnTheOtherInstanceExactlyOnce", func(t *testing.T) {
		carla, _ := one.register("carla@example.com")
		customer := one.openEvents(carla) // the customer's app is connected to instance 1
		designer := two.openEvents(sofia) // the designer's to instance 2
		first := one.must(201, "POST", "/api/contacts/", carla, map[string]any{"designer_id": sofiaID, "message": "Buongiorno Sofia"}).JSON()
		contactID := first["id"].(float64)
		conv := fmt.Sprintf("/api/contacts/%d", int64(contactID))

		m1 := nextMessage(t, designer, contactID, 0)
		two.must(201, "POST", conv+"/messages", sofia, map[string]any{"message": "Buongiorno Carla"})
		nextMessage(t, customer, contactID, 0) // the reply written on 2 reaches the stream on 1
		// A marker message: a duplicate of the first would arrive before it.
		one.must(201, "POST", conv+"/messages", carla, map[string]any{"message": "Grazie"})
		if n := countUntilNext(t, designer, contactID, m1); n != 0 {
			t.Fatalf("the first message reached the designer's stream %d more times", n)
		}

		// The listening connections cut: the streams are told to resynchronise, and events flow again.
		admin, err := sql.Open("pgx", storetest.PostgresURL())
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		var killed int
		if err := admin.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE query LIKE 'LISTEN %' AND query LIKE '%' || $1 || '%'`, schemaOf(t, dbURL)).Scan(&killed); err != nil || killed != 2 {
			t.Fatalf("terminated %d listening connections (%v), want one per instance", killed, err)
		}
		waitFor(t, designer, "resync")
		waitFor(t, customer, "resync")
		one.must(201, "POST", conv+"/messages", carla, map[string]any{"message": "Ci sei ancora?"})
		nextMessage(t, designer, contactID, 0)
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
		// The designer's app, whose stream was on instance 2, reconnects to instance 1 and hears the next message.
		designer := one.openEvents(sofia)
		one.must(201, "POST", conv+"/messages", bruno, map[string]any{"message": "Dopo il riavvio"})
		nextMessage(t, designer, first["id"].(float64), 0)
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

// nextMessage waits for the next "message" event of contactID on st (other
// events skipped) and returns its message id; it fails after 15 s.
func nextMessage(t *testing.T, st *eventStream, contactID, after float64) float64 {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		select {
		case e, ok := <-st.events:
			if !ok {
				t.Fatal("the event stream ended")
			}
			if e.Type == "message" && e.Data["contact_id"] == contactID && e.Data["message_id"].(float64) > after {
				return e.Data["message_id"].(float64)
			}
		case <-deadline:
			t.Fatalf("no message event of conversation %v within 15 s", contactID)
		}
	}
}

// countUntilNext reads message events of contactID until one with an id
// other than id, and counts those repeating id.
func countUntilNext(t *testing.T, st *eventStream, contactID, id float64) int {
	t.Helper()
	n := 0
	deadline := time.After(15 * time.Second)
	for {
		select {
		case e, ok := <-st.events:
			if !ok {
				t.Fatal("the event stream ended")
			}
			if e.Type != "message" || e.Data["contact_id"] != contactID {
				continue
			}
			if e.Data["message_id"] != id {
				return n
			}
			n++
		case <-deadline:
			t.Fatal("no further message event within 15 s")
		}
	}
}

// waitFor waits up to 15 s for an event of type typ on st.
func waitFor(t *testing.T, st *eventStream, typ string) {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		select {
		case e, ok := <-st.events:
			if !ok {
				t.Fatalf("the event stream ended before %q", typ)
			}
			if e.Type == typ {
				return
			}
		case <-deadline:
			t.Fatalf("no %q event within 15 s", typ)
		}
	}
}

// schemaOf is the schema of a test database URL (its search_path's first entry).
func schemaOf(t *testing.T, dbURL string) string {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	schema, _, _ := strings.Cut(u.Query().Get("search_path"), ",")
	if schema == "" {
		t.Fatalf("no schema in %s", dbURL)
	}
	return schema
}
