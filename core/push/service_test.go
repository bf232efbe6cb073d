package push

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"interno/core/fault"
)

type fixture struct {
	svc   *Service
	store *memStore
	clock *clock
	woken int
}

func newFixture(t *testing.T, online onlineSet) *fixture {
	t.Helper()
	f := &fixture{store: newMemStore(), clock: &clock{now: time.Date(2026, 3, 9, 8, 0, 0, 0, time.UTC)}}
	f.svc = NewService(Config{PublicKey: "pub", Clock: f.clock.Now},
		Deps{Repo: f.store, Queue: f.store, Endpoints: okEndpoints{}, Presence: online, Tx: directTx{}, Wake: func() { f.woken++ }})
	return f
}

func deviceKeys(t *testing.T) (string, string) {
	t.Helper()
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return base64.RawURLEncoding.EncodeToString(k.PublicKey().Bytes()), base64.RawURLEncoding.EncodeToString(auth)
}

func (f *fixture) device(t *testing.T, user int64, endpoint string, kinds ...string) Subscription {
	t.Helper()
	p, a := deviceKeys(t)
	in := SubscriptionInput{Endpoint: endpoint, P256dh: p, Auth: a, UserAgent: "Chrome"}
	if len(kinds) > 0 {
		in.Kinds = &kinds
	}
	s, err := f.svc.Register(context.Background(), Caller{UserID: user}, in)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func payloadOf(t *testing.T, j Job) Payload {
	t.Helper()
	var p Payload
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		t.Fatalf("payload %s: %v", j.Payload, err)
	}
	return p
}

