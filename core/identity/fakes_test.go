package identity

import (
	"context"
	"sync"
	"time"

	"interno/core/email"
	"interno/core/fault"
)

type memUsers struct {
	mu   sync.Mutex
	next int64
	byID map[int64]User
}

func newMemUsers() *memUsers { return &memUsers{byID: map[int64]User{}} }

func (m *memUsers) Create(_ context.Context, u *User) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, o := range m.byID {
		if o.Email == u.Email || (u.GoogleSub != "" && o.GoogleSub == u.GoogleSub) {
			return ErrEmailTaken
		}
	}
	m.next++
	u.ID = m.next
	m.byID[u.ID] = *u
	return nil
}

func (m *memUsers) ByID(_ context.Context, id int64) (User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	u, ok := m.byID[id]
	if !ok {
		return User{}, ErrUserNotFound
	}
	return u, nil
}

func (m *memUsers) find(pred func(User) bool) (User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, u := range m.byID {
		if pred(u) {
			return u, nil
		}
	}
	return User{}, ErrUserNotFound
}

func (m *memUsers) ByEmail(_ context.Context, e string) (User, error) {
	return m.find(func(u User) bool { return u.Email == e })
}

func (m *memUsers) ByGoogleSub(_ context.Context, s string) (User, error) {
	return m.find(func(u User) bool { return u.GoogleSub != "" && u.GoogleSub == s })
}

func (m *memUsers) Update(_ context.Context, id int64, fn func(*User) error) (User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	u, ok := m.byID[id]
	if !ok {
		return User{}, ErrUserNotFound
	}
	if err := fn(&u); err != nil {
		return User{}, err
	}
	for oid, o := range m.byID {
		if oid != id && o.Email == u.Email {
			return User{}, ErrEmailTaken
		}
	}
	m.byID[id] = u
	return u, nil
}

func (m *memUsers) Delete(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.byID[id]; !ok {
		return ErrUserNotFound
	}
	delete(m.byID, id)
	return nil
}

type memResets struct {
	mu   sync.Mutex
	rows map[string]*resetRow
}

type resetRow struct {
	r    PasswordReset
	used bool
}

func (m *memResets) Create(_ context.Context, r PasswordReset) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rows[r.TokenHash] = &resetRow{r: r}
	return nil
}

func (m *memResets) Consume(_ context.Context, h string, now time.Time) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	row, ok := m.rows[h]
	if !ok || row.used || !now.Before(row.r.ExpiresAt) {
		return 0, ErrResetTokenInvalid
	}
	row.used = true
	return row.r.UserID, nil
}

func (m *memResets) Owner(_ context.Context, h string, now time.Time) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	row, ok := m.rows[h]
	if !ok || row.used || !now.Before(row.r.ExpiresAt) {
		return 0, ErrResetTokenInvalid
	}
	return row.r.UserID, nil
}

func (m *memResets) DeleteForUser(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, r := range m.rows {
		if r.r.UserID == id {
			delete(m.rows, k)
		}
	}
	return nil
}

type memMail struct {
	mu   sync.Mutex
	jobs []email.Job
}

func (m *memMail) Enqueue(_ context.Context, j email.Job) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.jobs = append(m.jobs, j)
	return nil
}

type memPictures struct{ saved, removed []string }

func (m *memPictures) SaveProfilePicture(_ context.Context, data []byte) (string, error) {
	p := "uploads/profile_pictures/p" + string(rune('a'+len(m.saved))) + ".jpg"
	m.saved = append(m.saved, p)
	return p, nil
}

func (m *memPictures) Remove(_ context.Context, p string) error {
	m.removed = append(m.removed, p)
	return nil
}

type directTx struct{}

func (directTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

type fakeGoogle struct {
	id  GoogleIdentity
	err error
}

func (f fakeGoogle) Verify(context.Context, string) (GoogleIdentity, error) { return f.id, f.err }

var errGoogleBad = fault.New(fault.Unauthorized, "bad token")
