package api_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMessaging(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		bea, _ := s.designerAccount("bea@example.com", "Bea Verdi")
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		admin := s.admin()

		first := s.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": sofiaID, "message": " Ciao Sofia ", "client_id": "a-1"}).JSON()
		id := int64(first["id"].(float64))
		conv := fmt.Sprintf("/api/contacts/%d", id)

		t.Run("OnlyParticipantsReadAndWrite", func(t *testing.T) {
			s.must(401, "GET", conv, "", nil)
			for _, tok := range []string{bruno, bea, admin} {
				s.must(404, "GET", conv, tok, nil)
				s.must(404, "POST", conv+"/messages", tok, map[string]any{"message": "Intruso"})
				s.must(404, "PUT", conv+"/status", tok, map[string]any{"status": "read"})
			}
			s.must(403, "GET", "/api/contacts/designer-contacts", anna, nil)
			if got := s.must(200, "GET", "/api/contacts/designer-contacts", bea, nil).JSON(); got["total"].(float64) != 0 {
				t.Fatalf("another designer sees the conversation: %v", got)
			}
			if got := s.must(200, "GET", "/api/contacts/my-contacts", bruno, nil).JSON(); got["total"].(float64) != 0 {
				t.Fatalf("another customer sees the conversation: %v", got)
			}
		})
		t.Run("ExactlyOnceUnderReplay", func(t *testing.T) {
			again := s.must(200, "POST", "/api/contacts/", anna, map[string]any{"designer_id": sofiaID, "message": "Ciao Sofia", "client_id": "a-1"}).JSON()
			if again["duplicate"] != true {
				t.Fatalf("%v", again)
			}
			s.must(422, "POST", "/api/contacts/", anna, map[string]any{"designer_id": sofiaID, "message": "Altro", "client_id": "a-1"})
			// The same client id sent ten times at once stores one message.
			var wg sync.WaitGroup
			for i := 0; i < 10; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s.call("POST", conv+"/messages", anna, map[string]any{"message": "Ci sei?", "client_id": "a-2"})
				}()
			}
			wg.Wait()
			got := s.must(200, "GET", conv+"?mark_read=false", anna, nil).JSON()
			if got["message_count"].(float64) != 2 {
				t.Fatalf("%v", got)
			}
		})
		t.Run("UnreadETagAndSince", func(t *testing.T) {
			if got := s.must(200, "GET", "/api/contacts/unread-count", sofia, nil).JSON(); got["unread_count"].(float64) != 1 {
				t.Fatalf("%v", got)
			}
			l := s.must(200, "GET", "/api/contacts/designer-contacts", sofia, nil)
			s.must(304, "GET", "/api/contacts/designer-contacts", sofia, nil, "If-None-Match", l.Header.Get("ETag"))
			opened := s.must(200, "GET", conv, sofia, nil)
			if m := opened.JSON(); m["status"] != "read" || m["designer_unread"] != false {
				t.Fatalf("%s", opened.Raw)
			}
			s.must(304, "GET", conv, sofia, nil, "If-None-Match", opened.Header.Get("ETag"))
			msgs := opened.JSON()["messages"].([]any)
			last := int64(msgs[len(msgs)-1].(map[string]any)["id"].(float64))
			s.must(201, "POST", conv+"/messages", sofia, map[string]any{"message": "Ciao Anna, volentieri!"})
			newer := s.must(200, "GET", fmt.Sprintf("%s?since=%d", conv, last), anna, nil).JSON()
			if ms := newer["messages"].([]any); len(ms) != 1 || ms[0].(map[string]any)["sender_type"] != "designer" {
				t.Fatalf("%v", newer)
			}
			if got := s.must(200, "GET", "/api/contacts/unread-count", anna, nil).JSON(); got["unread_count"].(float64) != 0 {
				t.Fatalf("anna read it: %v", got)
			}
		})
		t.Run("UnreadEmailOncePerConversation", func(t *testing.T) {
			s.must(201, "POST", "/api/messages", bruno, map[string]any{"designer_id": sofiaID, "subject": "Bagno", "message": "Primo", "budget": "3000"})
			s.must(201, "POST", "/api/contacts/", bruno, map[string]any{"designer_id": sofiaID, "message": "Secondo"})
			m := s.mailTo("sofia@example.com")
			if !strings.Contains(m.Subject, "Nuovo messaggio") || !strings.Contains(m.Text, "/designer-profile?chat=") {
				t.Fatalf("%+v", m)
			}
			time.Sleep(2 * time.Second)
			n := 0
			names, _ := filepath.Glob(filepath.Join(s.DataDir, "outbox", "*.eml"))
			for _, name := range names {
				if data, err := os.ReadFile(name); err == nil && strings.Contains(string(data), "sofia@example.com") && strings.Contains(string(data), "Primo") {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("%d e-mails for one unread conversation", n)
			}
		})
	}, "INTERNO_MESSAGE_EMAIL_DELAY=1s")
}
