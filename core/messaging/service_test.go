package messaging

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/live"
)

type fixture struct {
	svc    *Service
	repo   *memRepo
	mail   *memQueue
	events *memEvents
	now    time.Time
	sofia  kernel.Principal // designer 10's account
	anna   kernel.Principal
	bruno  kernel.Principal
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{repo: newMemRepo(), mail: &memQueue{}, events: &memEvents{}, now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		sofia: kernel.Principal{UserID: 100}, anna: kernel.Principal{UserID: 200}, bruno: kernel.Principal{UserID: 201}}
	f.repo.users[100] = Account{Name: "Sofia Marino", Email: "sofia@example.com"}
	f.repo.users[200] = Account{Name: "Anna Neri", Email: "anna@example.com"}
	f.repo.users[201] = Account{Name: "Bruno Gialli", Email: "bruno@example.com"}
	f.repo.dsg[10] = kernel.DesignerRef{ID: 10, UserID: 100, Name: "Sofia Marino"}
	f.svc = NewService(Config{EmailDelay: 10 * time.Minute, BaseURL: "https://interno.test/", Clock: func() time.Time { return f.now }},
		Deps{Repo: f.repo, Designers: memDesigners{f.repo}, Accounts: f.repo, Mail: f.mail, Notifications: f.mail,
			Events: f.events, Tx: directTx{}})
	return f
}

