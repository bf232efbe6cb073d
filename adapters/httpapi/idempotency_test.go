package httpapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
	"interno/core/fault"
	"interno/core/identity"
)

// addCreateRoute registers a test endpoint whose effect is one new account,
// so tests can count effects by counting rows.
func addCreateRoute(env *testEnv) {
	users := store.NewUserRepo(env.db)
	env.srv.engine.POST("/api/test/create", func(c *gin.Context) {
		var body struct {
			Email  string `json:"email"`
			Status int    `json:"status"`
		}
		if !bindJSON(c, &body) {
			return
		}
		u := identity.User{Email: body.Email, Name: "I", Role: identity.RoleUser}
		if err := users.Create(c.Request.Context(), &u); err != nil {
			_ = c.Error(err)
			return
		}
		switch body.Status {
		case 500:
			_ = c.Error(errors.New("boom after write"))
		case 422:
			_ = c.Error(fault.New(fault.Invalid, "refused after write"))
		default:
			c.JSON(http.StatusCreated, gin.H{"id": u.ID, "email": u.Email})
		}
	})
}

func countUsers(t *testing.T, env *testEnv, emailAddr string) int {
	t.Helper()
	var n int64
	if err := env.db.Conn(context.Background()).Table("users").Where("email = ?", emailAddr).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestIdempotency(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		addCreateRoute(env)
		tok, _ := env.account("owner@example.com")
		post := func(key string, body any) resp {
			return env.do(req{method: "POST", path: "/api/test/create", token: tok, key: key, body: body})
		}
		t.Run("ReplayReturnsFirstResponseAndChangesNothing", func(t *testing.T) {
			first := post("k-1", map[string]any{"email": "a@example.com"})
			second := post("k-1", map[string]any{"email": "a@example.com"})
			if first.Code != 201 || second.Code != 201 || string(first.Body) != string(second.Body) {
				t.Fatalf("first %d %s / second %d %s", first.Code, first.Body, second.Code, second.Body)
			}
			if second.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatal("replay not marked")
			}
			if n := countUsers(t, env, "a@example.com"); n != 1 {
				t.Fatalf("effect happened %d times", n)
			}
		})
		t.Run("SameKeyOtherBodyIs422", func(t *testing.T) {
			r := post("k-1", map[string]any{"email": "other@example.com"})
			if r.Code != 422 || r.JSON(t)["reason"] != "idempotency_key_reused" {
				t.Fatalf("%d %s", r.Code, r.Body)
			}
			if countUsers(t, env, "other@example.com") != 0 {
				t.Fatal("reused key performed the effect")
			}
		})
		t.Run("KeysAreScopedToTheCaller", func(t *testing.T) {
			other, _ := env.account("other-owner@example.com")
			r := env.do(req{method: "POST", path: "/api/test/create", token: other, key: "k-1", body: map[string]any{"email": "b@example.com"}})
			if r.Code != 201 || r.Header.Get("Idempotent-Replayed") != "" {
				t.Fatalf("%d %s", r.Code, r.Body)
			}
		})
		t.Run("ServerErrorIsRolledBackAndNotStored", func(t *testing.T) {
			r := post("k-500", map[string]any{"email": "c@example.com", "status": 500})
			if r.Code != 500 || countUsers(t, env, "c@example.com") != 0 {
				t.Fatalf("%d, rows %d", r.Code, countUsers(t, env, "c@example.com"))
			}
			retry := post("k-500", map[string]any{"email": "c@example.com"})
			if retry.Code != 201 || countUsers(t, env, "c@example.com") != 1 {
				t.Fatalf("retry after 500: %d %s", retry.Code, retry.Body)
			}
		})
		t.Run("ClientErrorIsStoredWithoutEffect", func(t *testing.T) {
			r := post("k-422", map[string]any{"email": "d@example.com", "status": 422})
			again := post("k-422", map[string]any{"email": "d@example.com", "status": 422})
			if r.Code != 422 || again.Code != 422 || again.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("%d / %d %v", r.Code, again.Code, again.Header)
			}
			if countUsers(t, env, "d@example.com") != 0 {
				t.Fatal("refused request left its partial effect")
			}
		})
		t.Run("CrashBetweenCommitAndResponse", func(t *testing.T) {
			crashed := false
			env.srv.SetAfterCommitHook(func(*gin.Context) {
				if !crashed {
					crashed = true
					panic(http.ErrAbortHandler)
				}
			})
			defer env.srv.SetAfterCommitHook(nil)
			func() {
				defer func() {
					if r := recover(); r != http.ErrAbortHandler {
						t.Fatalf("expected the connection to drop, got %v", r)
					}
				}()
				post("k-crash", map[string]any{"email": "e@example.com"})
			}()
			retry := post("k-crash", map[string]any{"email": "e@example.com"})
			if retry.Code != 201 || retry.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("retry: %d %s", retry.Code, retry.Body)
			}
			if n := countUsers(t, env, "e@example.com"); n != 1 {
				t.Fatalf("effect happened %d times", n)
			}
		})
		t.Run("ConcurrentDuplicateIs409", func(t *testing.T) {
			entered, release := make(chan struct{}), make(chan struct{})
			env.srv.engine.POST("/api/test/slow", func(c *gin.Context) {
				close(entered)
				<-release
				c.JSON(201, gin.H{"ok": true})
			})
			var wg sync.WaitGroup
			var first resp
			wg.Add(1)
			go func() {
				defer wg.Done()
				first = env.do(req{method: "POST", path: "/api/test/slow", token: tok, key: "k-slow", body: map[string]any{}})
			}()
			<-entered
			dup := env.do(req{method: "POST", path: "/api/test/slow", token: tok, key: "k-slow", body: map[string]any{}})
			close(release)
			wg.Wait()
			if dup.Code != 409 || first.Code != 201 {
				t.Fatalf("dup %d %s, first %d", dup.Code, dup.Body, first.Code)
			}
			after := env.do(req{method: "POST", path: "/api/test/slow", token: tok, key: "k-slow", body: map[string]any{}})
			if after.Code != 201 || after.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("after: %d", after.Code)
			}
		})
		t.Run("BadKey", func(t *testing.T) {
			r := post(strings.Repeat("x", 201), map[string]any{"email": "f@example.com"})
			if r.Code != 422 {
				t.Fatalf("%d", r.Code)
			}
		})
	})
}

// TestIdempotency_ParallelReplays fires the same keyed request from many
// goroutines through a real HTTP server: exactly one effect, and every
// answer is either the stored response or a 409 "in progress".
func TestIdempotency_ParallelReplays(t *testing.T) {
	each(t, func(t *testing.T, env *testEnv) {
		addCreateRoute(env)
		tok, _ := env.account("owner@example.com")
		ts := httptest.NewServer(env.srv.Handler())
		defer ts.Close()
		var wg sync.WaitGroup
		codes := make(chan int, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, _ := http.NewRequest("POST", ts.URL+"/api/test/create", strings.NewReader(`{"email":"p@example.com"}`))
				r.Header.Set("Authorization", "Bearer "+tok)
				r.Header.Set("Idempotency-Key", "parallel")
				r.Header.Set("Content-Type", "application/json")
				res, err := (&http.Client{Timeout: 30 * time.Second}).Do(r)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				codes <- res.StatusCode
			}()
		}
		wg.Wait()
		close(codes)
		for c := range codes {
			if c != 201 && c != 409 {
				t.Errorf("unexpected status %d", c)
			}
		}
		if n := countUsers(t, env, "p@example.com"); n != 1 {
			t.Fatalf("effect happened %d times", n)
		}
	})
}
