package app

import (
	"context"

	"interno/adapters/store"
	"interno/core/identity"
	"interno/core/messaging"
	"interno/internal/wiring"
)

// newMessaging builds the messaging service on the app's database, mail
// queue, accounts and designers, and hooks it into account deletion so
// queued unread-message e-mails of the account's conversations are dropped.
func (a *app) newMessaging() *messaging.Service {
	q := wakingQueue{a.mailQueue, a.dispatcher}
	svc := messaging.NewService(messaging.Config{EmailDelay: a.cfg.MessageDelay, BaseURL: a.cfg.BaseURL},
		messaging.Deps{Repo: store.NewMessagingRepo(a.db), Designers: a.designers.Refs(),
			Accounts: wiring.MessagingAccounts{Identity: a.identity}, Mail: q, Notifications: wiring.Reminders{Queue: a.mailQueue},
			Events: a.live, Pushes: messagePushes{a.push}, Tx: a.db})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
}
