package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
	_ "time/tzdata" // slots are laid in INTERNO_TIMEZONE even on hosts without zoneinfo

	"interno/adapters/realtime"
	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/kernel"
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
		Events: appointmentEvents{a.realtime}, Pushes: appointmentPushes{a.push, a.cfg.location},
	})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
}

// appointmentEvents publishes appointment changes on the realtime hub as
// "appointment" events (ids and the new status only).
type appointmentEvents struct{ h *realtime.Hub }

func (e appointmentEvents) Publish(userIDs []int64, c scheduling.Change) {
	payload := map[string]any{"type": "appointment", "appointment_id": c.AppointmentID, "status": c.Status}
	if c.Deleted {
		payload["status"] = "deleted"
	}
	data, _ := json.Marshal(payload)
	e.h.Publish(userIDs, "appointment", data)
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

// demoWeek is the availability demo designers get: weekday mornings and
// afternoons, and Saturday morning.
var demoWeek = []scheduling.WindowInput{
	{DayOfWeek: 0, StartTime: "09:00", EndTime: "13:00", Active: true}, {DayOfWeek: 0, StartTime: "14:30", EndTime: "18:30", Active: true},
	{DayOfWeek: 1, StartTime: "09:00", EndTime: "13:00", Active: true}, {DayOfWeek: 1, StartTime: "14:30", EndTime: "18:30", Active: true},
	{DayOfWeek: 2, StartTime: "09:00", EndTime: "13:00", Active: true}, {DayOfWeek: 2, StartTime: "14:30", EndTime: "18:30", Active: true},
	{DayOfWeek: 3, StartTime: "09:00", EndTime: "13:00", Active: true}, {DayOfWeek: 3, StartTime: "14:30", EndTime: "18:30", Active: true},
	{DayOfWeek: 4, StartTime: "09:00", EndTime: "13:00", Active: true}, {DayOfWeek: 4, StartTime: "14:30", EndTime: "17:30", Active: true},
	{DayOfWeek: 5, StartTime: "10:00", EndTime: "13:00", Active: true},
}

// seedAvailability gives every designer without any availability the demo
// week, so a fresh demo has bookable slots; designers who set their own
// week are left alone.
func (a *app) seedAvailability(ctx context.Context, out io.Writer) error {
	for offset := 0; ; offset += 100 {
		list, total, err := a.designers.List(ctx, designers.ListQuery{Offset: offset, Limit: 100})
		if err != nil {
			return err
		}
		for _, d := range list {
			week, err := a.scheduling.Week(ctx, d.ID)
			if err != nil {
				return err
			}
			if len(week) > 0 {
				continue
			}
			if _, err := a.scheduling.SetWeek(ctx, kernel.Principal{UserID: d.UserID}, d.ID, demoWeek); err != nil {
				return fmt.Errorf("demo availability of %s: %w", d.Name, err)
			}
			fmt.Fprintf(out, "set demo availability for %s\n", d.Name)
		}
		if offset+len(list) >= total || len(list) == 0 {
			return nil
		}
	}
}
