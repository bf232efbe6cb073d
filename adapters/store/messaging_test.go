package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/kernel"
	"interno/core/messaging"
)

type msgDesigners struct{ db *store.DB }

func (m msgDesigners) Designer(ctx context.Context, id int64) (kernel.DesignerRef, error) {
	d, err := store.NewDesignerRepo(m.db).ByID(ctx, id)
	if err != nil {
		return kernel.DesignerRef{}, messaging.ErrDesignerNotFound
	}
	return kernel.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name}, nil
}

func (m msgDesigners) OfUser(ctx context.Context, userID int64) (kernel.DesignerRef, error) {
	d, err := store.NewDesignerRepo(m.db).ByUserID(ctx, userID)
	if err != nil {
		return kernel.DesignerRef{}, messaging.ErrDesignerNotFound
	}
	return kernel.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name}, nil
}

func (m msgDesigners) Account(ctx context.Context, id int64) (messaging.Account, error) {
	u, err := store.NewUserRepo(m.db).ByID(ctx, id)
	return messaging.Account{Name: u.Name, Email: u.Email}, err
}

type cancelQueue struct{ q *store.EmailQueue }

func (c cancelQueue) Cancel(ctx context.Context, key string) error {
	return c.q.CancelByDedupeKey(ctx, key)
}

func newMessaging(db *store.DB) (*messaging.Service, *store.EmailQueue) {
	q := store.NewEmailQueue(db)
	return messaging.NewService(messaging.Config{EmailDelay: 10 * time.Minute, BaseURL: "https://interno.test"},
		messaging.Deps{Repo: store.NewMessagingRepo(db), Designers: msgDesigners{db}, Accounts: msgDesigners{db},
			Mail: q, Notifications: cancelQueue{q}, Tx: db}), q
}

