package app

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/style"
)

// liveInstance is one app of the test with its HTTP server.
type liveInstance struct {
	a   *app
	srv *httptest.Server
}

type sse struct{ name, data string }

// openStream opens GET /api/events on inst for token and returns its events
// (not the heartbeats), once the stream is open.
func openStream(t *testing.T, ctx context.Context, inst liveInstance, token string) <-chan sse {
	t.Helper()
	r, _ := http.NewRequestWithContext(ctx, "POST", inst.srv.URL+"/api/events/ticket", nil)
	r.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(r)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("ticket: %v %v", err, res)
	}
	var tk struct{ Ticket string }
	_ = json.NewDecoder(res.Body).Decode(&tk)
	res.Body.Close()
	r, _ = http.NewRequestWithContext(ctx, "GET", inst.srv.URL+"/api/events?ticket="+tk.Ticket, nil)
	res, err = http.DefaultClient.Do(r)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream: %v %v", err, res)
	}
	t.Cleanup(func() { res.Body.Close() })
	out := make(chan sse, 64)
	opened := make(chan struct{})
	go func() {
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var name string
		for sc.Scan() {
			l := sc.Text()
			switch {
			case strings.HasPrefix(l, "retry:"):
				close(opened)
			case strings.HasPrefix(l, "event: "):
				name = strings.TrimPrefix(l, "event: ")
			case strings.HasPrefix(l, "data: "):
				out <- sse{name, strings.TrimPrefix(l, "data: ")}
			}
		}
	}()
	select {
	case <-opened:
	case <-ctx.Done():
		t.Fatal("stream never opened")
	}
	return out
}

func next(t *testing.T, ctx context.Context, events <-chan sse) sse {
	t.Helper()
	select {
	case e, ok := <-events:
		if !ok {
			t.Fatal("stream ended")
		}
		return e
	case <-ctx.Done():
		t.Fatal("no event")
	}
	return sse{}
}

// TestApp_LiveUpdatesAcrossInstances starts two apps on one PostgreSQL
// database: a message written through one reaches the designer's streams on
// both, each exactly once; when the second app's listening connection is
// cut, its streams are told to resync once it listens again, and later
// events flow again.
func TestApp_LiveUpdatesAcrossInstances(t *testing.T) {
	cfg := testConfig(t, map[string]string{"INTERNO_DATABASE_URL": storetest.NewPostgresSchema(t)})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var inst [2]liveInstance
	for i := range inst {
		a, err := newApp(ctx, cfg, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		bg, stop := context.WithCancel(context.Background())
		a.startBackground(bg)
		inst[i] = liveInstance{a: a, srv: httptest.NewServer(a.http.Handler())}
		defer func() {
			a.http.CloseStreams()
			inst[i].srv.Close()
			stop()
			a.background.Wait()
			a.close()
		}()
		select {
		case <-a.fanout.Ready():
		case <-ctx.Done():
			t.Fatal("the fan-out never listened")
		}
	}
	one, two := inst[0], inst[1]
	d, err := one.a.designers.Register(ctx, designers.Registration{Profile: designers.Profile{Name: "Sofia Marino", Email: "sofia@example.com",
		Bio: "Case luminose.", City: "Torino", DesignStyle: style.Minimal, Specialties: []string{"Japandi"},
		WorkPreferences: []style.WorkMode{style.Online}, FirstProposal: "5-7 giorni"}, Password: "designer123", PrivacyConsent: true})
	if err != nil {
		t.Fatal(err)
	}
	token := func(id int64) string {
		u, err := one.a.identity.Me(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		s, err := one.a.identity.Issue(u, false)
		if err != nil {
			t.Fatal(err)
		}
		return s.Token
	}
	customer, err := one.a.identity.CreateAccount(ctx, "anna@example.com", "Anna Neri", "password123", identity.RoleUser)
	if err != nil {
		t.Fatal(err)
	}
	sofia, anna := token(d.UserID), token(customer.ID)
	onOne, onTwo := openStream(t, ctx, one, sofia), openStream(t, ctx, two, sofia)

	write := func(text string) {
		t.Helper()
		body := strings.NewReader(`{"designer_id":` + jsonInt(d.ID) + `,"message":"` + text + `"}`)
		r, _ := http.NewRequestWithContext(ctx, "POST", one.srv.URL+"/api/contacts/", body)
		r.Header.Set("Authorization", "Bearer "+anna)
		r.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(r)
		if err != nil || res.StatusCode != 201 {
			t.Fatalf("post: %v %v", err, res)
		}
		res.Body.Close()
	}
	messageID := func(e sse) float64 {
		t.Helper()
		var m map[string]any
		if e.name != "message" || json.Unmarshal([]byte(e.data), &m) != nil || m["message_id"] == nil {
			t.Fatalf("want a message event, got %+v", e)
		}
		return m["message_id"].(float64)
	}
	write("Ciao")
	first1, first2 := messageID(next(t, ctx, onOne)), messageID(next(t, ctx, onTwo))
	write("Ancora io")
	// The next event on each stream is the second message: the first was not delivered twice.
	second1, second2 := messageID(next(t, ctx, onOne)), messageID(next(t, ctx, onTwo))
	if first1 != first2 || second1 != second2 || second1 <= first1 {
		t.Fatalf("instance one saw %v, %v; instance two %v, %v", first1, second1, first2, second2)
	}

	// Cut the second instance's listening connection.
	// The instance's one listening connection: the designers' announcements
	// and the live events share it.
	pid := two.a.notify.PID()
	if pid == 0 {
		t.Fatal("the second instance is not listening")
	}
	admin, err := pgx.Connect(ctx, storetest.PostgresURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	if _, err := admin.Exec(ctx, "SELECT pg_terminate_backend($1)", int32(pid)); err != nil {
		t.Fatal(err)
	}
	if e := next(t, ctx, onTwo); e.name != "resync" || e.data != `{"type":"resync"}` {
		t.Fatalf("after the outage: %+v", e)
	}
	write("Ci sei?")
	third1, third2 := messageID(next(t, ctx, onOne)), messageID(next(t, ctx, onTwo))
	if third1 != third2 || third1 <= second1 {
		t.Fatalf("after reconnecting: %v and %v", third1, third2)
	}
}

func jsonInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