func (f *fixture) open(t *testing.T, c kernel.Principal, text, clientID string) Sent {
	t.Helper()
	s, err := f.svc.Open(context.Background(), c, OpenRequest{DesignerID: 10, Message: text, ClientID: clientID})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func reasonOf(err error) string {
	if f, ok := fault.As(err); ok {
		return f.Reason
	}
	return ""
}

func TestService_Open(t *testing.T) {
	ctx := context.Background()
	t.Run("trims, creates a new conversation unread for the designer", func(t *testing.T) {
		f := newFixture(t)
		s := f.open(t, f.anna, "  Ciao Sofia, vorrei rifare il soggiorno  \n", "c-1")
		if !s.Created || s.Duplicate || s.Message.Body != "Ciao Sofia, vorrei rifare il soggiorno" || s.Message.SenderType != Customer {
			t.Fatalf("%+v", s)
		}
		c := s.Contact
		if c.Status != New || !c.DesignerUnread || c.UserUnread || c.UserName != "Anna Neri" || c.UserEmail != "anna@example.com" || c.MessageCount != 1 {
			t.Fatalf("%+v", c)
		}
		if c.LastMessage != s.Message.Body || c.LastSender != Customer || c.UserReadUpTo != s.Message.ID {
			t.Fatalf("%+v", c)
		}
	})
	t.Run("a second contact adds to the same conversation", func(t *testing.T) {
		f := newFixture(t)
		a := f.open(t, f.anna, "Primo", "")
		b := f.open(t, f.anna, "Secondo", "")
		if b.Created || b.Contact.ID != a.Contact.ID || b.Contact.MessageCount != 2 || b.Contact.Status != New {
			t.Fatalf("%+v", b)
		}
	})
	t.Run("bad input", func(t *testing.T) {
		f := newFixture(t)
		cases := map[string]OpenRequest{
			"empty_message": {DesignerID: 10, Message: " \n\t "},
			"too_long":      {DesignerID: 10, Message: strings.Repeat("è", MaxMessageLength+1)},
			"validation":    {DesignerID: 0, Message: "x"},
		}
		for want, r := range cases {
			if _, err := f.svc.Open(ctx, f.anna, r); fault.CodeOf(err) != fault.Invalid || reasonOf(err) != want {
				t.Errorf("%s: %v", want, err)
			}
		}
		if _, err := f.svc.Open(ctx, f.anna, OpenRequest{DesignerID: 10, Message: "x", UserEmail: "not-an-email"}); fault.CodeOf(err) != fault.Invalid {
			t.Errorf("email: %v", err)
		}
		if _, err := f.svc.Open(ctx, f.anna, OpenRequest{DesignerID: 10, Message: "x", ClientID: "bad id!"}); fault.CodeOf(err) != fault.Invalid {
			t.Errorf("client id: %v", err)
		}
		if _, err := f.svc.Open(ctx, f.anna, OpenRequest{DesignerID: 99, Message: "x"}); !errors.Is(err, ErrDesignerNotFound) {
			t.Errorf("unknown designer: %v", err)
		}
		if _, err := f.svc.Open(ctx, f.sofia, OpenRequest{DesignerID: 10, Message: "x"}); !errors.Is(err, ErrOwnProfile) {
			t.Errorf("own profile: %v", err)
		}
		if _, err := f.svc.Open(ctx, f.anna, OpenRequest{DesignerID: 10, Message: strings.Repeat("è", MaxMessageLength)}); err != nil {
			t.Errorf("at the limit: %v", err)
		}
	})
	t.Run("subject, budget and lead travel with the message form", func(t *testing.T) {
		f := newFixture(t)
		lead := int64(7)
		s, err := f.svc.Open(ctx, f.anna, OpenRequest{DesignerID: 10, Message: "Preventivo", Subject: " Cucina ", Budget: "5000", LeadID: &lead})
		if err != nil || s.Contact.Subject != "Cucina" || s.Contact.Budget != "5000" || *s.Contact.LeadID != 7 {
			t.Fatalf("%+v %v", s.Contact, err)
		}
	})
}

func TestService_ClientIDs(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	first := f.open(t, f.anna, "Ciao", "m-1")
	again := f.open(t, f.anna, "Ciao", "m-1")
	if !again.Duplicate || again.Message.ID != first.Message.ID || again.Contact.MessageCount != 1 {
		t.Fatalf("replay stored twice: %+v", again)
	}
	if _, err := f.svc.Open(ctx, f.anna, OpenRequest{DesignerID: 10, Message: "Altro", ClientID: "m-1"}); !errors.Is(err, ErrClientIDReused) {
		t.Fatalf("reuse: %v", err)
	}
	// Unique per sender: the designer may use the same id.
	if _, err := f.svc.Send(ctx, f.sofia, first.Contact.ID, "Ciao Anna", "m-1"); err != nil {
		t.Fatal(err)
	}
	s, err := f.svc.Send(ctx, f.anna, first.Contact.ID, "Ciao", "m-1")
	if err != nil || !s.Duplicate {
		t.Fatalf("%+v %v", s, err)
	}
}

func TestService_UnreadRules(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	c := f.open(t, f.anna, "Ciao", "").Contact

	// The writer opening the chat changes nothing for the designer.
	got, _, _, err := f.svc.Conversation(ctx, f.anna, MessageQuery{ContactID: c.ID}, true)
	if err != nil || got.Status != New || !got.DesignerUnread {
		t.Fatalf("customer open: %+v %v", got, err)
	}
	// The recipient opening it makes it read, for them.
	got, msgs, _, err := f.svc.Conversation(ctx, f.sofia, MessageQuery{ContactID: c.ID}, true)
	if err != nil || got.Status != Read || got.DesignerUnread || got.UserUnread || len(msgs) != 1 || got.DesignerReadUpTo != msgs[0].ID {
		t.Fatalf("designer open: %+v %v", got, err)
	}
	// A reply makes it unread for the customer only.
	f.now = f.now.Add(time.Minute)
	r, err := f.svc.Send(ctx, f.sofia, c.ID, "Ciao Anna!", "")
	if err != nil || r.Contact.Status != Unread || !r.Contact.UserUnread || r.Contact.DesignerUnread {
		t.Fatalf("reply: %+v %v", r.Contact, err)
	}
	if u, _ := f.svc.UnreadCount(ctx, f.anna); u.AsCustomer != 1 || u.AsDesigner != 0 {
		t.Fatalf("anna unread %+v", u)
	}
	if u, _ := f.svc.UnreadCount(ctx, f.sofia); u.AsDesigner != 0 {
		t.Fatalf("sofia unread %+v", u)
	}
	// Marking unread again is the reader's own business.
	st, err := f.svc.SetStatus(ctx, f.sofia, c.ID, Unread)
	if err != nil || !st.DesignerUnread || st.Status != Unread {
		t.Fatalf("%+v %v", st, err)
	}
	if _, err := f.svc.SetStatus(ctx, f.sofia, c.ID, "archived"); reasonOf(err) != "invalid_status" {
		t.Fatalf("bad status: %v", err)
	}
	st, _ = f.svc.SetStatus(ctx, f.sofia, c.ID, Read)
	if st.DesignerUnread || st.Status != Unread || !st.UserUnread {
		t.Fatalf("status read keeps the customer's side unread: %+v", st)
	}
	st, _ = f.svc.SetStatus(ctx, f.anna, c.ID, Read)
	if st.UserUnread || st.Status != Read {
		t.Fatalf("%+v", st)
	}
}

func TestService_Participants(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	c := f.open(t, f.anna, "Ciao", "").Contact
	if _, _, _, err := f.svc.Conversation(ctx, f.bruno, MessageQuery{ContactID: c.ID}, true); !errors.Is(err, ErrNotFound) {
		t.Fatalf("stranger read: %v", err)
	}
	if _, err := f.svc.Send(ctx, f.bruno, c.ID, "Intruso", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("stranger write: %v", err)
	}
	if _, err := f.svc.SetStatus(ctx, f.bruno, c.ID, Read); !errors.Is(err, ErrNotFound) {
		t.Fatalf("stranger status: %v", err)
	}
	if _, err := f.svc.Send(ctx, f.anna, 999, "x", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing: %v", err)
	}
	list, n, _ := f.svc.CustomerContacts(ctx, f.bruno, ListQuery{})
	if n != 0 || len(list) != 0 {
		t.Fatalf("bruno sees %v", list)
	}
	list, n, _ = f.svc.DesignerContacts(ctx, f.sofia, ListQuery{})
	if n != 1 || list[0].ID != c.ID {
		t.Fatalf("sofia sees %v", list)
	}
	if list, n, err := f.svc.DesignerContacts(ctx, f.anna, ListQuery{}); err != nil || n != 0 || len(list) != 0 {
		t.Fatalf("no profile: %v %d %v", list, n, err)
	}
}

func TestService_OrderAndPaging(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	c := f.open(t, f.anna, "m0", "").Contact
	for i := 1; i < 8; i++ {
		if i == 4 {
			f.now = f.now.Add(-time.Hour) // a clock that steps back never reorders the thread
		}
		who := f.anna
		if i%2 == 1 {
			who = f.sofia
		}
		if _, err := f.svc.Send(ctx, who, c.ID, "m"+string(rune('0'+i)), ""); err != nil {
			t.Fatal(err)
		}
	}
	_, all, _, _ := f.svc.Conversation(ctx, f.anna, MessageQuery{ContactID: c.ID, Limit: 100}, false)
	for i := 1; i < len(all); i++ {
		if all[i].CreatedAt.Before(all[i-1].CreatedAt) || all[i].ID < all[i-1].ID {
			t.Fatalf("order broken at %d: %+v", i, all)
		}
	}
	_, last, more, _ := f.svc.Conversation(ctx, f.anna, MessageQuery{ContactID: c.ID, Limit: 3}, false)
	if len(last) != 3 || !more || last[2].Body != "m7" {
		t.Fatalf("last page %+v %v", last, more)
	}
	_, newer, more, _ := f.svc.Conversation(ctx, f.anna, MessageQuery{ContactID: c.ID, After: all[5].ID}, false)
	if len(newer) != 2 || more || newer[0].Body != "m6" {
		t.Fatalf("since %+v", newer)
	}
}

func TestService_UnreadEmail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.open(t, f.anna, "Ciao", "")
	f.open(t, f.anna, "Ci sei?", "")
	f.open(t, f.anna, "Sono ancora qui", "")
	jobs := f.mail.pending()
	if len(jobs) != 1 {
		t.Fatalf("one e-mail per unread run, got %d", len(jobs))
	}
	j := jobs[0]
	if j.Message.To != "sofia@example.com" || !j.SendAfter.Equal(f.now.Add(10*time.Minute)) || j.Kind != KindUnread ||
		!strings.Contains(j.Message.Subject, "Anna Neri") || !strings.Contains(j.Message.Text, "https://interno.test/designer-profile?chat=") {
		t.Fatalf("%+v", j)
	}
	// Reading drops the queued e-mail.
	if _, _, _, err := f.svc.Conversation(ctx, f.sofia, MessageQuery{ContactID: s.Contact.ID}, true); err != nil {
		t.Fatal(err)
	}
	if n := len(f.mail.pending()); n != 0 {
		t.Fatalf("e-mail kept after reading: %d", n)
	}
	// The reply starts the customer's run; a new message after reading starts a new one.
	if _, err := f.svc.Send(ctx, f.sofia, s.Contact.ID, "Eccomi", ""); err != nil {
		t.Fatal(err)
	}
	if got := f.mail.pending(); len(got) != 1 || got[0].Message.To != "anna@example.com" || !strings.Contains(got[0].Message.Text, "/user-profile?chat=") {
		t.Fatalf("%+v", got)
	}
	// Writing back ends the writer's own run: Anna saw the reply.
	f.open(t, f.anna, "Grazie", "")
	got := f.mail.pending()
	if len(got) != 1 || got[0].Message.To != "sofia@example.com" {
		t.Fatalf("%+v", got)
	}
	// Account deletion drops what is queued for its conversations.
	if err := f.svc.AccountDeleted(ctx, 200); err != nil {
		t.Fatal(err)
	}
	if n := len(f.mail.pending()); n != 0 {
		t.Fatalf("left after deletion: %d", n)
	}
}

