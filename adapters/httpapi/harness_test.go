package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/designers"
	"interno/core/email"
	"interno/core/fault"
	"interno/core/identity"
)

// testEnv is a real router over a real database with fakes only at the
// outer edges (pictures, mail delivery).
type testEnv struct {
	t     *testing.T
	db    *store.DB
	srv   *Server
	id    *identity.Service
	mail  *store.EmailQueue
	pics  *fakePictures
	imgs  *fakeImages
	dsg   *designers.Service
	clock *testClock
}

// fakeImages stores data URLs as numbered paths and records removals; a data
// URL containing "broken" is refused like an undecodable image.
type fakeImages struct {
	mu      sync.Mutex
	n       int
	stored  []string
	removed []string
}

func (f *fakeImages) StoreDataURL(_ context.Context, kind, dataURL string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !strings.HasPrefix(dataURL, "data:image/") || strings.Contains(dataURL, "broken") {
		return "", fault.New(fault.Unsupported, "File is not an image").WithReason("not_an_image")
	}
	f.n++
	p := fmt.Sprintf("uploads/%s/img%d.jpg", kind, f.n)
	f.stored = append(f.stored, p)
	return p, nil
}

// Pixels weighs a fake data URL: "huge" ones hold 30 megapixels, others 270,000.
func (f *fakeImages) Pixels(_ context.Context, dataURL string) (int64, error) {
	switch {
	case !strings.HasPrefix(dataURL, "data:image/") || strings.Contains(dataURL, "broken"):
		return 0, fault.New(fault.Unsupported, "File is not an image").WithReason("not_an_image")
	case strings.Contains(dataURL, "huge"):
		return 30_000_000, nil
	}
	return 270_000, nil
}

func (f *fakeImages) Remove(_ context.Context, p string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.removed = append(f.removed, p)
	return nil
}

type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type fakePictures struct {
	mu    sync.Mutex
	saved []string
}

func (f *fakePictures) SaveProfilePicture(_ context.Context, data []byte) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := "uploads/profile_pictures/test" + string(rune('a'+len(f.saved))) + ".jpg"
	f.saved = append(f.saved, p)
	return p, nil
}

func (f *fakePictures) Remove(context.Context, string) error { return nil }

type idemAdapter struct{ r *store.IdempotencyRepo }

func (a idemAdapter) Find(ctx context.Context, caller, key string) (StoredResponse, error) {
	r, err := a.r.Find(ctx, caller, key)
	return StoredResponse{RequestHash: r.RequestHash, Status: r.Status, ContentType: r.ContentType, Body: r.Body}, err
}

func (a idemAdapter) Lock(ctx context.Context, caller, key string) (bool, error) {
	return a.r.Lock(ctx, caller, key)
}

func (a idemAdapter) Save(ctx context.Context, caller, key string, r StoredResponse) error {
	return a.r.Save(ctx, caller, key, store.IdempotentResponse{RequestHash: r.RequestHash, Status: r.Status, ContentType: r.ContentType, Body: r.Body})
}

// testImageWidths are the imaging adapter's accepted widths (imaging.Widths, wired in internal/app).
var testImageWidths = []int{160, 240, 320, 480, 640, 800, 960, 1200, 1600}

var testWeb = fstest.MapFS{
	"index.html":           {Data: []byte(`<!doctype html><html lang="it"><head><title>Interno</title></head><body><div id="root"></div></body></html>`)},
	"sw.js":                {Data: []byte("self.addEventListener('fetch',()=>{})")},
	"assets/app-abc123.js": {Data: []byte("console.log(1)")},
	"icons/icon-192.png":   {Data: []byte("\x89PNG\r\n\x1a\n")},
	"manifest.webmanifest": {Data: []byte(`{"name":"Interno"}`)},
}

