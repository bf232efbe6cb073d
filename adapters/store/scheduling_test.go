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
	"interno/core/fault"
	"interno/core/identity"
	"interno/core/scheduling"
)

func newCustomer(t testing.TB, db *store.DB, email string) int64 {
	t.Helper()
	u := identity.User{Email: email, Name: "Cliente " + email, Role: identity.RoleUser}
	if err := store.NewUserRepo(db).Create(context.Background(), &u); err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func appt(designerID, customerID int64, start time.Time) *scheduling.Appointment {
	return &scheduling.Appointment{DesignerID: designerID, CustomerID: customerID, StartsAt: start, EndsAt: start.Add(time.Hour),
		Status: scheduling.Pending, Message: "Ciao", CustomerPhone: "+39 02 1234567"}
}

func noLimit(int) error { return nil }

func TestSchedulingRepo_Week(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewSchedulingRepo(db)
		d := newDesigner(t, db, "w@example.com", "Wanda", "Bari")
		week := []scheduling.Window{{DayOfWeek: 0, Start: 540, End: 720, Active: true}, {DayOfWeek: 0, Start: 840, End: 1080, Active: false},
			{DayOfWeek: 4, Start: 600, End: 660, Active: true}}
		got, err := repo.ReplaceWeek(ctx, d.ID, week)
		if err != nil || len(got) != 3 || got[0].ID == 0 || got[1].Active || got[2].DayOfWeek != 4 || got[2].End != 660 {
			t.Fatalf("%+v %v", got, err)
		}
		if n, err := repo.CountActive(ctx, d.ID); err != nil || n != 2 {
			t.Fatalf("active %d %v", n, err)
		}
		if got, err := repo.ReplaceWeek(ctx, d.ID, week[2:]); err != nil || len(got) != 1 {
			t.Fatalf("replace: %+v %v", got, err)
		}
		if got, err := repo.ReplaceWeek(ctx, d.ID, nil); err != nil || len(got) != 0 {
			t.Fatalf("clear: %+v %v", got, err)
		}
		if _, err := repo.ReplaceWeek(ctx, 9999, week); !errors.Is(err, scheduling.ErrDesignerNotFound) {
			t.Fatalf("unknown designer: %v", err)
		}
		if got, _ := repo.Week(ctx, d.ID); len(got) != 0 {
			t.Fatalf("%v", got)
		}
	})
}

