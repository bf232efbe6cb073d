package store_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/email"
	"interno/core/fault"
	"interno/core/identity"
	"interno/core/unitofwork"
)

func newUser(t *testing.T, db *store.DB, email string) identity.User {
	t.Helper()
	u := identity.User{Email: email, Name: "Anna", Role: identity.RoleUser, PasswordHash: "h"}
	if err := store.NewUserRepo(db).Create(context.Background(), &u); err != nil {
		t.Fatalf("create user: %v", err)
	}
	return u
}

func TestUserRepo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewUserRepo(db)
		u := newUser(t, db, "anna@example.com")
		if u.ID == 0 || u.CreatedAt.IsZero() {
			t.Fatalf("create did not set id/timestamps: %+v", u)
		}
		t.Run("ByEmailAndID", func(t *testing.T) {
			got, err := repo.ByEmail(ctx, "anna@example.com")
			if err != nil || got.ID != u.ID || got.Role != identity.RoleUser {
				t.Fatalf("%+v %v", got, err)
			}
			if _, err := repo.ByID(ctx, u.ID+1000); !errors.Is(err, identity.ErrUserNotFound) {
				t.Fatalf("missing id: %v", err)
			}
		})
		t.Run("ErrEmailTaken", func(t *testing.T) {
			dup := identity.User{Email: "anna@example.com", Name: "X", Role: identity.RoleUser}
			if err := repo.Create(ctx, &dup); !errors.Is(err, identity.ErrEmailTaken) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("UpdateKeepsJSONAndChecksEmail", func(t *testing.T) {
			other := newUser(t, db, "bruno@example.com")
			got, err := repo.Update(ctx, u.ID, func(x *identity.User) error {
				x.Location = "Roma"
				x.StyleAnalysis = []byte(`{"dominant_style":"C"}`)
				x.GoogleSub = "sub-1"
				return nil
			})
			if err != nil || got.Location != "Roma" || string(got.StyleAnalysis) != `{"dominant_style":"C"}` {
				t.Fatalf("%+v %v", got, err)
			}
			if _, err := repo.Update(ctx, u.ID, func(x *identity.User) error { x.Email = other.Email; return nil }); !errors.Is(err, identity.ErrEmailTaken) {
				t.Fatalf("email clash: %v", err)
			}
			if g, err := repo.ByGoogleSub(ctx, "sub-1"); err != nil || g.ID != u.ID {
				t.Fatalf("google sub lookup: %v", err)
			}
			if got.CreatedAt.IsZero() || !got.UpdatedAt.After(got.CreatedAt.Add(-time.Second)) {
				t.Fatalf("timestamps %v %v", got.CreatedAt, got.UpdatedAt)
			}
		})
		t.Run("DeleteCascadesResets", func(t *testing.T) {
			victim := newUser(t, db, "carla@example.com")
			resets := store.NewResetRepo(db)
			if err := resets.Create(ctx, identity.PasswordReset{UserID: victim.ID, TokenHash: "abc", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if err := repo.Delete(ctx, victim.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := resets.Consume(ctx, "abc", time.Now()); !errors.Is(err, identity.ErrResetTokenInvalid) {
				t.Fatalf("reset survived its user: %v", err)
			}
			if err := repo.Delete(ctx, victim.ID); !errors.Is(err, identity.ErrUserNotFound) {
				t.Fatalf("second delete: %v", err)
			}
		})
	})
}

func TestResetRepo_ConsumeOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := newUser(t, db, "anna@example.com")
		resets := store.NewResetRepo(db)
		now := time.Now()
		_ = resets.Create(ctx, identity.PasswordReset{UserID: u.ID, TokenHash: "live", ExpiresAt: now.Add(time.Hour)})
		_ = resets.Create(ctx, identity.PasswordReset{UserID: u.ID, TokenHash: "old", ExpiresAt: now.Add(-time.Second)})
		if _, err := resets.Consume(ctx, "old", now); !errors.Is(err, identity.ErrResetTokenInvalid) {
			t.Fatalf("expired token accepted: %v", err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if id, err := resets.Consume(ctx, "live", now); err == nil && id == u.ID {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("token consumed %d times", wins)
		}
	})
}

func TestResetRepo_Owner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := newUser(t, db, "anna@example.com")
		resets := store.NewResetRepo(db)
		now := time.Now()
		for _, r := range []identity.PasswordReset{
			{UserID: u.ID, TokenHash: "live", ExpiresAt: now.Add(time.Hour)},
			{UserID: u.ID, TokenHash: "old", ExpiresAt: now.Add(-time.Second)},
			{UserID: u.ID, TokenHash: "edge", ExpiresAt: now},
			{UserID: u.ID, TokenHash: "used", ExpiresAt: now.Add(time.Hour)},
		} {
			if err := resets.Create(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := resets.Consume(ctx, "used", now); err != nil {
			t.Fatal(err)
		}
		for _, hash := range []string{"old", "edge", "used", "unknown"} {
			if id, err := resets.Owner(ctx, hash, now); !errors.Is(err, identity.ErrResetTokenInvalid) {
				t.Fatalf("%s: %d %v", hash, id, err)
			}
		}
		// Asked twice, and the token still works once afterwards.
		for i := 0; i < 2; i++ {
			if id, err := resets.Owner(ctx, "live", now); err != nil || id != u.ID {
				t.Fatalf("live, check %d: %d %v", i, id, err)
			}
		}
		if id, err := resets.Consume(ctx, "live", now); err != nil || id != u.ID {
			t.Fatalf("consume after checks: %d %v", id, err)
		}
		if _, err := resets.Owner(ctx, "live", now); !errors.Is(err, identity.ErrResetTokenInvalid) {
			t.Fatalf("consumed token: %v", err)
		}
	})
}

