package app

import (
	"context"
	"time"

	"interno/adapters/store"
	"interno/adapters/webpush"
	"interno/core/messaging"
	"interno/core/push"
	"interno/core/scheduling"
)

// newPush builds the Web Push service on the app's database with its
// dispatcher; clock is time.Now except in tests that play a later instance.
func (a *app) newPush(clock func() time.Time) (*push.Service, *webpush.Dispatcher, error) {
	keys, err := a.cfg.pushKeys()
	if err != nil {
		return nil, nil, err
	}
	guard := webpush.Guard{AllowLoopback: a.cfg.PushAllowLoopback, Lookup: a.cfg.pushLookup}
	repo := store.NewPushRepo(a.db)
	var d *webpush.Dispatcher
	svc := push.NewService(push.Config{PublicKey: keys.Public, Clock: clock}, push.Deps{Repo: repo, Queue: repo,
		Endpoints: guard, Presence: a.realtime, Tx: a.db, Wake: func() { d.Wake() }})
	d = webpush.NewDispatcher(svc, webpush.NewSender(keys, a.cfg.vapidSubject, guard), webpush.DispatcherOptions{Logger: a.log})
	return svc, d, nil
}

// The shims below only translate scheduling's and messaging's types into push's.

// appointmentPushes tells push of appointment steps.
type appointmentPushes struct {
	p   *push.Service
	loc *time.Location
}

var pushSteps = map[scheduling.Action]push.Step{scheduling.ActBook: push.StepBooked, scheduling.ActConfirm: push.StepConfirmed,
	scheduling.ActReject: push.StepRejected, scheduling.ActCancel: push.StepCancelled, scheduling.ActComplete: push.StepEnded,
	scheduling.ActDelete: push.StepEnded}

func (x appointmentPushes) Changed(ctx context.Context, a scheduling.Appointment, action scheduling.Action) error {
	step, ok := pushSteps[action]
	if !ok {
		return nil
	}
	return x.p.Appointment(ctx, step, push.Appointment{ID: a.ID, DesignerID: a.DesignerID, DesignerUserID: a.DesignerUserID,
		CustomerID: a.CustomerID, DesignerName: a.DesignerName, CustomerName: a.CustomerName, StartsAt: a.StartsAt,
		When: scheduling.LongDate(a.StartsAt, x.loc), Time: a.StartsAt.In(x.loc).Format("15:04"), CallLink: a.CallLink,
		Reason: a.Reason, CancelledBy: string(a.CancelledBy)})
}

// messagePushes tells push of chat messages and reads.
type messagePushes struct{ p *push.Service }

func (x messagePushes) Posted(ctx context.Context, ct messaging.Contact, m messaging.Message, unread func(context.Context) (int, error)) error {
	n := push.MessageNotice{ContactID: ct.ID, MessageID: m.ID, To: ct.CustomerID, Sender: ct.DesignerName, Text: m.Body, At: m.CreatedAt, Unread: unread}
	if m.SenderType == messaging.Customer {
		n.To, n.ToDesigner, n.Sender = ct.DesignerUserID, true, ct.UserName
		if n.Sender == "" {
			n.Sender = ct.CustomerName
		}
	}
	return x.p.Message(ctx, n)
}

func (x messagePushes) Read(ctx context.Context, ct messaging.Contact, reader int64, unread func(context.Context) (int, error)) error {
	return x.p.Read(ctx, push.ReadNotice{ContactID: ct.ID, Reader: reader, Unread: unread})
}