func TestSchedulingRepo_Appointments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewSchedulingRepo(db)
		d := newDesigner(t, db, "sofia@example.com", "Sofia", "Torino")
		other := newDesigner(t, db, "olga@example.com", "Olga", "Roma")
		anna := newCustomer(t, db, "anna@example.com")
		bruno := newCustomer(t, db, "bruno@example.com")
		now := time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
		at := func(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, time.UTC) }

		a := appt(d.ID, anna, at(3, 9))
		t.Run("BookAndGet", func(t *testing.T) {
			if err := repo.Book(ctx, a, now, noLimit); err != nil || a.ID == 0 {
				t.Fatalf("%v", err)
			}
			got, err := repo.Get(ctx, a.ID)
			if err != nil || !got.StartsAt.Equal(at(3, 9)) || got.StartsAt.Location() != time.UTC || got.Status != scheduling.Pending ||
				got.CustomerName != "Cliente anna@example.com" || got.CustomerEmail != "anna@example.com" || got.DesignerEmail != "sofia@example.com" ||
				got.DesignerUserID != d.UserID || got.DesignerName != "Sofia" || got.CustomerPhone != "+39 02 1234567" {
				t.Fatalf("%+v %v", got, err)
			}
			if _, err := repo.Get(ctx, 9999); !errors.Is(err, scheduling.ErrNotFound) {
				t.Fatalf("%v", err)
			}
		})
		t.Run("ErrSlotTakenOnAnyOverlap", func(t *testing.T) {
			for _, start := range []time.Time{at(3, 9), at(3, 9).Add(30 * time.Minute), at(3, 9).Add(-30 * time.Minute)} {
				if err := repo.Book(ctx, appt(d.ID, bruno, start), now, noLimit); !errors.Is(err, scheduling.ErrSlotTaken) {
					t.Fatalf("%s: %v", start, err)
				}
			}
			if err := repo.Book(ctx, appt(d.ID, bruno, at(3, 10)), now, noLimit); err != nil {
				t.Fatalf("adjacent slot refused: %v", err)
			}
			if err := repo.Book(ctx, appt(other.ID, bruno, at(3, 9)), now, noLimit); err != nil {
				t.Fatalf("another designer's same hour refused: %v", err)
			}
		})
		t.Run("CheckSeesTheLiveCount", func(t *testing.T) {
			var seen int
			limit := fault.New(fault.Conflict, "limit")
			err := repo.Book(ctx, appt(d.ID, anna, at(4, 9)), now, func(n int) error { seen = n; return limit })
			if !errors.Is(err, limit) || seen != 1 {
				t.Fatalf("%v, live %d", err, seen)
			}
			if err := repo.Book(ctx, appt(d.ID, anna, at(4, 9)), at(3, 10), func(n int) error { seen = n; return nil }); err != nil || seen != 0 {
				t.Fatalf("an appointment that has ended still counts: %d %v", seen, err)
			}
		})
		t.Run("TheDatabaseItselfRefusesOverlaps", func(t *testing.T) {
			// Bypass the repository's own check: the constraint must hold alone.
			_, err := db.SQL().ExecContext(ctx, rebind(db, `INSERT INTO appointments (designer_id, customer_id, starts_at, ends_at, status, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'confirmed', ?, ?)`), d.ID, bruno, at(3, 9), at(3, 10), now, now)
			if err == nil {
				t.Fatal("a second live appointment at the same start was stored")
			}
			if !store.ExclusionViolation(err) && !store.UniqueViolation(err, "starts_at") {
				t.Fatalf("unexpected error: %v", err)
			}
			_, err = db.SQL().ExecContext(ctx, rebind(db, `INSERT INTO appointments (designer_id, customer_id, starts_at, ends_at, status, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'cancelled', ?, ?)`), d.ID, bruno, at(3, 9), at(3, 10), now, now)
			if err != nil {
				t.Fatalf("a cancelled one must not hold the slot: %v", err)
			}
			if db.Dialect() == store.Postgres {
				_, err = db.SQL().ExecContext(ctx, `INSERT INTO appointments (designer_id, customer_id, starts_at, ends_at, status, created_at, updated_at)
				VALUES ($1, $2, $3, $4, 'pending', $5, $5)`, d.ID, bruno, at(3, 9).Add(15*time.Minute), at(3, 10).Add(15*time.Minute), now)
				if !store.ExclusionViolation(err) {
					t.Fatalf("overlapping range not excluded: %v", err)
				}
			}
		})
		t.Run("UpdateGuardsTheStatus", func(t *testing.T) {
			got, err := repo.Update(ctx, a.ID, func(x *scheduling.Appointment) error {
				x.CallLink = "https://call/x"
				return x.Apply(scheduling.ActConfirm, scheduling.ByDesigner, now)
			})
			if err != nil || got.Status != scheduling.Confirmed || got.CallLink != "https://call/x" {
				t.Fatalf("%+v %v", got, err)
			}
			re, _ := repo.Get(ctx, a.ID)
			if re.Status != scheduling.Confirmed || re.ConfirmedAt == nil || !re.ConfirmedAt.Equal(now) || re.CallLink != "https://call/x" {
				t.Fatalf("not saved: %+v", re)
			}
			_, err = repo.Update(ctx, a.ID, func(x *scheduling.Appointment) error {
				return x.Apply(scheduling.ActConfirm, scheduling.ByDesigner, now)
			})
			if fault.CodeOf(err) != fault.Conflict {
				t.Fatalf("confirmed twice: %v", err)
			}
			if _, err := repo.Update(ctx, 9999, func(*scheduling.Appointment) error { return nil }); !errors.Is(err, scheduling.ErrNotFound) {
				t.Fatalf("%v", err)
			}
		})
		t.Run("ConcurrentConfirmsConfirmOnce", func(t *testing.T) {
			b := appt(d.ID, bruno, at(5, 9))
			if err := repo.Book(ctx, b, now, noLimit); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			results := make(chan error, 8)
			for i := 0; i < 8; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := repo.Update(ctx, b.ID, func(x *scheduling.Appointment) error {
						return x.Apply(scheduling.ActConfirm, scheduling.ByDesigner, now)
					})
					results <- err
				}()
			}
			wg.Wait()
			close(results)
			ok := 0
			for err := range results {
				if err == nil {
					ok++
				} else if fault.CodeOf(err) != fault.Conflict {
					t.Fatalf("unexpected: %v", err)
				}
			}
			if ok != 1 {
				t.Fatalf("%d confirms succeeded", ok)
			}
		})
		t.Run("ListCountsAndLiveOf", func(t *testing.T) {
			list, total, err := repo.List(ctx, scheduling.ListQuery{DesignerID: d.ID, Now: at(3, 9).Add(90 * time.Minute), Limit: 10})
			if err != nil || total != 5 || len(list) != 5 {
				t.Fatalf("%d %v", total, err)
			}
			var order []string
			for _, x := range list {
				order = append(order, x.StartsAt.Format("02 15"))
			}
			// The 09:00 call of day 3 has ended (past calls come last, latest first);
			// the others are upcoming, soonest first;
			// the cancelled call at the same hour, inserted above, is past too.
			if fmt.Sprint(order) != "[03 10 04 09 05 09 03 09 03 09]" {
				t.Fatalf("order %v", order)
			}
			page, total, _ := repo.List(ctx, scheduling.ListQuery{DesignerID: d.ID, Status: scheduling.Confirmed, Now: now, Limit: 1, Offset: 1})
			if total != 2 || len(page) != 1 {
				t.Fatalf("status filter and paging: %d %d", total, len(page))
			}
			mine, total, _ := repo.List(ctx, scheduling.ListQuery{CustomerID: anna, Now: now, Limit: 10})
			if total != 2 || mine[0].CustomerID != anna {
				t.Fatalf("customer list: %d", total)
			}
			counts, err := repo.CountByStatus(ctx, d.ID)
			if err != nil || counts[scheduling.Pending] != 2 || counts[scheduling.Confirmed] != 2 || counts[scheduling.Cancelled] != 1 {
				t.Fatalf("%v %v", counts, err)
			}
			live, err := repo.LiveOf(ctx, d.UserID)
			if err != nil || len(live) != 4 {
				t.Fatalf("designer side: %d %v", len(live), err)
			}
			if live, _ := repo.LiveOf(ctx, bruno); len(live) != 3 {
				t.Fatalf("customer side: %d", len(live))
			}
			busy, err := repo.Busy(ctx, d.ID, at(3, 0), at(4, 0))
			if err != nil || len(busy) != 2 || !busy[0].Start.Equal(at(3, 9)) && !busy[1].Start.Equal(at(3, 9)) {
				t.Fatalf("busy %v %v", busy, err)
			}
		})
		t.Run("DeleteOnlyCancelled", func(t *testing.T) {
			if err := repo.Delete(ctx, a.ID); fault.CodeOf(err) != fault.Conflict {
				t.Fatalf("deleted a confirmed one: %v", err)
			}
			c := appt(d.ID, anna, at(6, 9))
			if err := repo.Book(ctx, c, now, noLimit); err != nil {
				t.Fatal(err)
			}
			if _, err := repo.Update(ctx, c.ID, func(x *scheduling.Appointment) error {
				return x.Apply(scheduling.ActCancel, scheduling.ByCustomer, now)
			}); err != nil {
				t.Fatal(err)
			}
			if err := repo.Delete(ctx, c.ID); err != nil {
				t.Fatal(err)
			}
			if err := repo.Delete(ctx, c.ID); !errors.Is(err, scheduling.ErrNotFound) {
				t.Fatalf("%v", err)
			}
		})
		t.Run("DeletingTheDesignerCascades", func(t *testing.T) {
			if err := store.NewUserRepo(db).Delete(ctx, d.UserID); err != nil {
				t.Fatal(err)
			}
			if _, err := repo.Get(ctx, a.ID); !errors.Is(err, scheduling.ErrNotFound) {
				t.Fatalf("%v", err)
			}
			if w, _ := repo.Week(ctx, d.ID); len(w) != 0 {
				t.Fatal("availability left behind")
			}
		})
	})
}

