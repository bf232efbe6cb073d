package httpapi

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"interno/adapters/store"
	"interno/adapters/store/storetest"
	"interno/core/identity"
	"interno/core/messaging"
	"interno/internal/wiring"
)

// msgEnv: designers Sofia and Bea, customers Anna and Bruno, an admin.
type msgEnv struct {
	*testEnv
	sofia, bea, anna, bruno, admin string
	sofiaID, beaID                 int64
}

func eachMsg(t *testing.T, fn func(t *testing.T, me *msgEnv)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var svc *messaging.Service
		env := newEnv(t, db, func(cfg *Config, d *Deps) {
			q := store.NewEmailQueue(db)
			svc = messaging.NewService(messaging.Config{EmailDelay: 10 * time.Minute, BaseURL: cfg.BaseURL, Clock: cfg.Clock},
				messaging.Deps{Repo: store.NewMessagingRepo(db), Designers: d.Designers.Refs(), Accounts: wiring.MessagingAccounts{Identity: d.Identity},
					Mail: q, Notifications: wiring.Reminders{Queue: q}, Tx: db})
			d.Messaging = svc
		})
		env.id.OnDelete(func(ctx context.Context, u identity.User) error { return svc.AccountDeleted(ctx, u.ID) })
		me := &msgEnv{testEnv: env}
		me.sofia, me.sofiaID = env.newDesignerAccount("sofia@example.com")
		me.bea, me.beaID = env.newDesignerAccount("bea@example.com")
		me.anna, _ = env.account("anna@example.com")
		me.bruno, _ = env.account("bruno@example.com")
		me.admin, _ = env.withRole("admin@example.com", identity.RoleAdmin)
		fn(t, me)
	})
}

func (me *msgEnv) contact(token string, designerID int64, text string) int64 {
	me.t.Helper()
	r := me.expect(req{method: "POST", path: "/api/contacts/", token: token,
		body: map[string]any{"designer_id": designerID, "message": text}}, 201).JSON(me.t)
	return int64(r["id"].(float64))
}

func TestMessaging_Contact(t *testing.T) {
	eachMsg(t, func(t *testing.T, me *msgEnv) {
		body := map[string]any{"designer_id": me.sofiaID, "message": "  Ciao Sofia  ", "user_name": "Anna N.", "client_id": "c-1"}
		me.expect(req{method: "POST", path: "/api/contacts/", body: body}, 401)
		r := me.expect(req{method: "POST", path: "/api/contacts/", token: me.anna, body: body}, 201).JSON(t)
		ct := r["contact"].(map[string]any)
		if r["message"].(map[string]any)["message"] != "Ciao Sofia" || ct["status"] != "new" || ct["designer_unread"] != true ||
			ct["user_unread"] != false || ct["user_name"] != "Anna N." || ct["user_email"] != "anna@example.com" || r["created"] != true {
			t.Fatalf("%v", r)
		}
		// The same client id again stores nothing new; another text is refused.
		again := me.expect(req{method: "POST", path: "/api/contacts", token: me.anna, body: body}, 200).JSON(t)
		if again["duplicate"] != true || again["message"].(map[string]any)["id"] != r["message"].(map[string]any)["id"] {
			t.Fatalf("%v", again)
		}
		body["message"] = "Altro"
		if got := me.expect(req{method: "POST", path: "/api/contacts/", token: me.anna, body: body}, 422).JSON(t); got["reason"] != "client_id_reused" {
			t.Fatalf("%v", got)
		}
		for _, bad := range []map[string]any{
			{"designer_id": me.sofiaID, "message": "   "},
			{"designer_id": me.sofiaID, "message": strings.Repeat("a", messaging.MaxMessageLength+1)},
			{"designer_id": me.sofiaID},
			{"message": "ciao"},
			{"designer_id": "abc", "message": "ciao"},
			{"designer_id": me.sofiaID, "message": "ciao", "user_email": "nope"},
		} {
			me.expect(req{method: "POST", path: "/api/contacts/", token: me.anna, body: bad}, 422)
		}
		me.expect(req{method: "POST", path: "/api/contacts/", token: me.anna, body: "{"}, 422)
		me.expect(req{method: "POST", path: "/api/contacts/", token: me.anna, body: map[string]any{"designer_id": 99999, "message": "x"}}, 404)
		if got := me.expect(req{method: "POST", path: "/api/contacts/", token: me.sofia, body: map[string]any{"designer_id": me.sofiaID, "message": "x"}}, 400).JSON(t); got["reason"] != "own_profile" {
			t.Fatalf("%v", got)
		}
		// A designer may write to another designer; an admin too.
		me.contact(me.bea, me.sofiaID, "Collaboriamo?")
		me.contact(me.admin, me.sofiaID, "Benvenuta")
		// The message form carries subject and budget and answers with the contact.
		form := me.expect(req{method: "POST", path: "/api/messages", token: me.bruno, body: map[string]any{
			"designer_id": me.sofiaID, "subject": "Cucina", "message": "Preventivo?", "budget": 5000, "lead_id": 3}}, 201).JSON(t)
		if form["subject"] != "Cucina" || form["budget"] != "5000" || form["lead_id"].(float64) != 3 || len(form["messages"].([]any)) != 1 {
			t.Fatalf("%v", form)
		}
		me.expect(req{method: "POST", path: "/api/messages", body: map[string]any{"designer_id": me.sofiaID, "message": "x"}}, 401)
	})
}

