package main

import (
	"context"
	"errors"

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
			Accounts: messagingAccounts{a.identity}, Mail: q, Notifications: reminderQueue{a.mailQueue}, Tx: a.db})
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
