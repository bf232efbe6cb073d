package api_test

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"interno/adapters/webpush/pushtest"
)

// pushService starts a local push service trusting the server's VAPID key.
func (s *server) pushService(t *testing.T) *pushtest.Service {
	t.Helper()
	key := s.must(200, "GET", "/api/push/key", "", nil).JSON()["public_key"].(string)
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil || len(raw) != 65 || raw[0] != 4 {
		t.Fatalf("public_key %q is not an uncompressed P-256 point in base64url", key)
	}
	return pushtest.New(t, key)
}

func (s *server) devices(token string) []any {
	s.t.Helper()
	return s.must(200, "GET", "/api/push/subscriptions", token, nil).JSON()["subscriptions"].([]any)
}

// TestPush runs the binary with the tests-only loopback switch and a local
// push service: real flows through the API each push once, the push
// service's 503 is retried and its 410 deletes the device.
func TestPush(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		if len(s.logLines("INTERNO_PUSH_ALLOW_LOOPBACK is on: push subscriptions may point at loopback addresses over plain http, so anyone can make this server post to its own ports; tests only, never in production")) != 1 {
			t.Error("the tests-only switch was not announced at start")
		}
		ps := s.pushService(t)
		sofia, sofiaID := s.designerAccount("sofia@example.com", "Sofia Marino")
		s.openWeek(sofia, sofiaID)
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		phone, annaPhone := ps.Device(), ps.Device()
		s.must(201, "POST", "/api/push/subscriptions", sofia, phone.Subscription())
		s.must(201, "POST", "/api/push/subscriptions", anna, annaPhone.Subscription("messages", "appointments", "reminders"))

		t.Run("StrangersSeeAndDeleteNothing", func(t *testing.T) {
			s.must(401, "GET", "/api/push/subscriptions", "", nil)
			s.must(401, "POST", "/api/push/subscriptions", "", ps.Device().Subscription())
			s.must(401, "DELETE", "/api/push/subscriptions", "", map[string]any{"endpoint": annaPhone.Endpoint})
			if len(s.devices(bruno)) != 0 {
				t.Fatal("bruno sees devices that are not his")
			}
			s.must(404, "DELETE", "/api/push/subscriptions", bruno, map[string]any{"endpoint": annaPhone.Endpoint})
			s.must(404, "DELETE", "/api/push/subscriptions", sofia, map[string]any{"endpoint": annaPhone.Endpoint})
			if len(s.devices(anna)) != 1 {
				t.Fatal("another account deleted anna's device")
			}
		})

		t.Run("BadInputIsRefused", func(t *testing.T) {
			good := ps.Device().Subscription()
			keys := good["keys"]
			for _, body := range []any{
				`{"endpoint": [], "keys": {}}`,
				map[string]any{"endpoint": "https://10.1.1.1/push/x", "keys": keys},
				map[string]any{"endpoint": "https://169.254.169.254/latest", "keys": keys},
				map[string]any{"endpoint": "https://[fd00::1]/push/x", "keys": keys},
				map[string]any{"endpoint": "http://142.250.180.10/push/x", "keys": keys},
				map[string]any{"endpoint": "gopher://142.250.180.10/x", "keys": keys},
				map[string]any{"endpoint": good["endpoint"], "keys": map[string]any{"p256dh": strings.Repeat("B", 500), "auth": "x"}},
				map[string]any{"endpoint": good["endpoint"], "keys": keys, "kinds": []string{"offerte"}},
			} {
				r := s.must(422, "POST", "/api/push/subscriptions", bruno, body).JSON()
				if r["detail"] == nil {
					t.Fatalf("%v", r)
				}
			}
			s.must(422, "PUT", "/api/push/preferences", bruno, map[string]any{"messages": "no"})
			if len(s.devices(bruno)) != 0 {
				t.Fatal("bad input stored a device")
			}
		})

		// A booking request reaches the designer's phone.
		when := slotAt(t, 3, 11)
		appt := s.must(201, "POST", "/api/appointments/", anna, map[string]any{"designer_id": sofiaID, "appointment_date": when}).JSON()
		apptID := int64(appt["id"].(float64))
		p := ps.WaitAccepted(t, phone, 1, 30*time.Second)[0]
		m := p.JSON(t)
		if m["title"] != "Nuova richiesta di appuntamento" || !strings.HasPrefix(m["body"].(string), "Cliente anna@example.com chiede una videochiamata per ") ||
			m["url"] != fmt.Sprintf("/appuntamenti?appuntamento=%d", apptID) || p.Topic != fmt.Sprintf("appointment-%d", apptID) || p.Urgency != "high" {
			t.Fatalf("%v %+v", m, p)
		}

		// A long message: a 100-character preview.
		long := strings.Repeat("Cerco un progetto per la cucina e il soggiorno. ", 8) + "FINE-DEL-MESSAGGIO"
		contactID := int64(s.must(201, "POST", "/api/contacts/", anna, map[string]any{"designer_id": sofiaID, "message": long}).JSON()["id"].(float64))
		p = ps.WaitAccepted(t, phone, 2, 30*time.Second)[1]
		m = p.JSON(t)
		if m["title"] != "Nuovo messaggio da Cliente anna@example.com" || utf8.RuneCountInString(m["body"].(string)) != 100 ||
			strings.Contains(string(p.Payload), "FINE-DEL-MESSAGGIO") || m["url"] != fmt.Sprintf("/designer-profile?chat=%d", contactID) ||
			p.Topic != fmt.Sprintf("contact-%d", contactID) || p.TTL < 86000 {
			t.Fatalf("%v %+v", m, p)
		}

		// Read on another device: the phone's notification is closed.
		s.must(200, "GET", fmt.Sprintf("/api/contacts/%d", contactID), sofia, nil)
		if m = ps.WaitAccepted(t, phone, 3, 30*time.Second)[2].JSON(t); m["type"] != "close" || m["tag"] != fmt.Sprintf("contact-%d", contactID) {
			t.Fatalf("%v", m)
		}

		// The designer's reply, then the confirmation with the call's button.
		s.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), sofia, map[string]any{"message": "Certo, ne parliamo in call."})
		if m = ps.WaitAccepted(t, annaPhone, 1, 30*time.Second)[0].JSON(t); m["title"] != "Nuovo messaggio da Sofia Marino" {
			t.Fatalf("%v", m)
		}
		link := s.must(200, "PUT", fmt.Sprintf("/api/appointments/%d/confirm", apptID), sofia, map[string]any{}).JSON()["call_link"]
		m = ps.WaitAccepted(t, annaPhone, 2, 30*time.Second)[1].JSON(t)
		if actions, _ := m["actions"].([]any); m["title"] != "Appuntamento confermato" || len(actions) != 1 || actions[0].(map[string]any)["url"] != link {
			t.Fatalf("%v (link %v)", m, link)
		}

		// 503 then 201: retried once, after the Retry-After.
		ps.Script(phone, pushtest.Reply{Status: 503, RetryAfter: "1"})
		s.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), anna, map[string]any{"message": "Va bene alle 11?"})
		ps.WaitAccepted(t, phone, 4, 30*time.Second)
		if got := ps.Received(phone); len(got) != 5 || got[3].Status != 503 || got[4].Status != 201 || string(got[3].Payload) != string(got[4].Payload) {
			t.Fatalf("%+v", got)
		}

		// 410: the device is deleted.
		ps.Script(annaPhone, pushtest.Reply{Status: 410})
		s.must(201, "POST", fmt.Sprintf("/api/contacts/%d/messages", contactID), sofia, map[string]any{"message": "Perfetto."})
		deadline := time.Now().Add(30 * time.Second)
		for len(s.devices(anna)) != 0 {
			if time.Now().After(deadline) {
				t.Fatalf("a device answered 410 is still registered; pushes %+v", ps.Received(annaPhone))
			}
			time.Sleep(50 * time.Millisecond)
		}
		// Anna's phone: the reply, the confirmation, the reply's notification
		// closed when she answered it, then the 410.
		if got := ps.Received(annaPhone); len(got) != 4 || got[2].JSON(t)["type"] != "close" || got[3].Status != 410 {
			t.Fatalf("%+v", got)
		}
		if errs := ps.Errors(); len(errs) != 0 {
			t.Fatalf("pushes that failed the push service's checks: %+v", errs)
		}
		// Logout removes this device's subscription: DELETE by endpoint.
		s.must(204, "DELETE", "/api/push/subscriptions", sofia, map[string]any{"endpoint": phone.Endpoint})
		if len(s.devices(sofia)) != 0 {
			t.Fatal("the designer's device is still registered")
		}
	}, "INTERNO_PUSH_ALLOW_LOOPBACK=true")
}