func TestMessagingRepo_Conversation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, q := newMessaging(db)
		d := newDesigner(t, db, "sofia@example.com", "Sofia", "Roma")
		anna := newCustomer(t, db, "anna@example.com")
		bruno := newCustomer(t, db, "bruno@example.com")
		sofia := kernel.Principal{UserID: d.UserID}

		s, err := svc.Open(ctx, kernel.Principal{UserID: anna}, messaging.OpenRequest{DesignerID: d.ID, Message: " Ciao ", ClientID: "a-1"})
		if err != nil || !s.Created || s.Contact.DesignerName != "Sofia" || s.Contact.CustomerEmail != "anna@example.com" ||
			s.Contact.DesignerEmail != "sofia@example.com" || s.Contact.DesignerUserID != d.UserID || s.Message.Body != "Ciao" {
			t.Fatalf("%+v %v", s, err)
		}
		again, err := svc.Open(ctx, kernel.Principal{UserID: anna}, messaging.OpenRequest{DesignerID: d.ID, Message: "Ciao", ClientID: "a-1"})
		if err != nil || !again.Duplicate || again.Message.ID != s.Message.ID {
			t.Fatalf("replay %+v %v", again, err)
		}
		if _, err := svc.Open(ctx, kernel.Principal{UserID: anna}, messaging.OpenRequest{DesignerID: d.ID, Message: "Altro", ClientID: "a-1"}); !errors.Is(err, messaging.ErrClientIDReused) {
			t.Fatalf("reuse %v", err)
		}
		// The unique index alone refuses a reused client id.
		repo := store.NewMessagingRepo(db)
		dup := messaging.Message{ContactID: s.Contact.ID, ClientID: "a-1", SenderType: messaging.Customer, SenderID: anna, Body: "x", CreatedAt: time.Now()}
		if err := repo.AddMessage(ctx, &dup); !errors.Is(err, messaging.ErrClientIDTaken) {
			t.Fatalf("constraint %v", err)
		}
		for i := 0; i < 5; i++ {
			who := sofia
			if i%2 == 1 {
				who = kernel.Principal{UserID: anna}
			}
			if _, err := svc.Send(ctx, who, s.Contact.ID, fmt.Sprintf("m%d", i), ""); err != nil {
				t.Fatal(err)
			}
		}
		ct, msgs, more, err := svc.Conversation(ctx, sofia, messaging.MessageQuery{ContactID: s.Contact.ID, Limit: 4}, true)
		if err != nil || len(msgs) != 4 || !more || msgs[3].Body != "m4" || ct.DesignerUnread || ct.MessageCount != 6 {
			t.Fatalf("%+v %+v %v %v", ct, msgs, more, err)
		}
		_, earlier, more, _ := svc.Conversation(ctx, sofia, messaging.MessageQuery{ContactID: s.Contact.ID, Before: msgs[0].ID, Limit: 4}, false)
		if len(earlier) != 2 || more || earlier[0].Body != "Ciao" {
			t.Fatalf("earlier %+v", earlier)
		}
		_, newer, _, _ := svc.Conversation(ctx, sofia, messaging.MessageQuery{ContactID: s.Contact.ID, After: msgs[2].ID}, false)
		if len(newer) != 1 || newer[0].Body != "m4" {
			t.Fatalf("since %+v", newer)
		}
		if _, _, _, err := svc.Conversation(ctx, kernel.Principal{UserID: bruno}, messaging.MessageQuery{ContactID: s.Contact.ID}, true); !errors.Is(err, messaging.ErrNotFound) {
			t.Fatalf("stranger %v", err)
		}
		// Lists and counts.
		list, total, err := svc.DesignerContacts(ctx, sofia, messaging.ListQuery{})
		if err != nil || total != 1 || list[0].LastMessage != "m4" {
			t.Fatalf("%+v %d %v", list, total, err)
		}
		if list, total, _ := svc.DesignerContacts(ctx, sofia, messaging.ListQuery{UpdatedAfter: list[0].UpdatedAt}); total != 0 || len(list) != 0 {
			t.Fatalf("since cursor %+v", list)
		}
		u, _ := svc.UnreadCount(ctx, kernel.Principal{UserID: anna})
		if u.AsCustomer != 1 {
			t.Fatalf("anna %+v", u)
		}
		// One e-mail per unread run, dropped when read.
		due, err := q.Due(ctx, time.Now().Add(time.Hour), time.Now().Add(2*time.Hour), 50)
		if err != nil || len(due) != 1 || due[0].Message.To != "anna@example.com" || due[0].Kind != messaging.KindUnread {
			t.Fatalf("due %+v %v", due, err)
		}
		// Deleting the customer removes the conversation and its messages.
		if err := store.NewUserRepo(db).Delete(ctx, anna); err != nil {
			t.Fatal(err)
		}
		if _, err := repo.Get(ctx, s.Contact.ID); !errors.Is(err, messaging.ErrNotFound) {
			t.Fatalf("cascade %v", err)
		}
		if _, err := repo.MessageByClientID(ctx, anna, "a-1"); !errors.Is(err, messaging.ErrNotFound) {
			t.Fatalf("messages cascade %v", err)
		}
	})
}

func TestMessagingRepo_ConcurrentFirstContacts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := newMessaging(db)
		d := newDesigner(t, db, "sofia@example.com", "Sofia", "Roma")
		anna := newCustomer(t, db, "anna@example.com")
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := svc.Open(ctx, kernel.Principal{UserID: anna}, messaging.OpenRequest{DesignerID: d.ID, Message: fmt.Sprintf("n%d", i)})
				errs <- err
			}(i)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		list, total, _ := svc.CustomerContacts(ctx, kernel.Principal{UserID: anna}, messaging.ListQuery{})
		if total != 1 || list[0].MessageCount != 10 {
			t.Fatalf("%d contacts, %+v", total, list)
		}
		_, msgs, _, _ := svc.Conversation(ctx, kernel.Principal{UserID: anna}, messaging.MessageQuery{ContactID: list[0].ID, Limit: 100}, false)
		if len(msgs) != 10 || msgs[9].ID != list[0].LastMessageID {
			t.Fatalf("%d messages, last %d vs %d", len(msgs), msgs[len(msgs)-1].ID, list[0].LastMessageID)
		}
		for i := 1; i < len(msgs); i++ {
			if msgs[i].ID < msgs[i-1].ID || msgs[i].CreatedAt.Before(msgs[i-1].CreatedAt) {
				t.Fatalf("order %+v", msgs)
			}
		}
	})
}
