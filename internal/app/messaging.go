package app

import (
	"context"
	"encoding/json"
	"errors"

	"interno/adapters/httpapi"
	"interno/adapters/realtime"
	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/messaging"
)

// newMessaging builds the messaging service on the app's database, mail
// queue, accounts and designers, and hooks it into account deletion so
// queued unread-message e-mails of the account's conversations are dropped.
func (a *app) newMessaging() *messaging.Service {
	q := wakingQueue{a.mailQueue, a.dispatcher}
	svc := messaging.NewService(messaging.Config{EmailDelay: a.cfg.MessageDelay, BaseURL: a.cfg.BaseURL},
		messaging.Deps{Repo: store.NewMessagingRepo(a.db), Designers: messagingDesigners{a.designers},
			Accounts: messagingAccounts{a.identity}, Mail: q, Notifications: reminderQueue{a.mailQueue},
			Events: hubEvents{a.realtime}, Pushes: messagePushes{a.push}, Tx: a.db})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
}

// messagingDesigners gives messaging the designer profiles it needs.
type messagingDesigners struct{ d *designers.Service }

func (m messagingDesigners) ref(d designers.Designer, err error) (messaging.DesignerRef, error) {
	if errors.Is(err, designers.ErrNotFound) {
		return messaging.DesignerRef{}, messaging.ErrDesignerNotFound
	}
	return messaging.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name}, err
}

func (m messagingDesigners) Designer(ctx context.Context, id int64) (messaging.DesignerRef, error) {
	return m.ref(m.d.Get(ctx, id))
}

func (m messagingDesigners) OfUser(ctx context.Context, userID int64) (messaging.DesignerRef, error) {
	return m.ref(m.d.OfUser(ctx, userID))
}

// messagingAccounts gives messaging the caller's name and e-mail.
type messagingAccounts struct{ id *identity.Service }

func (m messagingAccounts) Account(ctx context.Context, userID int64) (messaging.Account, error) {
	u, err := m.id.Me(ctx, userID)
	return messaging.Account{Name: u.Name, Email: u.Email}, err
}

// hubEvents publishes messaging events on the realtime hub (ids only).
type hubEvents struct{ h *realtime.Hub }

func (e hubEvents) Publish(userIDs []int64, ev messaging.Event) {
	data, _ := json.Marshal(map[string]any{"type": ev.Type, "contact_id": ev.ContactID, "message_id": ev.MessageID})
	e.h.Publish(userIDs, ev.Type, data)
}

// hubStreams lets the HTTP layer subscribe to the realtime hub.
type hubStreams struct{ h *realtime.Hub }

func (s hubStreams) Subscribe(userID int64, lastID uint64) (<-chan httpapi.StreamEvent, []httpapi.StreamEvent, func()) {
	in, backlog, cancel := s.h.Subscribe(userID, lastID)
	out := make(chan httpapi.StreamEvent, 16)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case e := <-in:
				select {
				case out <- httpapi.StreamEvent{ID: e.ID, Type: e.Type, Data: e.Data}:
				case <-done:
					return
				}
			}
		}
	}()
	conv := make([]httpapi.StreamEvent, len(backlog))
	for i, e := range backlog {
		conv[i] = httpapi.StreamEvent{ID: e.ID, Type: e.Type, Data: e.Data}
	}
	var stopped bool
	return out, conv, func() {
		if !stopped {
			stopped = true
			cancel()
			close(done)
		}
	}
}
