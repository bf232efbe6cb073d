package admin

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"interno/core/kernel"
)

type fakeTx struct{}

func (fakeTx) InTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }

// fakeWorld is an in-memory account and profile store with an audit log.
type fakeWorld struct {
	users     map[int64]User
	designers map[int64]Designer
	audit     []Entry
	failAudit bool
}

func newWorld() *fakeWorld {
	w := &fakeWorld{users: map[int64]User{}, designers: map[int64]Designer{}}
	w.users[1] = User{ID: 1, Email: "admin@x.it", Role: RoleAdmin}
	w.users[2] = User{ID: 2, Email: "anna@x.it", Name: "Anna", Role: RoleUser}
	w.users[3] = User{ID: 3, Email: "sofia@x.it", Name: "Sofia", Role: RoleDesigner}
	w.designers[10] = Designer{ID: 10, UserID: 3, Email: "sofia@x.it", Name: "Sofia"}
	return w
}

func (w *fakeWorld) Users(context.Context, Query) ([]User, int, error) { return nil, 0, nil }
func (w *fakeWorld) Designers(context.Context, Query) ([]Designer, int, error) {
	return nil, 0, nil
}
func (w *fakeWorld) Counts(_ context.Context, since time.Time) (Counts, error) {
	return Counts{Customers: 1, Admins: 1, Designers: 1}, nil
}
func (w *fakeWorld) Account(_ context.Context, id int64) (User, error) {
	u, ok := w.users[id]
	if !ok {
		return User{}, ErrUserNotFound
	}
	return u, nil
}
func (w *fakeWorld) UpdateAccount(_ context.Context, id int64, e UserEdit) (User, error) {
	u := w.users[id]
	if e.Name != nil {
		u.Name = *e.Name
	}
	w.users[id] = u
	return u, nil
}
func (w *fakeWorld) DeleteAccount(_ context.Context, id int64) error {
	delete(w.users, id)
	for k, d := range w.designers {
		if d.UserID == id {
			delete(w.designers, k)
		}
	}
	return nil
}
func (w *fakeWorld) Designer(_ context.Context, id int64) (Designer, error) {
	d, ok := w.designers[id]
	if !ok {
		return Designer{}, ErrNotFound
	}
	return d, nil
}
func (w *fakeWorld) UpdateDesigner(_ context.Context, id int64, e DesignerEdit) (Designer, error) {
	d, ok := w.designers[id]
	if !ok {
		return Designer{}, ErrNotFound
	}
	if e.City != nil {
		d.City = *e.City
	}
	w.designers[id] = d
	return d, nil
}
func (w *fakeWorld) ToggleVerified(_ context.Context, id int64) (Designer, error) {
	d, ok := w.designers[id]
	if !ok {
		return Designer{}, ErrNotFound
	}
	d.Verified = !d.Verified
	w.designers[id] = d
	return d, nil
}
func (w *fakeWorld) DeleteDesigner(ctx context.Context, id int64) error {
	return w.DeleteAccount(ctx, w.designers[id].UserID)
}
func (w *fakeWorld) Record(_ context.Context, e *Entry) error {
	if w.failAudit {
		return errors.New("audit down")
	}
	e.ID = int64(len(w.audit) + 1)
	w.audit = append(w.audit, *e)
	return nil
}
func (w *fakeWorld) List(context.Context, Query) ([]Entry, int, error) {
	return w.audit, len(w.audit), nil
}

type fakeAppointments map[string]int

func (f fakeAppointments) CountByStatus(context.Context) (map[string]int, error) { return f, nil }

type fakeActivity struct{ dayStart time.Time }

func (f *fakeActivity) Activity(_ context.Context, dayStart time.Time) (Activity, error) {
	f.dayStart = dayStart
	return Activity{MessagesToday: 3, Likes: 7, Conversations: 2}, nil
}

func newTestService(w *fakeWorld, appts Appointments) *Service {
	return NewService(Deps{Directory: w, Accounts: w, Profiles: w, Audit: w, Appointments: appts, Tx: fakeTx{},
		Clock: func() time.Time { return time.Date(2027, 3, 8, 12, 0, 0, 0, time.UTC) }})
}