func TestDB_InTx(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewUserRepo(db)
		t.Run("RollbackUndoesAndDropsHooks", func(t *testing.T) {
			hook := false
			boom := errors.New("boom")
			err := db.InTx(ctx, func(ctx context.Context) error {
				u := identity.User{Email: "rolled@example.com", Name: "R", Role: identity.RoleUser}
				if err := repo.Create(ctx, &u); err != nil {
					return err
				}
				unitofwork.AfterCommit(ctx, func() { hook = true })
				return boom
			})
			if !errors.Is(err, boom) || hook {
				t.Fatalf("err=%v hook=%v", err, hook)
			}
			if _, err := repo.ByEmail(ctx, "rolled@example.com"); !errors.Is(err, identity.ErrUserNotFound) {
				t.Fatal("row survived rollback")
			}
		})
		t.Run("NestedFailureKeepsOuterUsable", func(t *testing.T) {
			hook := false
			err := db.InTx(ctx, func(ctx context.Context) error {
				a := identity.User{Email: "outer@example.com", Name: "O", Role: identity.RoleUser}
				if err := repo.Create(ctx, &a); err != nil {
					return err
				}
				inner := db.InTx(ctx, func(ctx context.Context) error {
					dup := identity.User{Email: "outer@example.com", Name: "D", Role: identity.RoleUser}
					return repo.Create(ctx, &dup)
				})
				if !errors.Is(inner, identity.ErrEmailTaken) {
					t.Errorf("inner err = %v", inner)
				}
				unitofwork.AfterCommit(ctx, func() { hook = true })
				b := identity.User{Email: "after@example.com", Name: "A", Role: identity.RoleUser}
				return repo.Create(ctx, &b)
			})
			if err != nil || !hook {
				t.Fatalf("err=%v hook=%v", err, hook)
			}
			if _, err := repo.ByEmail(ctx, "after@example.com"); err != nil {
				t.Fatal("work after a failed savepoint was lost")
			}
		})
		t.Run("ConcurrentReadModifyWrite", func(t *testing.T) {
			u := newUser(t, db, "counter@example.com")
			var wg sync.WaitGroup
			errs := make(chan error, 16)
			for i := 0; i < 16; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for j := 0; j < 5; j++ {
						if _, err := repo.Update(ctx, u.ID, func(x *identity.User) error { x.TokenVersion++; return nil }); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Errorf("update failed: %v", err)
			}
			got, _ := repo.ByID(ctx, u.ID)
			if got.TokenVersion != 80 {
				t.Fatalf("lost updates: version %d, want 80", got.TokenVersion)
			}
		})
	})
}

