package store_test

import (
	"context"
	"testing"
	"time"
	_ "time/tzdata"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/email"
	"interno/core/identity"
	"interno/core/kernel"
	"interno/core/scheduling"
	"interno/core/style"
)

// benchDesigners reads profiles from the database, as the real wiring does.
type benchDesigners struct{ r *store.DesignerRepo }

func (b benchDesigners) ref(d designers.Designer, err error) (kernel.DesignerRef, error) {
	return kernel.DesignerRef{ID: d.ID, UserID: d.UserID, Name: d.Name}, err
}

func (b benchDesigners) Designer(ctx context.Context, id int64) (kernel.DesignerRef, error) {
	return b.ref(b.r.ByID(ctx, id))
}

func (b benchDesigners) OfUser(ctx context.Context, id int64) (kernel.DesignerRef, error) {
	return b.ref(b.r.ByUserID(ctx, id))
}

func benchDesigner(b *testing.B, db *store.DB) designers.Designer {
	b.Helper()
	u := identity.User{Email: "bench@example.com", Name: "Bench", Role: identity.RoleDesigner}
	if err := store.NewUserRepo(db).Create(context.Background(), &u); err != nil {
		b.Fatal(err)
	}
	d := designers.Designer{UserID: u.ID, Name: "Bench", City: "Roma", Bio: "Bio", DesignStyle: style.Minimal,
		WorkPreferences: []style.WorkMode{style.Online}, Specialties: []string{"Minimal"}, MinBudget: 300, FirstProposal: "5-7 giorni"}
	if err := store.NewDesignerRepo(db).Create(context.Background(), &d); err != nil {
		b.Fatal(err)
	}
	return d
}

type discardQueue struct{}

func (discardQueue) Enqueue(context.Context, email.Job) error { return nil }

// BenchmarkFreeSlots62Days is the budget of DESIGN.md: the slots of 62
// days for a designer with 2,000 past and future appointments (a quarter
// each pending, confirmed, cancelled and completed, spread over two years),
// through the real service and repository, under 2 ms per call.
func BenchmarkFreeSlots62Days(b *testing.B) {
	loc, err := time.LoadLocation("Europe/Rome")
	if err != nil {
		b.Fatal(err)
	}
	now := time.Date(2026, 3, 2, 7, 0, 0, 0, loc)
	for _, dialect := range []store.Dialect{store.SQLite, store.Postgres} {
		db := storetest.Open(b, dialect, storetest.Options{})
		ctx := context.Background()
		repo := store.NewSchedulingRepo(db)
		d := benchDesigner(b, db)
		customer := newCustomer(b, db, "cliente@example.com")
		var week []scheduling.WindowInput
		for day := 0; day < 6; day++ {
			week = append(week, scheduling.WindowInput{DayOfWeek: day, StartTime: "08:00", EndTime: "13:00", Active: true},
				scheduling.WindowInput{DayOfWeek: day, StartTime: "14:00", EndTime: "20:00", Active: true})
		}
		svc := scheduling.NewService(scheduling.Config{Location: loc, MinNotice: 2 * time.Hour, Clock: func() time.Time { return now }},
			scheduling.Deps{Repo: repo, Designers: benchDesigners{store.NewDesignerRepo(db)}, Mail: discardQueue{}, Tx: db})
		if _, err := svc.SetWeek(ctx, kernel.Principal{UserID: d.UserID}, d.ID, week); err != nil {
			b.Fatal(err)
		}
		statuses := []scheduling.Action{"", scheduling.ActConfirm, scheduling.ActReject, scheduling.ActComplete}
		first := now.Add(-365 * 24 * time.Hour).Truncate(time.Hour)
		for i := 0; i < 2000; i++ {
			start := first.Add(time.Duration(i) * (730 * 24 * time.Hour / 2000)).Truncate(time.Hour)
			a := appt(d.ID, customer, start.UTC())
			if err := repo.Book(ctx, a, start.Add(-time.Hour), noLimit); err != nil {
				b.Fatalf("appointment %d: %v", i, err)
			}
			if act := statuses[i%4]; act != "" {
				_, err := repo.Update(ctx, a.ID, func(x *scheduling.Appointment) error {
					if act == scheduling.ActComplete {
						if err := x.Apply(scheduling.ActConfirm, scheduling.ByDesigner, now); err != nil {
							return err
						}
						// A call is marked completed once it has started: as its designer would, after it.
						return x.Apply(act, scheduling.ByDesigner, start.Add(time.Hour))
					}
					return x.Apply(act, scheduling.ByDesigner, now)
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		}
		from := scheduling.DateOf(now)
		to := from.AddDays(61)
		slots, err := svc.FreeSlots(ctx, d.ID, from, to)
		if err != nil || len(slots) < 400 {
			b.Fatalf("%d slots, %v", len(slots), err)
		}
		b.Run(string(dialect), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := svc.FreeSlots(ctx, d.ID, from, to); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