func TestService_Register(t *testing.T) {
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		f := newFixture(t, nil)
		p, a := deviceKeys(t)
		exp := float64(f.clock.Now().Add(48 * time.Hour).UnixMilli())
		kinds := []string{"messages", "messages", "reminders"}
		s, err := f.svc.Register(ctx, Caller{UserID: 1}, SubscriptionInput{Endpoint: " https://push.example/abc ", P256dh: p + "=", Auth: a,
			ExpirationTime: &exp, Kinds: &kinds, UserAgent: "Mozilla/5.0\n(Android)"})
		if err != nil {
			t.Fatal(err)
		}
		if s.Endpoint != "https://push.example/abc" || s.P256dh != p || s.Auth != a || s.ExpiresAt == nil || s.UserAgent != "Mozilla/5.0 (Android)" {
			t.Fatalf("%+v", s)
		}
		if len(s.Categories) != 2 || !s.Wants(Messages) || s.Wants(Appointments) {
			t.Fatalf("categories %v", s.Categories)
		}
	})
	t.Run("SameEndpointUpdatesAndMovesBetweenAccounts", func(t *testing.T) {
		f := newFixture(t, nil)
		first := f.device(t, 1, "https://push.example/shared")
		again := f.device(t, 1, "https://push.example/shared", "appointments")
		if again.ID != first.ID || again.P256dh == first.P256dh {
			t.Fatalf("not updated in place: %+v / %+v", first, again)
		}
		moved := f.device(t, 2, "https://push.example/shared")
		if moved.ID != first.ID {
			t.Fatal("a second row for one endpoint")
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 1}); len(l) != 0 {
			t.Fatalf("the previous account still has it: %v", l)
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 2}); len(l) != 1 {
			t.Fatalf("the caller does not have it: %v", l)
		}
	})
	t.Run("ForgetDevicesRemovesOnlyThatAccounts", func(t *testing.T) {
		f := newFixture(t, nil)
		f.device(t, 1, "https://push.example/phone")
		f.device(t, 1, "https://push.example/laptop")
		f.device(t, 2, "https://push.example/other")
		if err := f.svc.ForgetDevices(ctx, 1); err != nil {
			t.Fatal(err)
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 1}); len(l) != 0 {
			t.Fatalf("devices left: %v", l)
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 2}); len(l) != 1 {
			t.Fatalf("another account lost its device: %v", l)
		}
		if err := f.svc.ForgetDevices(ctx, 1); err != nil {
			t.Fatalf("an account without devices: %v", err)
		}
	})
	t.Run("AtMostMaxDevices", func(t *testing.T) {
		f := newFixture(t, nil)
		for i := 0; i < MaxDevices+2; i++ {
			f.device(t, 1, "https://push.example/d"+strings.Repeat("x", i))
			f.clock.Advance(time.Second)
		}
		l, _ := f.svc.Devices(ctx, Caller{UserID: 1})
		if len(l) != MaxDevices {
			t.Fatalf("%d devices", len(l))
		}
		for _, s := range l {
			if s.Endpoint == "https://push.example/d" {
				t.Fatal("the oldest device was kept")
			}
		}
	})
	t.Run("BadInputStoresNothing", func(t *testing.T) {
		f := newFixture(t, nil)
		p, a := deviceKeys(t)
		past := float64(f.clock.Now().Add(-time.Minute).UnixMilli())
		frac := 1.5
		none, unknown := []string{}, []string{"messages", "newsletter"}
		notOnCurve := base64.RawURLEncoding.EncodeToString(append([]byte{4}, make([]byte, 64)...))
		for name, c := range map[string]struct {
			in    SubscriptionInput
			field string
		}{
			"NoEndpoint":      {SubscriptionInput{P256dh: p, Auth: a}, "endpoint"},
			"Relative":        {SubscriptionInput{Endpoint: "/push/abc", P256dh: p, Auth: a}, "endpoint"},
			"FTP":             {SubscriptionInput{Endpoint: "ftp://push.example/abc", P256dh: p, Auth: a}, "endpoint"},
			"Credentials":     {SubscriptionInput{Endpoint: "https://u:p@push.example/abc", P256dh: p, Auth: a}, "endpoint"},
			"Fragment":        {SubscriptionInput{Endpoint: "https://push.example/abc#x", P256dh: p, Auth: a}, "endpoint"},
			"Spaces":          {SubscriptionInput{Endpoint: "https://push.example/a b", P256dh: p, Auth: a}, "endpoint"},
			"HugeEndpoint":    {SubscriptionInput{Endpoint: "https://push.example/" + strings.Repeat("a", 3000), P256dh: p, Auth: a}, "endpoint"},
			"NoKeys":          {SubscriptionInput{Endpoint: "https://push.example/abc"}, "p256dh"},
			"ShortP256dh":     {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: p[:40], Auth: a}, "p256dh"},
			"OversizedP256dh": {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: strings.Repeat(p, 20), Auth: a}, "p256dh"},
			"NotBase64":       {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: "!!!" + p[3:], Auth: a}, "p256dh"},
			"NotOnCurve":      {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: notOnCurve, Auth: a}, "p256dh"},
			"LongAuth":        {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: p, Auth: a + "AAAA"}, "auth"},
			"Expired":         {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: p, Auth: a, ExpirationTime: &past}, "expirationTime"},
			"FractionalTime":  {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: p, Auth: a, ExpirationTime: &frac}, "expirationTime"},
			"EmptyKinds":      {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: p, Auth: a, Kinds: &none}, "kinds"},
			"UnknownKind":     {SubscriptionInput{Endpoint: "https://push.example/abc", P256dh: p, Auth: a, Kinds: &unknown}, "kinds"},
		} {
			t.Run(name, func(t *testing.T) {
				_, err := f.svc.Register(ctx, Caller{UserID: 1}, c.in)
				fe, ok := fault.As(err)
				if !ok || fe.Code != fault.Invalid || fe.Reason != "invalid_subscription" {
					t.Fatalf("%v", err)
				}
				if loc := fe.Fields[0].Loc; loc[len(loc)-1] != c.field {
					t.Fatalf("field %v, want %s", loc, c.field)
				}
			})
		}
		for _, ep := range []string{"http://push.example/abc", "https://private.example/abc"} {
			if _, err := f.svc.Register(ctx, Caller{UserID: 1}, SubscriptionInput{Endpoint: ep, P256dh: p, Auth: a}); fault.CodeOf(err) != fault.Invalid {
				t.Fatalf("%s: %v", ep, err)
			}
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 1}); len(l) != 0 {
			t.Fatalf("stored %v", l)
		}
	})
	t.Run("UnregisterOnlyOwnDevices", func(t *testing.T) {
		f := newFixture(t, nil)
		mine := f.device(t, 1, "https://push.example/mine")
		theirs := f.device(t, 2, "https://push.example/theirs")
		if err := f.svc.Unregister(ctx, Caller{UserID: 1}, theirs.Endpoint); !errors.Is(err, ErrNotFound) {
			t.Fatalf("deleted another account's device: %v", err)
		}
		if err := f.svc.UnregisterID(ctx, Caller{UserID: 1}, theirs.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("deleted another account's device by id: %v", err)
		}
		if err := f.svc.Unregister(ctx, Caller{UserID: 1}, ""); fault.CodeOf(err) != fault.Invalid {
			t.Fatalf("%v", err)
		}
		if err := f.svc.Unregister(ctx, Caller{UserID: 1}, mine.Endpoint); err != nil {
			t.Fatal(err)
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 2}); len(l) != 1 {
			t.Fatal("the other account lost its device")
		}
	})
}