// TestSchedulingRepo_OneSlotOneBooking races 50 bookings of one slot: the
// database lets exactly one through on both engines.
func TestSchedulingRepo_OneSlotOneBooking(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewSchedulingRepo(db)
		d := newDesigner(t, db, "race@example.com", "Rita", "Napoli")
		customers := make([]int64, 50)
		for i := range customers {
			customers[i] = newCustomer(t, db, fmt.Sprintf("c%d@example.com", i))
		}
		start := time.Date(2026, 4, 1, 8, 0, 0, 0, time.UTC)
		var wg sync.WaitGroup
		errs := make(chan error, len(customers))
		gate := make(chan struct{})
		for _, c := range customers {
			wg.Add(1)
			go func(c int64) {
				defer wg.Done()
				<-gate
				errs <- repo.Book(ctx, appt(d.ID, c, start), start.Add(-48*time.Hour), noLimit)
			}(c)
		}
		close(gate)
		wg.Wait()
		close(errs)
		ok, taken := 0, 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, scheduling.ErrSlotTaken):
				taken++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if ok != 1 || taken != 49 {
			t.Fatalf("%d booked, %d refused", ok, taken)
		}
	})
}

// TestSchedulingRepo_BookingLeavesTheDesignerRowFree: on PostgreSQL bookings of
// one designer take turns without locking the designer's row, which an account's
// deletion locks (the like counts of the designers it liked) before the user's
// row that a booking locks first: a booking waiting for that row would close a
// deadlock. Here a transaction holds the designer's row as that deletion does,
// and a booking still goes through.
func TestSchedulingRepo_BookingLeavesTheDesignerRowFree(t *testing.T) {
	db := storetest.Open(t, store.Postgres, storetest.Options{})
	ctx := context.Background()
	repo := store.NewSchedulingRepo(db)
	d := newDesigner(t, db, "rowfree@example.com", "Rita", "Napoli")
	c := newCustomer(t, db, "rowfree.customer@example.com")
	holder, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = holder.Rollback() }()
	if _, err := holder.ExecContext(ctx, "UPDATE designers SET like_count = like_count WHERE id = $1", d.ID); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 4, 1, 8, 0, 0, 0, time.UTC)
	done := make(chan error, 1)
	go func() { done <- repo.Book(ctx, appt(d.ID, c, start), start.Add(-48*time.Hour), noLimit) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("booking while the designer's row is held: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the booking waited for the transaction holding the designer's row")
	}
}

