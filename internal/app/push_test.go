package app

// Web Push through the real app: the API drives real flows (a booking
// request, messages, a read, a confirmation, a reminder with an injected
// clock) and a local push service (pushtest) verifies the VAPID signature,
// decrypts each push and records it with its TTL, Urgency and Topic.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"interno/adapters/store/storetest"
	"interno/adapters/webpush"
	"interno/adapters/webpush/pushtest"
	"interno/core/designers"
	"interno/core/kernel"
	"interno/core/scheduling"
	"interno/core/style"
)

// pushEnv is one app with its HTTP server and a local push service.
type pushEnv struct {
	t    *testing.T
	a    *app
	srv  *httptest.Server
	ps   *pushtest.Service
	cfg  Config
	dsg  designers.Designer
	sofi string // the designer's token
}

// eachEngine runs fn with an app configuration on SQLite and on PostgreSQL.
func eachEngine(t *testing.T, fn func(t *testing.T, cfg Config)) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			env := map[string]string{"INTERNO_PUSH_ALLOW_LOOPBACK": "true"}
			if engine == "postgres" {
				env["INTERNO_DATABASE_URL"] = storetest.NewPostgresSchema(t)
			}
			fn(t, testConfig(t, env))
		})
	}
}

func newPushEnv(t *testing.T, cfg Config) *pushEnv {
	t.Helper()
	ctx := context.Background()
	a, err := newApp(ctx, cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	e := &pushEnv{t: t, a: a, cfg: cfg, srv: httptest.NewServer(a.http.Handler())}
	t.Cleanup(e.srv.Close)
	e.ps = pushtest.New(t, a.push.PublicKey())
	e.dsg, err = a.designers.Register(ctx, designers.Registration{Profile: designers.Profile{Name: "Sofia Marino", Email: "sofia@example.com",
		Bio: "Case luminose.", City: "Torino", DesignStyle: style.Minimal, Specialties: []string{"Japandi"},
		WorkPreferences: []style.WorkMode{style.Online}, FirstProposal: "5-7 giorni"}, Password: "designer123", PrivacyConsent: true})
	if err != nil {
		t.Fatal(err)
	}
	var week []scheduling.WindowInput
	for day := 0; day < 7; day++ {
		week = append(week, scheduling.WindowInput{DayOfWeek: day, StartTime: "08:00", EndTime: "20:00", Active: true})
	}
	if _, err := a.scheduling.SetWeek(ctx, kernel.Principal{UserID: e.dsg.UserID}, e.dsg.ID, week); err != nil {
		t.Fatal(err)
	}
	e.sofi = e.must(200, "POST", "/api/auth/login", "", map[string]any{"email": "sofia@example.com", "password": "designer123"})["access_token"].(string)
	return e
}

func (e *pushEnv) call(method, path, token string, body any) (int, map[string]any) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m
}

func (e *pushEnv) must(status int, method, path, token string, body any) map[string]any {
	e.t.Helper()
	got, m := e.call(method, path, token, body)
	if got != status {
		e.t.Fatalf("%s %s: %d, want %d: %v", method, path, got, status, m)
	}
	return m
}

// customer registers a customer and returns the token and id.
func (e *pushEnv) customer(email string) (string, int64) {
	e.t.Helper()
	m := e.must(201, "POST", "/api/auth/register", "", map[string]any{"email": email, "password": "password123", "name": "Anna Neri"})
	return m["access_token"].(string), int64(m["id"].(float64))
}

// subscribe registers a new test device for the token's account.
func (e *pushEnv) subscribe(token string, kinds ...string) *pushtest.Device {
	e.t.Helper()
	d := e.ps.Device()
	e.must(201, "POST", "/api/push/subscriptions", token, d.Subscription(kinds...))
	return d
}

// drain runs a dispatcher until nothing is left to do now.
func drain(t *testing.T, d *webpush.Dispatcher) {
	t.Helper()
	for i := 0; i < 50; i++ {
		more, err := d.DrainOnce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			return
		}
	}
	t.Fatal("the push queue did not settle")
}