func TestService_Message(t *testing.T) {
	ctx := context.Background()
	long := strings.Repeat("é", 99) + "ABCDEFGHIJ-the-rest-must-never-travel"
	notice := func(to int64) MessageNotice {
		return MessageNotice{ContactID: 7, MessageID: 70, To: to, ToDesigner: true, Sender: "Anna\tNeri", Text: long, At: time.Unix(1700000000, 0),
			Unread: func(context.Context) (int, error) { return 3, nil }}
	}
	t.Run("QueuedWithPreviewLinkTopicAndBadge", func(t *testing.T) {
		f := newFixture(t, nil)
		f.device(t, 5, "https://push.example/a")
		if err := f.svc.Message(ctx, notice(5)); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Message(ctx, notice(5)); err != nil { // the same message again: one push
			t.Fatal(err)
		}
		jobs := f.store.pending(KindMessage)
		if len(jobs) != 1 || f.woken != 2 {
			t.Fatalf("%d jobs, woken %d", len(jobs), f.woken)
		}
		j := jobs[0]
		p := payloadOf(t, j.Job)
		if p.Title != "Nuovo messaggio da Anna Neri" || p.URL != "/designer-profile?chat=7" || p.Tag != "contact-7" || j.Topic != "contact-7" ||
			p.Badge == nil || *p.Badge != 3 || p.UserID != 5 || p.Type != "show" {
			t.Fatalf("%+v", p)
		}
		if n := utf8.RuneCountInString(p.Body); n != PreviewLength || !strings.HasSuffix(p.Body, "…") || strings.Contains(string(j.Payload), "ABCDEFGHIJ") {
			t.Fatalf("preview of %d characters: %q", n, p.Body)
		}
		if j.Urgency != High || j.ExpiresAt.Sub(f.clock.Now()) != MessageTTL || j.Category != Messages {
			t.Fatalf("%+v", j.Job)
		}
	})
	t.Run("NotPushedWhileOnline", func(t *testing.T) {
		f := newFixture(t, onlineSet{5: true})
		f.device(t, 5, "https://push.example/a")
		_ = f.svc.Message(ctx, notice(5))
		if n := len(f.store.pending("")); n != 0 {
			t.Fatalf("%d jobs for an account with the app open", n)
		}
	})
	t.Run("NothingQueuedWithoutDevices", func(t *testing.T) {
		f := newFixture(t, nil)
		called := false
		n := notice(5)
		n.Unread = func(context.Context) (int, error) { called = true; return 0, nil }
		_ = f.svc.Message(ctx, n)
		if len(f.store.pending("")) != 0 || called {
			t.Fatal("queued or counted for an account without devices")
		}
	})
}