var (
	root     = kernel.Principal{UserID: 1, Role: kernel.RoleAdmin}
	customer = kernel.Principal{UserID: 2, Role: kernel.RoleUser}
)

func str(s string) *string { return &s }

func TestService_EveryUseCaseNeedsAnAdmin(t *testing.T) {
	w := newWorld()
	s := newTestService(w, nil)
	ctx := context.Background()
	calls := map[string]func() error{
		"Stats":      func() error { _, err := s.Stats(ctx, customer); return err },
		"Users":      func() error { _, _, err := s.Users(ctx, customer, Query{}); return err },
		"Designers":  func() error { _, _, err := s.Designers(ctx, customer, Query{}); return err },
		"AuditTrail": func() error { _, _, err := s.AuditTrail(ctx, customer, Query{}); return err },
		"UpdateUser": func() error { _, err := s.UpdateUser(ctx, customer, 2, UserEdit{Name: str("X")}); return err },
		"DeleteUser": func() error { return s.DeleteUser(ctx, customer, 2) },
		"UpdateDesigner": func() error {
			_, err := s.UpdateDesigner(ctx, customer, 10, DesignerEdit{City: str("Roma")})
			return err
		},
		"DeleteDesigner": func() error { return s.DeleteDesigner(ctx, customer, 10) },
		"ToggleVerified": func() error { _, err := s.ToggleVerified(ctx, customer, 10); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			if err := call(); !errors.Is(err, ErrAdminRequired) {
				t.Fatalf("err = %v, want ErrAdminRequired", err)
			}
		})
	}
	if len(w.users) != 3 || len(w.designers) != 1 || len(w.audit) != 0 {
		t.Fatalf("a refused call changed something: %d users, %d designers, %d audit", len(w.users), len(w.designers), len(w.audit))
	}
}