func newEnv(t *testing.T, db *store.DB, mutate ...func(*Config, *Deps)) *testEnv {
	t.Helper()
	env := &testEnv{t: t, db: db, pics: &fakePictures{}, clock: &testClock{now: time.Now().UTC()}}
	tokens, err := identity.NewTokens([]byte(strings.Repeat("s", 32)), env.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	env.mail = store.NewEmailQueue(db)
	env.id = identity.NewService(identity.Deps{Users: store.NewUserRepo(db), Resets: store.NewResetRepo(db),
		Pictures: env.pics, Mail: env.mail, Tx: db, Tokens: tokens, Clock: env.clock.Now, Revoked: store.NewRevocationRepo(db),
		Hasher:  identity.NewPasswordHasher(identity.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1}, 4),
		BaseURL: "http://interno.test"})
	env.imgs = &fakeImages{}
	env.dsg = designers.NewService(store.NewDesignerRepo(db), env.id, env.imgs, db)
	env.id.OnDelete(func(ctx context.Context, u identity.User) error { return env.dsg.RemoveFilesOf(ctx, u.ID) })
	cfg := Config{BaseURL: "http://interno.test", RateLimits: RateLimits{Off: true}, Version: "test", Clock: env.clock.Now, ImageWidths: testImageWidths}
	deps := Deps{DB: db, Tx: db, Idempotency: idemAdapter{store.NewIdempotencyRepo(db)}, Web: testWeb, Identity: env.id, Designers: env.dsg}
	for _, m := range mutate {
		m(&cfg, &deps)
	}
	srv, err := New(cfg, deps)
	if err != nil {
		t.Fatal(err)
	}
	env.srv = srv
	return env
}

// each runs fn against a fresh environment on SQLite and on PostgreSQL.
func each(t *testing.T, fn func(t *testing.T, env *testEnv)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db)) })
}

type resp struct {
	Code   int
	Header http.Header
	Body   []byte
}

func (r resp) JSON(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response is not a JSON object (%d): %s", r.Code, r.Body)
	}
	return m
}

type req struct {
	method, path, token, key string
	body                     any
	header                   map[string]string
}

func (e *testEnv) do(r req) resp {
	e.t.Helper()
	var body io.Reader
	ctype := ""
	switch b := r.body.(type) {
	case nil:
	case string:
		body, ctype = strings.NewReader(b), "application/json"
	case []byte:
		body = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		body, ctype = bytes.NewReader(data), "application/json"
	}
	hr := httptest.NewRequest(r.method, r.path, body)
	if ctype != "" {
		hr.Header.Set("Content-Type", ctype)
	}
	if r.token != "" {
		hr.Header.Set("Authorization", "Bearer "+r.token)
	}
	if r.key != "" {
		hr.Header.Set("Idempotency-Key", r.key)
	}
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(w, hr)
	checkContract(e.t, hr, w)
	return resp{Code: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

func (e *testEnv) expect(r req, status int) resp {
	e.t.Helper()
	got := e.do(r)
	if got.Code != status {
		e.t.Fatalf("%s %s: status %d, want %d; body %s", r.method, r.path, got.Code, status, got.Body)
	}
	return got
}

// account registers a customer and returns its token and id.
func (e *testEnv) account(emailAddr string) (string, int64) {
	e.t.Helper()
	r := e.expect(req{method: "POST", path: "/api/auth/register", body: map[string]any{
		"email": emailAddr, "password": "password123", "name": "Test " + emailAddr}}, http.StatusCreated)
	m := r.JSON(e.t)
	return m["access_token"].(string), int64(m["id"].(float64))
}

// withRole creates an account with the given role directly.
func (e *testEnv) withRole(emailAddr string, role identity.Role) (string, int64) {
	e.t.Helper()
	u, err := e.id.CreateAccount(context.Background(), emailAddr, "Role "+string(role), "password123", role)
	if err != nil {
		e.t.Fatal(err)
	}
	s, err := e.id.Issue(u, false)
	if err != nil {
		e.t.Fatal(err)
	}
	return s.Token, u.ID
}

// dueMail returns queued messages to an address.
func (e *testEnv) dueMail(to string) []email.Message {
	e.t.Helper()
	now := e.db.Now().Add(time.Hour)
	jobs, err := e.mail.Due(context.Background(), now, now.Add(time.Minute), 100)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []email.Message
	for _, j := range jobs {
		if j.Message.To == to {
			out = append(out, j.Message)
		}
	}
	return out
}