// only asserts the device received exactly n pushes, all accepted, and returns them.
func (e *pushEnv) only(d *pushtest.Device, n int) []pushtest.Push {
	e.t.Helper()
	got := e.ps.Received(d)
	if len(got) != n {
		e.t.Fatalf("%d pushes reached the device, want %d: %+v (errors %+v)", len(got), n, got, e.ps.Errors())
	}
	for _, p := range got {
		if p.Status != http.StatusCreated {
			e.t.Fatalf("push refused by the push service: %+v", p)
		}
	}
	return got
}

func (e *pushEnv) start(daysAhead int) time.Time {
	day := scheduling.DateOf(time.Now().In(e.cfg.location)).AddDays(daysAhead)
	return time.Date(day.Year, day.Month, day.Day, 10, 0, 0, 0, e.cfg.location)
}

func within(t *testing.T, what string, got int, want time.Duration) {
	t.Helper()
	if d := time.Duration(got)*time.Second - want; d > 2*time.Second || d < -2*time.Minute {
		t.Fatalf("%s: TTL %ds, want about %s", what, got, want)
	}
}

// TestPush_Journey follows a booking and a conversation between a customer
// and a designer who each have a device subscribed: every push arrives once,
// with its Italian text, link, TTL, urgency and topic.
func TestPush_Journey(t *testing.T) {
	eachEngine(t, func(t *testing.T, cfg Config) {
		e := newPushEnv(t, cfg)
		anna, _ := e.customer("anna@example.com")
		phone := e.subscribe(e.sofi)
		annaPhone := e.subscribe(anna)

		// 1. A booking request reaches the designer.
		start := e.start(3)
		appt := e.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": e.dsg.ID, "appointment_date": start.Format(time.RFC3339)})
		apptID := int64(appt["id"].(float64))
		drain(t, e.a.pushes)
		p := e.only(phone, 1)[0]
		m := p.JSON(t)
		if m["title"] != "Nuova richiesta di appuntamento" || m["body"] != "Anna Neri chiede una videochiamata per "+scheduling.LongDate(start, cfg.location)+"." ||
			m["url"] != fmt.Sprintf("/appuntamenti?appuntamento=%d", apptID) || m["tag"] != fmt.Sprintf("appointment-%d", apptID) || m["type"] != "show" {
			t.Fatalf("%v", m)
		}
		if p.Urgency != "high" || p.Topic != fmt.Sprintf("appointment-%d", apptID) {
			t.Fatalf("%+v", p)
		}
		within(t, "booking request", p.TTL, time.Until(start))
		e.only(annaPhone, 0)

		// 2. A long message: the designer gets a 100-character preview, never more.
		long := strings.Repeat("Vorrei ristrutturare il soggiorno con luce naturale. ", 6) + "SEGRETO-OLTRE-IL-LIMITE"
		ct := e.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": e.dsg.ID, "message": long})
		contactID := int64(ct["id"].(float64))
		drain(t, e.a.pushes)
		p = e.only(phone, 2)[1]
		m = p.JSON(t)
		body, _ := m["body"].(string)
		if m["title"] != "Nuovo messaggio da Anna Neri" || m["url"] != fmt.Sprintf("/designer-profile?chat=%d", contactID) ||
			utf8.RuneCountInString(body) != 100 || !strings.HasPrefix(long, strings.TrimSuffix(body, "…")) || m["badge"] != float64(1) {
			t.Fatalf("%v", m)
		}
		if bytes.Contains(p.Payload, []byte("SEGRETO")) {
			t.Fatal("the payload carries more than the preview")
		}
		if p.Topic != fmt.Sprintf("contact-%d", contactID) || p.Urgency != "high" {
			t.Fatalf("%+v", p)
		}
		within(t, "message", p.TTL, 24*time.Hour)

		// 3. The designer reads the conversation elsewhere: the phone's notification is closed.
		e.must(200, "GET", fmt.Sprintf("/api/contacts/%d", contactID), e.sofi, nil)
		drain(t, e.a.pushes)
		p = e.only(phone, 3)[2]
		if m = p.JSON(t); m["type"] != "close" || m["tag"] != fmt.Sprintf("contact-%d", contactID) || m["badge"] != float64(0) || p.Topic != m["tag"] {
			t.Fatalf("%v %+v", m, p)
		}
		e.must(200, "GET", fmt.Sprintf("/api/contacts/%d", contactID), e.sofi, nil)
		drain(t, e.a.pushes)
		e.only(phone, 3) // read again: nothing more to close

		// 4. The designer's reply reaches the customer.
		e.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), e.sofi, map[string]any{"message": "Buongiorno Anna, volentieri!"})
		drain(t, e.a.pushes)
		if m = e.only(annaPhone, 1)[0].JSON(t); m["title"] != "Nuovo messaggio da Sofia Marino" || m["body"] != "Buongiorno Anna, volentieri!" ||
			m["url"] != fmt.Sprintf("/user-profile?chat=%d", contactID) {
			t.Fatalf("%v", m)
		}

		// 5. The confirmation reaches the customer with the call's button.
		conf := e.must(200, "PUT", fmt.Sprintf("/api/appointments/%d/confirm", apptID), e.sofi, map[string]any{})
		link, _ := conf["call_link"].(string)
		drain(t, e.a.pushes)
		p = e.only(annaPhone, 2)[1]
		m = p.JSON(t)
		actions, _ := m["actions"].([]any)
		if m["title"] != "Appuntamento confermato" || len(actions) != 1 || link == "" ||
			actions[0].(map[string]any)["title"] != "Partecipa alla chiamata" || actions[0].(map[string]any)["url"] != link {
			t.Fatalf("%v (call link %q)", m, link)
		}
		if p.Urgency != "high" || p.Topic != fmt.Sprintf("appointment-%d", apptID) {
			t.Fatalf("%+v", p)
		}

		// 6. The reminder is not sent early; an instance whose clock reads an
		//    hour before the call sends it to both sides, once.
		drain(t, e.a.pushes)
		e.only(phone, 3)
		e.only(annaPhone, 2)
		hourBefore := start.Add(-time.Hour + time.Minute)
		_, later, err := e.a.newPush(func() time.Time { return hourBefore })
		if err != nil {
			t.Fatal(err)
		}
		drain(t, later)
		drain(t, later)
		for _, d := range []*pushtest.Device{phone, annaPhone} {
			got := e.ps.Received(d)
			p := got[len(got)-1]
			m := p.JSON(t)
			if m["title"] != "La videochiamata inizia tra un'ora" || p.Urgency != "high" || len(m["actions"].([]any)) != 1 {
				t.Fatalf("%v %+v", m, p)
			}
			within(t, "reminder", p.TTL, start.Add(10*time.Minute).Sub(hourBefore))
		}
		if m := e.only(annaPhone, 3)[2].JSON(t); m["body"] != "Con Sofia Marino alle 10:00. Il link funziona dal browser." {
			t.Fatalf("%v", m)
		}
		if m := e.only(phone, 4)[3].JSON(t); m["body"] != "Con Anna Neri alle 10:00. Il link funziona dal browser." {
			t.Fatalf("%v", m)
		}
		if errs := e.ps.Errors(); len(errs) != 0 {
			t.Fatalf("%+v", errs)
		}
	})
}

