package httpapi

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
)

func withFaults(cfg *Config, _ *Deps) { cfg.FaultInjection = true }

func TestFaultSwitch_OffByDefault(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newEnv(t, db)
		addCreateRoute(env)
		for _, m := range []string{"GET", "POST", "DELETE"} {
			r := env.do(req{method: m, path: "/api/_faults", body: map[string]any{"path": "^/api/test/create$", "mode": Fault503AfterCommit}})
			if r.Code != http.StatusNotFound || r.JSON(t)["reason"] != "no_route" {
				t.Fatalf("%s /api/_faults with the switch off: %d %s", m, r.Code, r.Body)
			}
		}
		tok, _ := env.account("off@example.com")
		r := env.do(req{method: "POST", path: "/api/test/create", token: tok, key: "k-off", body: map[string]any{"email": "off-row@example.com"}})
		if r.Code != http.StatusCreated {
			t.Fatalf("request failed with the switch off: %d %s", r.Code, r.Body)
		}
	})
}

func TestFaultSwitch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := newEnv(t, db, withFaults)
		addCreateRoute(env)
		tok, _ := env.account("owner@example.com")
		arm := func(mode string, times int) {
			t.Helper()
			env.expect(req{method: "POST", path: "/api/_faults", body: map[string]any{
				"method": "post", "path": "^/api/test/create$", "mode": mode, "times": times}}, http.StatusCreated)
		}
		post := func(key, emailAddr string) resp {
			return env.do(req{method: "POST", path: "/api/test/create", token: tok, key: key, body: map[string]any{"email": emailAddr}})
		}

		t.Run("ControlEndpointValidates", func(t *testing.T) {
			for _, body := range []map[string]any{
				{"path": "^/api/x", "mode": "explode"},
				{"path": "(", "mode": Fault503AfterCommit},
				{"mode": Fault503AfterCommit},
				{"path": "^/api/x", "mode": Fault503AfterCommit, "times": 1000},
			} {
				if r := env.do(req{method: "POST", path: "/api/_faults", body: body}); r.Code != 422 || r.JSON(t)["reason"] != "fault_invalid" {
					t.Errorf("%v: %d %s", body, r.Code, r.Body)
				}
			}
		})

		t.Run("503AfterCommitThenReplay", func(t *testing.T) {
			arm(Fault503AfterCommit, 1)
			first := post("k-503", "five@example.com")
			if first.Code != http.StatusServiceUnavailable || first.JSON(t)["reason"] != "fault_injected" {
				t.Fatalf("first: %d %s", first.Code, first.Body)
			}
			if first.Header.Get("Idempotent-Replayed") != "" || strings.Contains(string(first.Body), "five@example.com") {
				t.Fatalf("the committed answer leaked into the fault: %v %s", first.Header, first.Body)
			}
			if n := countUsers(t, env, "five@example.com"); n != 1 {
				t.Fatalf("after the fault the row exists %d times, want 1 (committed before the fault)", n)
			}
			retry := post("k-503", "five@example.com")
			if retry.Code != http.StatusCreated || retry.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("retry: %d %v %s", retry.Code, retry.Header, retry.Body)
			}
			if n := countUsers(t, env, "five@example.com"); n != 1 {
				t.Fatalf("retry applied the effect again: %d rows", n)
			}
		})

		t.Run("ListShowsFiredCountsAndDeleteClears", func(t *testing.T) {
			list := env.expect(req{method: "GET", path: "/api/_faults"}, http.StatusOK).JSON(t)["faults"].([]any)
			if len(list) != 1 {
				t.Fatalf("faults: %v", list)
			}
			f := list[0].(map[string]any)
			if f["method"] != "POST" || f["mode"] != Fault503AfterCommit || f["times"] != float64(1) || f["fired"] != float64(1) {
				t.Fatalf("fault: %v", f)
			}
			arm(Fault503AfterCommit, 3)
			env.expect(req{method: "DELETE", path: "/api/_faults"}, http.StatusNoContent)
			if r := post("k-cleared", "cleared@example.com"); r.Code != http.StatusCreated {
				t.Fatalf("a cleared fault still fired: %d %s", r.Code, r.Body)
			}
			list = env.expect(req{method: "GET", path: "/api/_faults"}, http.StatusOK).JSON(t)["faults"].([]any)
			if len(list) != 0 {
				t.Fatalf("after DELETE: %v", list)
			}
		})

		t.Run("OnlyMatchingRequestsAndOnlyTimes", func(t *testing.T) {
			arm(Fault503AfterCommit, 1)
			// Another method or path is not hit and does not use the fault up.
			if r := env.do(req{method: "GET", path: "/api/health"}); r.Code != http.StatusOK {
				t.Fatalf("health: %d", r.Code)
			}
			if r := post("k-times-1", "times1@example.com"); r.Code != http.StatusServiceUnavailable {
				t.Fatalf("armed fault did not fire: %d", r.Code)
			}
			if r := post("k-times-2", "times2@example.com"); r.Code != http.StatusCreated || r.Header.Get("Idempotent-Replayed") != "" {
				t.Fatalf("fault fired more than times: %d %s", r.Code, r.Body)
			}
			env.expect(req{method: "DELETE", path: "/api/_faults"}, http.StatusNoContent)
		})

		t.Run("DropAfterCommitThenReplay", func(t *testing.T) {
			ts := httptest.NewServer(env.srv.Handler())
			defer ts.Close()
			// A new connection per request: Go's transport would otherwise
			// resend a keyed request by itself when a reused connection dies.
			client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
			send := func() (*http.Response, []byte, error) {
				r, _ := http.NewRequest("POST", ts.URL+"/api/test/create", strings.NewReader(`{"email":"drop@example.com"}`))
				r.Header.Set("Authorization", "Bearer "+tok)
				r.Header.Set("Idempotency-Key", "k-drop")
				r.Header.Set("Content-Type", "application/json")
				res, err := client.Do(r)
				if err != nil {
					return nil, nil, err
				}
				defer res.Body.Close()
				body, err := io.ReadAll(res.Body)
				return res, body, err
			}
			arm(FaultDropAfterCommit, 1)
			res, body, err := send()
			if err == nil {
				t.Fatalf("the connection was not dropped: %d %s", res.StatusCode, body)
			}
			var ue interface{ Timeout() bool }
			if errors.As(err, &ue) && ue.Timeout() {
				t.Fatalf("the client timed out instead of seeing the connection close: %v", err)
			}
			if n := countUsers(t, env, "drop@example.com"); n != 1 {
				t.Fatalf("after the drop the row exists %d times, want 1", n)
			}
			res, body, err = send()
			if err != nil || res.StatusCode != http.StatusCreated || res.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("retry: %v %v %s", err, res, body)
			}
			if n := countUsers(t, env, "drop@example.com"); n != 1 {
				t.Fatalf("retry applied the effect again: %d rows", n)
			}
		})
	})
}