func TestService_DeleteUser(t *testing.T) {
	ctx := context.Background()
	t.Run("AdminIsProtected", func(t *testing.T) {
		w := newWorld()
		if err := newTestService(w, nil).DeleteUser(ctx, root, 1); !errors.Is(err, ErrAdminProtected) {
			t.Fatalf("err = %v", err)
		}
		if _, ok := w.users[1]; !ok || len(w.audit) != 0 {
			t.Fatal("admin deleted or audited")
		}
	})
	t.Run("CustomerGoesAndIsAudited", func(t *testing.T) {
		w := newWorld()
		if err := newTestService(w, nil).DeleteUser(ctx, root, 2); err != nil {
			t.Fatal(err)
		}
		if _, ok := w.users[2]; ok {
			t.Fatal("customer still there")
		}
		if len(w.audit) != 1 || w.audit[0].Action != ActionUserDelete || w.audit[0].TargetLabel != "anna@x.it" || w.audit[0].ActorEmail != "admin@x.it" {
			t.Fatalf("audit %+v", w.audit)
		}
	})
	t.Run("Missing", func(t *testing.T) {
		if err := newTestService(newWorld(), nil).DeleteUser(ctx, root, 99); !errors.Is(err, ErrUserNotFound) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("AuditFailureFailsTheAction", func(t *testing.T) {
		w := newWorld()
		w.failAudit = true
		if err := newTestService(w, nil).DeleteUser(ctx, root, 2); err == nil {
			t.Fatal("an unaudited deletion reported success")
		}
	})
}

func TestService_UpdateUser(t *testing.T) {
	ctx := context.Background()
	t.Run("NothingSent", func(t *testing.T) {
		if _, err := newTestService(newWorld(), nil).UpdateUser(ctx, root, 2, UserEdit{}); !errors.Is(err, ErrNothingToChange) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("DesignerAccountsGoThroughTheirProfile", func(t *testing.T) {
		if _, err := newTestService(newWorld(), nil).UpdateUser(ctx, root, 3, UserEdit{Name: str("X")}); !errors.Is(err, ErrDesignerAccount) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("AuditNamesTheFields", func(t *testing.T) {
		w := newWorld()
		u, err := newTestService(w, nil).UpdateUser(ctx, root, 2, UserEdit{Name: str("Anna B"), Location: str("Roma")})
		if err != nil || u.Name != "Anna B" {
			t.Fatalf("%+v %v", u, err)
		}
		if len(w.audit) != 1 || w.audit[0].Details != "location,name" || w.audit[0].Action != ActionUserUpdate {
			t.Fatalf("audit %+v", w.audit)
		}
	})
}

func TestService_Designers(t *testing.T) {
	ctx := context.Background()
	t.Run("ToggleVerifiedRecordsBothWays", func(t *testing.T) {
		w := newWorld()
		s := newTestService(w, nil)
		d, err := s.ToggleVerified(ctx, root, 10)
		if err != nil || !d.Verified {
			t.Fatalf("%+v %v", d, err)
		}
		if d, _ = s.ToggleVerified(ctx, root, 10); d.Verified {
			t.Fatal("second toggle kept the badge")
		}
		if len(w.audit) != 2 || w.audit[0].Action != ActionDesignerVerify || w.audit[1].Action != ActionDesignerUnverify {
			t.Fatalf("audit %+v", w.audit)
		}
	})
	t.Run("UpdateAndDelete", func(t *testing.T) {
		w := newWorld()
		s := newTestService(w, nil)
		if _, err := s.UpdateDesigner(ctx, root, 10, DesignerEdit{}); !errors.Is(err, ErrNothingToChange) {
			t.Fatalf("empty edit: %v", err)
		}
		if d, err := s.UpdateDesigner(ctx, root, 10, DesignerEdit{City: str("Roma")}); err != nil || d.City != "Roma" {
			t.Fatalf("%+v %v", d, err)
		}
		if err := s.DeleteDesigner(ctx, root, 10); err != nil {
			t.Fatal(err)
		}
		if len(w.designers) != 0 || len(w.users) != 2 {
			t.Fatal("designer account not removed")
		}
		if err := s.DeleteDesigner(ctx, root, 10); !errors.Is(err, ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		acts := []string{}
		for _, e := range w.audit {
			acts = append(acts, e.Action)
		}
		if strings.Join(acts, " ") != "designer.update designer.delete" {
			t.Fatalf("audit %v", acts)
		}
	})
}

func TestService_Stats(t *testing.T) {
	ctx := context.Background()
	st, err := newTestService(newWorld(), nil).Stats(ctx, root)
	if err != nil || st.TotalUsers != 2 || st.Designers != 1 || st.Appointments != nil {
		t.Fatalf("%+v %v", st, err)
	}
	if want := time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC); !st.Since.Equal(want) {
		t.Fatalf("since %v", st.Since)
	}
	st, _ = newTestService(newWorld(), fakeAppointments{"pending": 2}).Stats(ctx, root)
	if st.Appointments["pending"] != 2 || st.Activity != nil {
		t.Fatalf("appointments %v activity %v", st.Appointments, st.Activity)
	}
	t.Run("TodayStartsAtMidnightInTheBusinessZone", func(t *testing.T) {
		rome, err := time.LoadLocation("Europe/Rome")
		if err != nil {
			t.Fatal(err)
		}
		act := &fakeActivity{}
		w := newWorld()
		s := NewService(Deps{Directory: w, Accounts: w, Profiles: w, Audit: w, Activity: act, Location: rome, Tx: fakeTx{},
			Clock: func() time.Time { return time.Date(2027, 3, 8, 23, 30, 0, 0, time.UTC) }}) // 00:30 on the 9th in Rome
		st, err := s.Stats(ctx, root)
		if err != nil || st.Activity == nil || st.Activity.MessagesToday != 3 || st.Activity.Likes != 7 {
			t.Fatalf("%+v %v", st, err)
		}
		if want := time.Date(2027, 3, 8, 23, 0, 0, 0, time.UTC); !act.dayStart.Equal(want) || !st.DayStart.Equal(want) {
			t.Fatalf("day start %v, want %v", act.dayStart, want)
		}
	})
}

func TestDesignerEdit_Fields(t *testing.T) {
	n := 400
	got := DesignerEdit{MinBudget: &n, Name: str("x"), SocialWeb: str("")}.Fields()
	if strings.Join(got, ",") != "min_budget,name,social_website" {
		t.Fatalf("%v", got)
	}
}