// TestPush_Delivery covers the push service's answers: 503 then 201 is
// retried once after the Retry-After; 410 deletes the device; and a
// designer with the app open (an event stream) gets messages live, not pushed.
func TestPush_Delivery(t *testing.T) {
	eachEngine(t, func(t *testing.T, cfg Config) {
		e := newPushEnv(t, cfg)
		anna, _ := e.customer("anna@example.com")
		phone := e.subscribe(e.sofi)

		var mu sync.Mutex
		var now time.Time
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		_, instance, err := e.a.newPush(clock)
		if err != nil {
			t.Fatal(err)
		}
		e.ps.Script(phone, pushtest.Reply{Status: 503, RetryAfter: "30"})
		contactID := int64(e.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": e.dsg.ID, "message": "Primo messaggio"})["id"].(float64))
		mu.Lock()
		now = time.Now().Add(time.Second)
		mu.Unlock()
		drain(t, instance)
		if got := e.ps.Received(phone); len(got) != 1 || got[0].Status != 503 {
			t.Fatalf("%+v", got)
		}
		drain(t, instance)
		mu.Lock()
		now = now.Add(20 * time.Second)
		mu.Unlock()
		drain(t, instance)
		if n := len(e.ps.Received(phone)); n != 1 {
			t.Fatalf("retried before Retry-After: %d requests", n)
		}
		mu.Lock()
		now = now.Add(11 * time.Second)
		mu.Unlock()
		drain(t, instance)
		drain(t, instance)
		got := e.ps.Received(phone)
		if len(got) != 2 || got[1].Status != 201 || string(got[1].Payload) != string(got[0].Payload) {
			t.Fatalf("want one retry, delivered: %+v", got)
		}

		// The app is open: no push for the next message; closed again: pushed.
		tk := e.must(200, "POST", "/api/events/ticket", e.sofi, nil)["ticket"].(string)
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/events?ticket="+tk, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(res.Body).ReadString('\n'); err != nil { // the stream is open once its first line arrives
			t.Fatal(err)
		}
		e.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), anna, map[string]any{"message": "Mentre l'app è aperta"})
		drain(t, e.a.pushes)
		cancel()
		res.Body.Close()
		if n := len(e.ps.Received(phone)); n != 2 {
			t.Fatalf("a designer with the app open was pushed: %d", n)
		}
		deadline := time.Now().Add(10 * time.Second)
		for e.a.realtime.Online(e.dsg.UserID) {
			if time.Now().After(deadline) {
				t.Fatal("the closed stream stayed registered")
			}
			time.Sleep(10 * time.Millisecond)
		}

		// 410: the device is deleted.
		e.ps.Script(phone, pushtest.Reply{Status: 410})
		e.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), anna, map[string]any{"message": "Dopo la chiusura"})
		drain(t, e.a.pushes)
		if got := e.ps.Received(phone); len(got) != 3 || got[2].Status != 410 {
			t.Fatalf("%+v", got)
		}
		if list := e.must(200, "GET", "/api/push/subscriptions", e.sofi, nil)["subscriptions"].([]any); len(list) != 0 {
			t.Fatalf("a device answered 410 is still registered: %v", list)
		}
		e.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), anna, map[string]any{"message": "Ancora"})
		drain(t, e.a.pushes)
		if n := len(e.ps.Received(phone)); n != 3 {
			t.Fatalf("pushed to a deleted device: %d", n)
		}
	})
}