func TestMessaging_WhoMayCall(t *testing.T) {
	eachMsg(t, func(t *testing.T, me *msgEnv) {
		id := me.contact(me.anna, me.sofiaID, "Ciao")
		path := "/api/contacts/" + itoa(id)
		// Reading: participants only; everyone else 404, anonymous 401.
		me.expect(req{method: "GET", path: path}, 401)
		for _, tok := range []string{me.bruno, me.bea, me.admin} {
			me.expect(req{method: "GET", path: path, token: tok}, 404)
			me.expect(req{method: "POST", path: path + "/messages", token: tok, body: map[string]any{"message": "x"}}, 404)
			me.expect(req{method: "PUT", path: path + "/status", token: tok, body: map[string]any{"status": "read"}}, 404)
		}
		me.expect(req{method: "POST", path: path + "/messages", body: map[string]any{"message": "x"}}, 401)
		me.expect(req{method: "PUT", path: path + "/status", body: map[string]any{"status": "read"}}, 401)
		me.expect(req{method: "GET", path: "/api/contacts/99999", token: me.anna}, 404)
		me.expect(req{method: "GET", path: "/api/contacts/abc", token: me.anna}, 422)
		me.expect(req{method: "GET", path: path, token: me.anna}, 200)
		me.expect(req{method: "GET", path: path, token: me.sofia}, 200)
		me.expect(req{method: "POST", path: path + "/messages", token: me.sofia, body: map[string]any{"message": "Ciao Anna"}}, 201)
		me.expect(req{method: "POST", path: path + "/messages", token: me.anna, body: map[string]any{"message": " "}}, 422)
		me.expect(req{method: "PUT", path: path + "/status", token: me.anna, body: map[string]any{"status": "archived"}}, 422)
		me.expect(req{method: "PUT", path: path + "/status", token: me.anna, body: map[string]any{"status": "read"}}, 200)

		// Lists: each sees their own.
		me.expect(req{method: "GET", path: "/api/contacts/my-contacts"}, 401)
		if got := me.expect(req{method: "GET", path: "/api/contacts/my-contacts", token: me.anna}, 200).JSON(t); got["total"].(float64) != 1 {
			t.Fatalf("%v", got)
		}
		for _, tok := range []string{me.bruno, me.admin, me.sofia} {
			if got := me.expect(req{method: "GET", path: "/api/contacts/my-contacts", token: tok}, 200).JSON(t); got["total"].(float64) != 0 {
				t.Fatalf("%v", got)
			}
		}
		me.expect(req{method: "GET", path: "/api/contacts/designer-contacts"}, 401)
		me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.anna}, 403)
		me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.admin}, 403)
		if got := me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.bea}, 200).JSON(t); got["total"].(float64) != 0 {
			t.Fatalf("bea sees sofia's: %v", got)
		}
		got := me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.sofia}, 200).JSON(t)
		list := got["contacts"].([]any)
		if len(list) != 1 || list[0].(map[string]any)["last_message"] != "Ciao Anna" || list[0].(map[string]any)["my_side"] != "designer" {
			t.Fatalf("%v", got)
		}
		me.expect(req{method: "GET", path: "/api/contacts/unread-count"}, 401)
		for _, tok := range []string{me.anna, me.bruno, me.sofia, me.bea, me.admin} {
			me.expect(req{method: "GET", path: "/api/contacts/unread-count", token: tok}, 200)
		}
	})
}

