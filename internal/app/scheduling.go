package app

import (
	"context"
	"fmt"
	"io"
	"time"
	_ "time/tzdata" // slots are laid in INTERNO_TIMEZONE even on hosts without zoneinfo

	"interno/adapters/store"
	"interno/core/designers"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/scheduling"
	"interno/internal/wiring"
)

// newScheduling builds the scheduling service on the app's database, mail
// queue and designers, and hooks it into account deletion so the other side
// of a live appointment is told and queued reminders are dropped.
func (a *app) newScheduling() *scheduling.Service {
	svc := scheduling.NewService(scheduling.Config{
		Location: a.cfg.location, SlotLength: time.Duration(a.cfg.SlotMinutes) * time.Minute, MinNotice: a.cfg.MinNotice,
		CallBaseURL: a.cfg.CallBaseURL, BaseURL: a.cfg.BaseURL,
	}, scheduling.Deps{
		Repo: store.NewSchedulingRepo(a.db), Designers: a.designers.Refs(),
		Mail: wakingQueue{a.mailQueue, a.dispatcher}, Reminders: wiring.Reminders{Queue: a.mailQueue}, Tx: a.db,
		Events: a.live, Pushes: appointmentPushes{a.push, a.cfg.location},
	})
	a.identity.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
	return svc
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