// TestPush_PreferencesAndKinds: the account's switches and a device's kinds
// are read when the push is sent.
func TestPush_PreferencesAndKinds(t *testing.T) {
	eachEngine(t, func(t *testing.T, cfg Config) {
		e := newPushEnv(t, cfg)
		anna, _ := e.customer("anna@example.com")
		phone := e.subscribe(e.sofi)
		tablet := e.subscribe(e.sofi, "appointments")
		if p := e.must(200, "GET", "/api/push/preferences", e.sofi, nil); p["messages"] != true || p["appointments"] != true || p["reminders"] != true {
			t.Fatalf("defaults %v", p)
		}
		contactID := int64(e.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": e.dsg.ID, "message": "Ciao"})["id"].(float64))
		drain(t, e.a.pushes)
		e.only(phone, 1)
		e.only(tablet, 0)
		e.must(200, "PUT", "/api/push/preferences", e.sofi, map[string]any{"messages": false, "appointments": true, "reminders": true})
		e.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), anna, map[string]any{"message": "Ci sei?"})
		e.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": e.dsg.ID, "appointment_date": e.start(4).Format(time.RFC3339)})
		drain(t, e.a.pushes)
		if got := e.only(phone, 2); got[1].JSON(t)["kind"] != "booking_requested" {
			t.Fatalf("%s", got[1].Payload)
		}
		e.only(tablet, 1)
	})
}

