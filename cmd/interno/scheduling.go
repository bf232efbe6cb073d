package main

import (
	"context"
	"errors"
	"time"
	_ "time/tzdata" // slots are laid in INTERNO_TIMEZONE even on hosts without zoneinfo

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/scheduling"
)

// newScheduling builds the scheduling service on the app's database, mail
// queue and designers, and hooks it into account deletion so the other side
// of a live appointment is told and queued reminders are dropped.
func (a *app) newScheduling() *scheduling.Service {
	svc := scheduling.NewService(scheduling.Config{
		Location: a.cfg.location, SlotLength: time.Duration(a.cfg.SlotMinutes) * time.Minute, MinNotice: a.cfg.MinNotice,
		CallBaseURL: a.cfg.CallBaseURL, BaseURL: a.cfg.BaseURL,
	}, scheduling.Deps{
		Repo: store.NewSchedulingRepo(a.db), Designers: schedulingDesigners{a.designers},
		Mail: wakingQueue{a.mailQueue, a.dispatcher}, Reminders: reminderQueue{a.mailQueue}, Tx: a.db,
	})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
}

// schedulingDesigners gives scheduling the designer profiles it needs.
type schedulingDesigners struct{ d *designers.Service }

func (s schedulingDesigners) ref(d designers.Designer, err error) (scheduling.DesignerRef, error) {
	if errors.Is(err, designers.ErrNotFound) {
		return scheduling.DesignerRef{}, scheduling.ErrDesignerNotFound
	}
	return scheduling.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name}, err
}

func (s schedulingDesigners) Designer(ctx context.Context, id int64) (scheduling.DesignerRef, error) {
	return s.ref(s.d.Get(ctx, id))
}

func (s schedulingDesigners) OfUser(ctx context.Context, userID int64) (scheduling.DesignerRef, error) {
	return s.ref(s.d.OfUser(ctx, userID))
}

// reminderQueue drops queued reminders through the durable e-mail queue.
type reminderQueue struct{ q *store.EmailQueue }

func (r reminderQueue) Cancel(ctx context.Context, key string) error {
	return r.q.CancelByDedupeKey(ctx, key)
}