func TestService_Expand(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	all := f.device(t, 5, "https://push.example/all")
	onlyAppointments := f.device(t, 5, "https://push.example/appointments", "appointments")
	apple := f.device(t, 5, "https://web.push.apple.com/QGabc")
	expiring := f.device(t, 5, "https://push.example/expiring")
	f.store.mu.Lock()
	past := f.clock.Now().Add(-time.Minute)
	s := f.store.subs[expiring.ID]
	s.ExpiresAt = &past
	f.store.subs[expiring.ID] = s
	f.store.mu.Unlock()

	expand := func() map[int64]bool {
		t.Helper()
		got := map[int64]bool{}
		jobs, err := f.svc.Due(ctx, time.Minute, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range jobs {
			if j.SubscriptionID != 0 {
				t.Fatalf("a device job was left over: %+v", j)
			}
			if _, err := f.svc.Expand(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		for _, j := range f.store.pending("") {
			got[j.SubscriptionID] = true
			_, _ = f.store.MarkSent(ctx, j.ID, f.clock.Now())
		}
		return got
	}
	_ = f.svc.Message(ctx, MessageNotice{ContactID: 1, MessageID: 1, To: 5, Text: "ciao"})
	if got := expand(); !got[all.ID] || !got[apple.ID] || got[onlyAppointments.ID] || got[expiring.ID] || len(got) != 2 {
		t.Fatalf("message went to %v", got)
	}
	for _, id := range []int64{all.ID, apple.ID} {
		_ = f.store.MarkShown(ctx, id, ContactTopic(1), f.clock.Now())
	}
	_ = f.svc.Read(ctx, ReadNotice{ContactID: 1, Reader: 5})
	if got := expand(); !got[all.ID] || len(got) != 1 {
		t.Fatalf("close went to %v (never to Safari, only where shown)", got)
	}
	_ = f.svc.Read(ctx, ReadNotice{ContactID: 1, Reader: 5})
	if got := expand(); len(got) != 0 {
		t.Fatalf("a second read closed again on %v", got)
	}
	if _, err := f.svc.SetPreferences(ctx, Caller{UserID: 5}, Preferences{Messages: false, Appointments: true, Reminders: true}); err != nil {
		t.Fatal(err)
	}
	_ = f.svc.Message(ctx, MessageNotice{ContactID: 1, MessageID: 2, To: 5, Text: "ciao"})
	if got := expand(); len(got) != 0 {
		t.Fatalf("messages are off, yet pushed to %v", got)
	}
	_ = f.svc.Appointment(ctx, StepBooked, Appointment{ID: 9, DesignerUserID: 5, StartsAt: f.clock.Now().Add(48 * time.Hour)})
	if got := expand(); !got[all.ID] || !got[onlyAppointments.ID] || !got[apple.ID] || len(got) != 3 {
		t.Fatalf("booking request went to %v", got)
	}
}

func TestService_Read(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	f.device(t, 5, "https://push.example/a")
	_ = f.svc.Message(ctx, MessageNotice{ContactID: 1, MessageID: 1, To: 5, Text: "uno"})
	_ = f.svc.Message(ctx, MessageNotice{ContactID: 2, MessageID: 2, To: 5, Text: "due"})
	if err := f.svc.Read(ctx, ReadNotice{ContactID: 1, Reader: 5, Unread: func(context.Context) (int, error) { return 1, nil }}); err != nil {
		t.Fatal(err)
	}
	jobs := f.store.pending("")
	if len(jobs) != 1 || jobs[0].Topic != "contact-2" {
		t.Fatalf("the read conversation's push was not dropped (or a close was queued with nothing shown): %+v", jobs)
	}
	subs, _ := f.store.Subscriptions(ctx, 5)
	_ = f.store.MarkShown(ctx, subs[0].ID, "contact-2", f.clock.Now())
	if err := f.svc.Read(ctx, ReadNotice{ContactID: 2, Reader: 5, Unread: func(context.Context) (int, error) { return 0, nil }}); err != nil {
		t.Fatal(err)
	}
	jobs = f.store.pending("")
	if len(jobs) != 1 || jobs[0].Kind != KindClose {
		t.Fatalf("%+v", jobs)
	}
	p := payloadOf(t, jobs[0].Job)
	if p.Type != "close" || p.Tag != "contact-2" || p.Badge == nil || *p.Badge != 0 || jobs[0].Topic != "contact-2" {
		t.Fatalf("%+v", p)
	}
}

func TestService_Appointment(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	f.device(t, 10, "https://push.example/customer")
	f.device(t, 20, "https://push.example/designer")
	a := Appointment{ID: 3, DesignerID: 4, DesignerUserID: 20, CustomerID: 10, DesignerName: "Sofia Marino", CustomerName: "Anna Neri",
		StartsAt: f.clock.Now().Add(26 * time.Hour), When: "martedì 10 marzo 2026, ore 10:00", Time: "10:00", CallLink: "https://meet.jit.si/abc"}
	byKind := func() map[Kind][]memJob {
		m := map[Kind][]memJob{}
		for _, j := range f.store.pending("") {
			m[j.Kind] = append(m[j.Kind], j)
		}
		return m
	}
	if err := f.svc.Appointment(ctx, StepBooked, a); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Appointment(ctx, StepConfirmed, a); err != nil {
		t.Fatal(err)
	}
	got := byKind()
	req := payloadOf(t, got[KindBookingRequested][0].Job)
	if got[KindBookingRequested][0].UserID != 20 || req.Title != "Nuova richiesta di appuntamento" ||
		req.Body != "Anna Neri chiede una videochiamata per martedì 10 marzo 2026, ore 10:00." || req.URL != "/appuntamenti?appuntamento=3" || req.Tag != "appointment-3" {
		t.Fatalf("%+v", req)
	}
	conf := payloadOf(t, got[KindConfirmed][0].Job)
	if got[KindConfirmed][0].UserID != 10 || conf.Title != "Appuntamento confermato" || len(conf.Actions) != 1 ||
		conf.Actions[0].Title != "Partecipa alla chiamata" || conf.Actions[0].URL != "https://meet.jit.si/abc" || !got[KindConfirmed][0].ExpiresAt.Equal(a.StartsAt) {
		t.Fatalf("%+v %+v", conf, got[KindConfirmed][0].Job)
	}
	if len(got[KindReminder]) != 2 {
		t.Fatalf("%d reminders", len(got[KindReminder]))
	}
	for _, r := range got[KindReminder] {
		p := payloadOf(t, r.Job)
		if !r.SendAfter.Equal(a.StartsAt.Add(-time.Hour)) || r.Category != Reminders || p.Title != "La videochiamata inizia tra un'ora" || len(p.Actions) != 1 {
			t.Fatalf("%+v %+v", r.Job, p)
		}
		if (r.UserID == 10) != strings.Contains(p.Body, "Sofia Marino") {
			t.Fatalf("reminder of %d says %q", r.UserID, p.Body)
		}
	}
	if err := f.svc.Appointment(ctx, StepEnded, a); err != nil {
		t.Fatal(err)
	}
	if n := len(byKind()[KindReminder]); n != 0 {
		t.Fatalf("%d reminders left after the call ended", n)
	}

	b := a
	b.ID, b.Reason = 4, strings.Repeat("Troppo lontano. ", 20)
	_ = f.svc.Appointment(ctx, StepRejected, b)
	rej := payloadOf(t, byKind()[KindRejected][0].Job)
	if !strings.HasPrefix(rej.Body, "Sofia Marino non può confermare") || utf8.RuneCountInString(rej.Body) > PreviewLength ||
		rej.Actions[0].URL != "/appuntamenti/prenota/4" {
		t.Fatalf("%+v", rej)
	}
	c := a
	c.ID, c.CancelledBy = 5, "customer"
	_ = f.svc.Appointment(ctx, StepCancelled, c)
	canc := byKind()[KindBookingCancelled][0]
	if p := payloadOf(t, canc.Job); canc.UserID != 20 || p.Title != "Richiesta annullata" || p.Tag != "appointment-5" {
		t.Fatalf("%+v", p)
	}
	soon := a
	soon.ID, soon.StartsAt = 6, f.clock.Now().Add(50*time.Minute)
	_ = f.svc.Appointment(ctx, StepConfirmed, soon)
	for _, r := range byKind()[KindReminder] {
		t.Fatalf("a call 50 minutes away got a reminder: %+v", r.Job)
	}
}

func TestService_Record(t *testing.T) {
	ctx := context.Background()
	setup := func(t *testing.T) (*fixture, Job) {
		f := newFixture(t, nil)
		f.device(t, 5, "https://push.example/a")
		_ = f.svc.Message(ctx, MessageNotice{ContactID: 1, MessageID: 1, To: 5, Text: "ciao"})
		jobs, _ := f.svc.Due(ctx, time.Minute, 10)
		if _, err := f.svc.Expand(ctx, jobs[0]); err != nil {
			t.Fatal(err)
		}
		jobs, _ = f.svc.Due(ctx, time.Minute, 10)
		if len(jobs) != 1 || jobs[0].SubscriptionID == 0 || jobs[0].Endpoint != "https://push.example/a" {
			t.Fatalf("%+v", jobs)
		}
		return f, jobs[0]
	}
	t.Run("DeliveredIsRememberedForClosing", func(t *testing.T) {
		f, j := setup(t)
		if err := f.svc.Record(ctx, j, Result{Outcome: Delivered}); err != nil {
			t.Fatal(err)
		}
		if shown, _ := f.store.HasShown(ctx, 5, "contact-1"); !shown || len(f.store.pending("")) != 0 {
			t.Fatal("not recorded")
		}
	})
	t.Run("ReadWhileOnItsWayIsClosedAtOnce", func(t *testing.T) {
		f, j := setup(t)
		// The conversation is read while the push is at the push service: the read finds nothing
		// shown yet and drops the job; the delivery then queues the close itself.
		if err := f.svc.Read(ctx, ReadNotice{ContactID: 1, Reader: 5}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Record(ctx, j, Result{Outcome: Delivered}); err != nil {
			t.Fatal(err)
		}
		jobs := f.store.pending("")
		if len(jobs) != 1 || jobs[0].Kind != KindClose || jobs[0].Topic != "contact-1" {
			t.Fatalf("%+v", jobs)
		}
		if ids, _ := f.store.TakeShown(ctx, 5, "contact-1"); len(ids) != 1 || ids[0] != j.SubscriptionID {
			t.Fatalf("the close would not reach the device: %v", ids)
		}
	})
	t.Run("GoneDeletesTheDevice", func(t *testing.T) {
		f, j := setup(t)
		_ = f.svc.Record(ctx, j, Result{Outcome: Gone})
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 5}); len(l) != 0 || len(f.store.pending("")) != 0 {
			t.Fatal("device kept")
		}
	})
	t.Run("RetryHonoursRetryAfterThenBacksOff", func(t *testing.T) {
		f, j := setup(t)
		_ = f.svc.Record(ctx, j, Result{Outcome: Retry, RetryAfter: 42 * time.Second})
		got := f.store.pending("")[0]
		if !got.SendAfter.Equal(f.clock.Now().Add(42*time.Second)) || got.Attempts != 1 {
			t.Fatalf("%+v", got)
		}
		j.Attempts = 3
		_ = f.svc.Record(ctx, j, Result{Outcome: Retry})
		if got := f.store.pending("")[0]; !got.SendAfter.Equal(f.clock.Now().Add(80 * time.Second)) {
			t.Fatalf("backoff after the 4th failure: %v", got.SendAfter.Sub(f.clock.Now()))
		}
		j.Attempts = MaxAttempts - 1
		_ = f.svc.Record(ctx, j, Result{Outcome: Retry})
		if len(f.store.pending("")) != 0 {
			t.Fatal("retried past MaxAttempts")
		}
	})
	t.Run("NoRetryPastExpiry", func(t *testing.T) {
		f, j := setup(t)
		_ = f.svc.Record(ctx, j, Result{Outcome: Retry, RetryAfter: 25 * time.Hour})
		if len(f.store.pending("")) != 1 {
			t.Fatal("a Retry-After under MaxRetryAfter was dropped")
		}
		j.ExpiresAt = f.clock.Now().Add(30 * time.Second)
		_ = f.svc.Record(ctx, j, Result{Outcome: Retry, RetryAfter: time.Minute})
		if len(f.store.pending("")) != 0 {
			t.Fatal("retried after expiry")
		}
		if _, ok := f.svc.TTL(j); !ok {
			t.Fatal("30 s left is still deliverable")
		}
		f.clock.Advance(time.Minute)
		if _, ok := f.svc.TTL(j); ok {
			t.Fatal("an expired job has a TTL")
		}
	})
	t.Run("RejectedIsGivenUp", func(t *testing.T) {
		f, j := setup(t)
		_ = f.svc.Record(ctx, j, Result{Outcome: Rejected, Detail: "413"})
		if len(f.store.pending("")) != 0 {
			t.Fatal("retried")
		}
		if l, _ := f.svc.Devices(ctx, Caller{UserID: 5}); len(l) != 1 {
			t.Fatal("a rejected push deleted the device")
		}
	})
}

func TestPayload_NeverOverTheLimit(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	f.device(t, 5, "https://push.example/a")
	f.device(t, 6, "https://push.example/b")
	worst := strings.Repeat("\u2028😀\"\\<", 400)
	if err := f.svc.Message(ctx, MessageNotice{ContactID: 1<<62 - 1, MessageID: 1, To: 5, Sender: worst, Text: worst}); err != nil {
		t.Fatal(err)
	}
	a := Appointment{ID: 1<<62 - 1, DesignerID: 1<<62 - 1, DesignerUserID: 5, CustomerID: 6, DesignerName: worst, CustomerName: worst,
		StartsAt: f.clock.Now().Add(48 * time.Hour), When: worst, Time: worst, Reason: worst, CallLink: "https://meet.jit.si/" + strings.Repeat("a", 480)}
	for _, step := range []Step{StepBooked, StepConfirmed, StepRejected, StepCancelled} {
		if err := f.svc.Appointment(ctx, step, a); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	jobs := f.store.pending("") // the refusal dropped the two reminders
	if len(jobs) != 5 {
		t.Fatalf("%d jobs", len(jobs))
	}
	for _, j := range jobs {
		p := payloadOf(t, j.Job)
		if len(j.Payload) > MaxPayload || utf8.RuneCountInString(p.Body) > PreviewLength || utf8.RuneCountInString(p.Title) > NameLength+40 {
			t.Fatalf("%s: %d bytes, body %d characters", j.Kind, len(j.Payload), utf8.RuneCountInString(p.Body))
		}
		if len(j.Topic) > 32 {
			t.Fatalf("topic %q is over RFC 8030's 32 characters", j.Topic)
		}
	}
}