// TestPush_LoopbackNeedsTheSwitch: without the tests-only switch the server
// refuses a push service on loopback.
func TestPush_LoopbackNeedsTheSwitch(t *testing.T) {
	s := start(t, "sqlite")
	ps := s.pushService(t)
	anna, _ := s.register("anna@example.com")
	r := s.must(422, "POST", "/api/push/subscriptions", anna, ps.Device().Subscription()).JSON()
	if r["reason"] != "endpoint_not_allowed" {
		t.Fatalf("%v", r)
	}
	if len(s.devices(anna)) != 0 {
		t.Fatal("stored")
	}
}

// TestPush_SessionsEndedDropDevices: logout everywhere and a password reset
// end the account's push devices with its sessions (the built binary, both
// engines); other accounts keep theirs, and a device registers again after
// signing in.
func TestPush_SessionsEndedDropDevices(t *testing.T) {
	each(t, func(t *testing.T, s *server) {
		ps := s.pushService(t)
		anna, _ := s.register("anna@example.com")
		bruno, _ := s.register("bruno@example.com")
		laptop := s.login("anna@example.com", "password123")
		s.must(201, "POST", "/api/push/subscriptions", anna, ps.Device().Subscription())
		s.must(201, "POST", "/api/push/subscriptions", laptop, ps.Device().Subscription())
		s.must(201, "POST", "/api/push/subscriptions", bruno, ps.Device().Subscription())

		s.must(204, "POST", "/api/auth/logout-all", laptop, nil)
		anna = s.login("anna@example.com", "password123")
		if l := s.devices(anna); len(l) != 0 {
			t.Fatalf("devices survived logout everywhere: %v", l)
		}
		s.must(201, "POST", "/api/push/subscriptions", anna, ps.Device().Subscription())

		s.must(200, "POST", "/api/auth/request-password-reset", "", map[string]any{"email": "anna@example.com"})
		m := s.mailTo("anna@example.com")
		i := strings.Index(m.Text, s.URL+"/reset-password?token=")
		if i < 0 {
			t.Fatalf("no reset link in %q", m.Text)
		}
		link, _ := url.Parse(strings.Fields(m.Text[i:])[0])
		s.must(200, "POST", "/api/auth/reset-password", "", map[string]any{"token": link.Query().Get("token"), "new_password": "nuova-password"})
		if l := s.devices(s.login("anna@example.com", "nuova-password")); len(l) != 0 {
			t.Fatalf("devices survived the password reset: %v", l)
		}
		if l := s.devices(bruno); len(l) != 1 {
			t.Fatalf("another account lost its device: %v", l)
		}
	}, "INTERNO_PUSH_ALLOW_LOOPBACK=true")
}