// TestPush_TwoInstancesSendOnce lets two app instances on one database drain
// the same queue at once: each push reaches each device exactly once.
func TestPush_TwoInstancesSendOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, cfg Config) {
		e := newPushEnv(t, cfg)
		second, err := newApp(context.Background(), cfg, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		defer second.close()
		anna, _ := e.customer("anna@example.com")
		phone, laptop := e.subscribe(e.sofi), e.subscribe(e.sofi)
		ct := e.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": e.dsg.ID, "message": "Messaggio 0"})
		contactID := int64(ct["id"].(float64))
		const messages = 12
		for i := 1; i < messages; i++ {
			e.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), anna, map[string]any{"message": fmt.Sprintf("Messaggio %d", i)})
		}
		var wg sync.WaitGroup
		for _, d := range []*webpush.Dispatcher{e.a.pushes, second.pushes} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				drain(t, d)
			}()
		}
		wg.Wait()
		drain(t, e.a.pushes)
		for _, dev := range []*pushtest.Device{phone, laptop} {
			seen := map[string]int{}
			for _, p := range e.only(dev, messages) {
				seen[p.JSON(t)["body"].(string)]++
			}
			for i := 0; i < messages; i++ {
				if n := seen[fmt.Sprintf("Messaggio %d", i)]; n != 1 {
					t.Fatalf("Messaggio %d reached a device %d times", i, n)
				}
			}
		}
	})
}

// TestPush_AccountDeletion: subscriptions die with the account.
func TestPush_AccountDeletion(t *testing.T) {
	cfg := testConfig(t, map[string]string{"INTERNO_PUSH_ALLOW_LOOPBACK": "true"})
	e := newPushEnv(t, cfg)
	anna, annaID := e.customer("anna@example.com")
	e.subscribe(anna)
	e.subscribe(anna, "messages")
	e.must(200, "PUT", "/api/push/preferences", anna, map[string]any{"messages": true, "appointments": false, "reminders": true})
	e.must(200, "DELETE", "/api/users/me", anna, nil)
	for _, table := range []string{"push_subscriptions", "push_preferences", "push_jobs"} {
		var n int
		if err := e.a.db.SQL().QueryRow("SELECT count(*) FROM "+table+" WHERE user_id = ?", annaID).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s: %d rows (%v)", table, n, err)
		}
	}
}

// TestPushConfig: keys from the environment or generated once; a bad pair,
// subject or switch stops start-up naming the variable; the switch warns.
func TestPushConfig(t *testing.T) {
	cfg := testConfig(t, nil)
	a, err := cfg.pushKeys()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := cfg.pushKeys()
	if a != b || a.Public == "" {
		t.Fatal("generated keys are not kept")
	}
	set := testConfig(t, map[string]string{"INTERNO_VAPID_PUBLIC_KEY": a.Public, "INTERNO_VAPID_PRIVATE_KEY": a.Private, "INTERNO_VAPID_SUBJECT": "mailto:ops@interno.example"})
	if k, _ := set.pushKeys(); k != a || set.vapidSubject != "mailto:ops@interno.example" {
		t.Fatalf("%+v %q", k, set.vapidSubject)
	}
	other := testConfig(t, nil)
	o, _ := other.pushKeys()
	for _, c := range []struct {
		variable string
		env      map[string]string
	}{
		{"INTERNO_VAPID_PRIVATE_KEY", map[string]string{"INTERNO_VAPID_PUBLIC_KEY": a.Public}},
		{"INTERNO_VAPID_PUBLIC_KEY", map[string]string{"INTERNO_VAPID_PUBLIC_KEY": o.Public, "INTERNO_VAPID_PRIVATE_KEY": a.Private}},
		{"INTERNO_VAPID_SUBJECT", map[string]string{"INTERNO_VAPID_SUBJECT": "ops@interno.example"}},
		{"INTERNO_PUSH_ALLOW_LOOPBACK", map[string]string{"INTERNO_PUSH_ALLOW_LOOPBACK": "sometimes"}},
	} {
		c.env["INTERNO_DATA_DIR"] = t.TempDir()
		if _, err := loadConfig(c.env); err == nil || !strings.Contains(err.Error(), c.variable) {
			t.Errorf("%v: %v", c.env, err)
		}
	}
	for value, warn := range map[string]bool{"false": false, "true": true} {
		var logs bytes.Buffer
		app, err := newApp(context.Background(), testConfig(t, map[string]string{"INTERNO_PUSH_ALLOW_LOOPBACK": value}), &logs)
		if err != nil {
			t.Fatal(err)
		}
		app.close()
		if got := strings.Contains(logs.String(), "INTERNO_PUSH_ALLOW_LOOPBACK is on"); got != warn {
			t.Errorf("INTERNO_PUSH_ALLOW_LOOPBACK=%s: warning logged %v", value, got)
		}
	}
}
