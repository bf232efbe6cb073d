package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// keyed sends one request with an Idempotency-Key on a connection of its
// own (Go's transport would resend a keyed request by itself when a reused
// connection dies) and returns the transport error instead of failing.
func (s *server) keyed(method, path, token, key string, body any) (reply, error) {
	s.t.Helper()
	data, _ := json.Marshal(body)
	req, err := http.NewRequest(method, s.URL+path, bytes.NewReader(data))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := client.Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return reply{Status: res.StatusCode, Header: res.Header, Raw: raw}, err
}

func (s *server) armFault(method, pathRE, mode string) {
	s.t.Helper()
	s.must(201, "POST", "/api/_faults", "", map[string]any{"method": method, "path": pathRE, "mode": mode, "times": 1})
}

func TestFaultInjection_OffByDefault(t *testing.T) {
	s := start(t, "sqlite")
	for _, m := range []string{"GET", "POST", "DELETE"} {
		if r := s.call(m, "/api/_faults", "", map[string]any{"path": ".", "mode": "503_after_commit"}); r.Status != 404 {
			t.Fatalf("%s /api/_faults with the switch off: %d %s", m, r.Status, r.Raw)
		}
	}
	if strings.Contains(s.logs.String(), "INTERNO_FAULT_INJECTION is on") {
		t.Fatal("the fault-injection warning was logged with the switch off")
	}
}

// TestFaultInjection_RetriesDoNotDuplicate hits real endpoints with a 503 and
// a dropped connection after the server committed, then retries with the
// same keys: every action exists once, in the order it was made.
func TestFaultInjection_RetriesDoNotDuplicate(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		if len(s.logLines("INTERNO_FAULT_INJECTION is on: POST /api/_faults lets anyone make this server fail requests after committing them; tests only, never in production")) != 1 {
			t.Fatalf("no start-up warning:\n%s", tail(s.logs.String(), 20))
		}
		_, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		anna, _ := s.register("anna@example.com")

		t.Run("ChatMessages", func(t *testing.T) {
			first := s.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": sofiaID, "message": "Buongiorno"}).JSON()
			conv := fmt.Sprintf("/api/contacts/%d", int64(first["id"].(float64)))

			s.armFault("POST", `^/api/contacts/\d+/messages$`, "drop_after_commit")
			if r, err := s.keyed("POST", conv+"/messages", anna, "m-1", map[string]any{"message": "Uno"}); err == nil {
				t.Fatalf("the connection was not dropped: %d %s", r.Status, r.Raw)
			}
			s.armFault("POST", `^/api/contacts/\d+/messages$`, "503_after_commit")
			if r, _ := s.keyed("POST", conv+"/messages", anna, "m-2", map[string]any{"message": "Due"}); r.Status != 503 || r.JSON()["reason"] != "fault_injected" {
				t.Fatalf("second message: %d %s", r.Status, r.Raw)
			}
			// The client's outbox retries both, in order, with the same keys.
			for _, m := range []struct{ key, text string }{{"m-1", "Uno"}, {"m-2", "Due"}} {
				r, err := s.keyed("POST", conv+"/messages", anna, m.key, map[string]any{"message": m.text})
				if err != nil || r.Status != 201 || r.Header.Get("Idempotent-Replayed") != "true" {
					t.Fatalf("retry of %s: %v %d %v %s", m.text, err, r.Status, r.Header, r.Raw)
				}
			}
			msgs := s.must(200, "GET", conv+"?mark_read=false", anna, nil).JSON()["messages"].([]any)
			var texts []string
			for _, m := range msgs {
				texts = append(texts, m.(map[string]any)["message"].(string))
			}
			if strings.Join(texts, "|") != "Buongiorno|Uno|Due" {
				t.Fatalf("messages on the server: %q", texts)
			}
			faults := s.must(200, "GET", "/api/_faults", "", nil).JSON()["faults"].([]any)
			for _, f := range faults {
				if f.(map[string]any)["fired"] != float64(1) {
					t.Fatalf("a fault did not fire exactly once: %v", faults)
				}
			}
		})

		t.Run("LikeToggle", func(t *testing.T) {
			// A like is a toggle: applied twice it would be undone.
			s.armFault("POST", `^/api/likes$`, "503_after_commit")
			if r, _ := s.keyed("POST", "/api/likes", anna, "like-1", map[string]any{"designer_id": sofiaID}); r.Status != 503 {
				t.Fatalf("like: %d %s", r.Status, r.Raw)
			}
			r, err := s.keyed("POST", "/api/likes", anna, "like-1", map[string]any{"designer_id": sofiaID})
			if err != nil || r.Status != 200 || r.JSON()["liked"] != true || r.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("retry: %v %d %s", err, r.Status, r.Raw)
			}
			count := s.must(200, "GET", fmt.Sprintf("/api/likes/designer/%d/count", sofiaID), "", nil).JSON()
			status := s.must(200, "GET", fmt.Sprintf("/api/likes/status/%d", sofiaID), anna, nil).JSON()
			if count["like_count"] != float64(1) || status["is_liked"] != true {
				t.Fatalf("count %v, status %v", count, status)
			}
		})

		t.Run("DeleteClears", func(t *testing.T) {
			s.armFault("POST", `^/api/shares$`, "503_after_commit")
			s.must(204, "DELETE", "/api/_faults", "", nil)
			s.must(201, "POST", "/api/shares", anna, map[string]any{"designer_id": sofiaID, "platform": "link"}, "Idempotency-Key", "share-1")
		})
	}, "INTERNO_FAULT_INJECTION=true")
}