func TestService_Events(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	s := f.open(t, f.anna, "Ciao", "")
	if _, err := f.svc.SetStatus(ctx, f.sofia, s.Contact.ID, Read); err != nil {
		t.Fatal(err)
	}
	if len(f.events.got) != 2 || f.events.got[0].Kind != live.Message || f.events.got[1].Kind != live.Contact ||
		f.events.to[0][0] != 200 || f.events.to[0][1] != 100 {
		t.Fatalf("%+v %+v", f.events.got, f.events.to)
	}
}

type memPushes struct{ got []string }

func (m *memPushes) Posted(ctx context.Context, ct Contact, msg Message, unread func(context.Context) (int, error)) error {
	n, err := unread(ctx)
	m.got = append(m.got, fmt.Sprintf("posted %q by %s, %d unread", msg.Body, msg.SenderType, n))
	return err
}

func (m *memPushes) Read(ctx context.Context, ct Contact, reader int64, unread func(context.Context) (int, error)) error {
	n, err := unread(ctx)
	m.got = append(m.got, fmt.Sprintf("read by %d, %d unread", reader, n))
	return err
}

// TestService_Pushes checks the Pushes port hears each message with the
// recipient's unread count, and each end of an unread run (opening, marking
// read, replying) with the reader's.
func TestService_Pushes(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	pushes := &memPushes{}
	f.svc = NewService(f.svc.cfg, Deps{Repo: f.repo, Designers: memDesigners{f.repo}, Accounts: f.repo, Mail: f.mail,
		Notifications: f.mail, Tx: directTx{}, Pushes: pushes})
	s := f.open(t, f.anna, "Ciao", "")
	if _, err := f.svc.Send(ctx, f.sofia, s.Contact.ID, "Buongiorno Anna", ""); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := f.svc.Conversation(ctx, f.anna, MessageQuery{ContactID: s.Contact.ID}, true); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := f.svc.Conversation(ctx, f.anna, MessageQuery{ContactID: s.Contact.ID}, true); err != nil {
		t.Fatal(err)
	}
	want := []string{`posted "Ciao" by user, 1 unread`, `posted "Buongiorno Anna" by designer, 1 unread`, "read by 100, 0 unread", "read by 200, 0 unread"}
	if fmt.Sprint(pushes.got) != fmt.Sprint(want) {
		t.Fatalf("%q\nwant %q", pushes.got, want)
	}
}