func TestEmailQueue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		q := store.NewEmailQueue(db)
		now := time.Now().UTC()
		msg := email.Message{To: "a@example.com", Subject: "Ciao è", Text: "t", HTML: "<p>h</p>"}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(q.Enqueue(ctx, email.Job{Kind: "k", Message: msg}))
		must(q.Enqueue(ctx, email.Job{Kind: "r", DedupeKey: "reminder:1", Message: msg}))
		must(q.Enqueue(ctx, email.Job{Kind: "r", DedupeKey: "reminder:1", Message: msg}))
		must(q.Enqueue(ctx, email.Job{Kind: "later", Message: msg, SendAfter: now.Add(time.Hour)}))
		jobs, err := q.Due(ctx, now.Add(time.Second), now.Add(time.Minute), 10)
		must(err)
		if len(jobs) != 2 || jobs[0].Message.Subject != "Ciao è" {
			t.Fatalf("due jobs = %+v", jobs)
		}
		again, err := q.Due(ctx, now.Add(2*time.Second), now.Add(time.Minute), 10)
		must(err)
		if len(again) != 0 {
			t.Fatalf("leased jobs handed out twice: %d", len(again))
		}
		must(q.MarkSent(ctx, jobs[0].ID, now))
		must(q.MarkFailed(ctx, jobs[1].ID, now, "smtp down", now.Add(5*time.Minute), false))
		retry, err := q.Due(ctx, now.Add(6*time.Minute), now.Add(7*time.Minute), 10)
		must(err)
		if len(retry) != 1 || retry[0].ID != jobs[1].ID || retry[0].Attempts != 1 {
			t.Fatalf("retry = %+v", retry)
		}
		must(q.CancelByDedupeKey(ctx, "reminder:1"))
		late, err := q.Due(ctx, now.Add(2*time.Hour), now.Add(3*time.Hour), 10)
		must(err)
		if len(late) != 1 || late[0].Kind != "later" {
			t.Fatalf("late = %+v", late)
		}
	})
}

func TestIdempotencyRepo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		repo := store.NewIdempotencyRepo(db)
		resp := store.IdempotentResponse{RequestHash: "h1", Status: 201, ContentType: "application/json", Body: []byte(`{"id":1}`)}
		if _, err := repo.Find(ctx, "user:1", "k1"); fault.CodeOf(err) != fault.NotFound {
			t.Fatalf("missing key: %v", err)
		}
		if err := repo.Save(ctx, "user:1", "k1", resp); err != nil {
			t.Fatal(err)
		}
		if err := repo.Save(ctx, "user:1", "k1", resp); !errors.Is(err, store.ErrKeyInFlight) {
			t.Fatalf("duplicate save: %v", err)
		}
		if err := repo.Save(ctx, "user:2", "k1", resp); err != nil {
			t.Fatalf("same key, other caller: %v", err)
		}
		got, err := repo.Find(ctx, "user:1", "k1")
		if err != nil || got.Status != 201 || string(got.Body) != `{"id":1}` || got.RequestHash != "h1" {
			t.Fatalf("%+v %v", got, err)
		}
		n, err := repo.Purge(ctx, time.Now().Add(time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("purged %d: %v", n, err)
		}
	})
}

// TestDB_PostgresPoolKeepsWhatABurstOpened holds every connection the pool
// may open at once, then returns them: all stay open for the next burst
// instead of being closed on return and opened again (a new backend each).
func TestDB_PostgresPoolKeepsWhatABurstOpened(t *testing.T) {
	db, err := store.Open(store.Options{URL: storetest.NewPostgresSchema(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	pool := db.SQL()
	limit := pool.Stats().MaxOpenConnections
	if limit < 2 {
		t.Fatalf("pool limit %d", limit)
	}
	ctx := context.Background()
	var held []*sql.Conn
	for i := 0; i < limit; i++ {
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.PingContext(ctx); err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	for _, c := range held {
		_ = c.Close() // back to the pool
	}
	st := pool.Stats()
	if st.MaxIdleClosed != 0 || st.Idle != limit || st.OpenConnections != limit {
		t.Fatalf("after a burst of %d: %d idle, %d open, %d closed for the idle limit; want all %d kept",
			limit, st.Idle, st.OpenConnections, st.MaxIdleClosed, limit)
	}
}