func rebind(db *store.DB, q string) string {
	if db.Dialect() != store.Postgres {
		return q
	}
	out := make([]byte, 0, len(q)+8)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			out = append(out, fmt.Sprintf("$%d", n)...)
			continue
		}
		out = append(out, q[i])
	}
	return string(out)
}

func TestSchedulingRepo_UpcomingLive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewSchedulingRepo(db)
		d := newDesigner(t, db, "ugo@example.com", "Ugo", "Lecce")
		other := newDesigner(t, db, "vera@example.com", "Vera", "Pisa")
		anna := newCustomer(t, db, "anna.u@example.com")
		bruno := newCustomer(t, db, "bruno.u@example.com")
		now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
		at := func(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, time.UTC) }
		book := func(designer, customer int64, start time.Time) int64 {
			t.Helper()
			a := appt(designer, customer, start)
			if err := repo.Book(ctx, a, start.Add(-48*time.Hour), noLimit); err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		started := book(d.ID, anna, at(2, 10)) // starts exactly now: not after now
		later := book(d.ID, bruno, at(5, 9))
		sooner := book(d.ID, anna, at(3, 15))
		confirmed := book(d.ID, bruno, at(4, 11))
		cancelled := book(d.ID, anna, at(6, 9))
		book(other.ID, anna, at(3, 9)) // another designer's
		confirm := func(x *scheduling.Appointment) error {
			return x.Apply(scheduling.ActConfirm, scheduling.ByDesigner, now)
		}
		if _, err := repo.Update(ctx, confirmed, confirm); err != nil {
			t.Fatal(err)
		}
		if _, err := repo.Update(ctx, cancelled, func(x *scheduling.Appointment) error {
			return x.Apply(scheduling.ActReject, scheduling.ByDesigner, now)
		}); err != nil {
			t.Fatal(err)
		}
		got, err := repo.UpcomingLive(ctx, d.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, a := range got {
			ids = append(ids, a.ID)
		}
		if fmt.Sprint(ids) != fmt.Sprint([]int64{sooner, confirmed, later}) {
			t.Fatalf("upcoming %v, want %v (not %d started, not %d cancelled)", ids, []int64{sooner, confirmed, later}, started, cancelled)
		}
		if got[0].CustomerName != "Cliente anna.u@example.com" || got[1].Status != scheduling.Confirmed || !got[2].StartsAt.Equal(at(5, 9)) {
			t.Fatalf("%+v", got)
		}
		if got, err := repo.UpcomingLive(ctx, d.ID, at(6, 0)); err != nil || len(got) != 0 {
			t.Fatalf("%+v %v", got, err)
		}
	})
}