func TestMessaging_UnreadAndPolling(t *testing.T) {
	eachMsg(t, func(t *testing.T, me *msgEnv) {
		id := me.contact(me.anna, me.sofiaID, "Ciao")
		path := "/api/contacts/" + itoa(id)
		unread := func(tok string) float64 {
			return me.expect(req{method: "GET", path: "/api/contacts/unread-count", token: tok}, 200).JSON(t)["unread_count"].(float64)
		}
		if unread(me.sofia) != 1 || unread(me.anna) != 0 {
			t.Fatal("designer should have one unread conversation")
		}
		// ETag on the list: unchanged → 304, changed → 200.
		list := me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.sofia}, 200)
		etag := list.Header.Get("ETag")
		if etag == "" {
			t.Fatal("no ETag")
		}
		me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.sofia, header: map[string]string{"If-None-Match": etag}}, 304)
		// Opening marks it read for the designer only.
		conv := me.expect(req{method: "GET", path: path, token: me.sofia}, 200).JSON(t)
		if conv["status"] != "read" || conv["designer_unread"] != false || len(conv["messages"].([]any)) != 1 || conv["has_earlier"] != false {
			t.Fatalf("%v", conv)
		}
		if unread(me.sofia) != 0 {
			t.Fatal("still unread after opening")
		}
		me.expect(req{method: "GET", path: "/api/contacts/designer-contacts", token: me.sofia, header: map[string]string{"If-None-Match": etag}}, 200)
		// ETag on the conversation.
		c1 := me.expect(req{method: "GET", path: path, token: me.sofia}, 200)
		me.expect(req{method: "GET", path: path, token: me.sofia, header: map[string]string{"If-None-Match": c1.Header.Get("ETag")}}, 304)
		reply := me.expect(req{method: "POST", path: path + "/messages", token: me.sofia, body: map[string]any{"message": "Ciao Anna", "client_id": "s-1"}}, 201).JSON(t)
		me.expect(req{method: "GET", path: path, token: me.sofia, header: map[string]string{"If-None-Match": c1.Header.Get("ETag")}}, 200)
		if unread(me.anna) != 1 {
			t.Fatal("customer should be unread after the reply")
		}
		// since: only what is new.
		firstID := int64(conv["messages"].([]any)[0].(map[string]any)["id"].(float64))
		newer := me.expect(req{method: "GET", path: fmt.Sprintf("%s?since=%d&mark_read=false", path, firstID), token: me.anna}, 200).JSON(t)
		msgs := newer["messages"].([]any)
		if len(msgs) != 1 || msgs[0].(map[string]any)["id"] != reply["message"].(map[string]any)["id"] || newer["has_more"] != false {
			t.Fatalf("%v", newer)
		}
		if unread(me.anna) != 1 {
			t.Fatal("mark_read=false must not mark read")
		}
		me.expect(req{method: "GET", path: path + "?since=x", token: me.anna}, 422)
		me.expect(req{method: "GET", path: "/api/contacts/my-contacts?since=yesterday", token: me.anna}, 422)
		// An unread e-mail is queued for Anna (one per run), dropped once she reads.
		if got := me.dueMail("anna@example.com"); len(got) != 1 || !strings.Contains(got[0].Subject, "Nuovo messaggio") {
			t.Fatalf("%v", got)
		}
		me.expect(req{method: "GET", path: path, token: me.anna}, 200)
		if got := me.dueMail("anna@example.com"); len(got) != 0 {
			t.Fatalf("e-mail kept after reading: %v", got)
		}
		// Idempotency-Key replays return the first answer.
		k := req{method: "POST", path: path + "/messages", token: me.anna, key: "k-1", body: map[string]any{"message": "Grazie"}}
		a := me.expect(k, 201).JSON(t)
		b := me.expect(k, 201).JSON(t)
		if a["message"].(map[string]any)["id"] != b["message"].(map[string]any)["id"] {
			t.Fatal("replay stored twice")
		}
		final := me.expect(req{method: "GET", path: path, token: me.anna}, 200).JSON(t)
		if final["message_count"].(float64) != 3 {
			t.Fatalf("%v", final)
		}
	})
}

func TestMessaging_AccountDeletion(t *testing.T) {
	eachMsg(t, func(t *testing.T, me *msgEnv) {
		id := me.contact(me.anna, me.sofiaID, "Ciao")
		me.expect(req{method: "DELETE", path: "/api/users/me", token: me.anna}, 200)
		me.expect(req{method: "GET", path: "/api/contacts/" + itoa(id), token: me.sofia}, 404)
		if got := me.dueMail("sofia@example.com"); len(got) != 0 {
			t.Fatalf("queued e-mail kept: %v", got)
		}
	})
}
