package messaging

import (
	"context"
	"strconv"
	"unicode/utf8"

	"interno/core/email"
)

// KindUnread is the e-mail kind of unread-message notifications.
const KindUnread = "unread_message"

// NotificationKey names the one e-mail of an unread run: the conversation,
// the side that has not read, and the message that started the run. The
// queue keeps one job per key, so a run never sends two e-mails, and reading
// the conversation drops the job by this key.
func NotificationKey(contactID int64, to Side, fromMessage int64) string {
	return "unread:contact:" + strconv.FormatInt(contactID, 10) + ":" + string(to) + ":" + strconv.FormatInt(fromMessage, 10)
}

// notify queues the delayed e-mail telling m's recipient they have an unread message.
func (s *Service) notify(ctx context.Context, ct Contact, m Message) error {
	if s.d.Mail == nil {
		return nil
	}
	to := m.SenderType.Other()
	addr, sender, link := ct.DesignerEmail, ct.UserName, s.cfg.BaseURL+"/designer-profile?chat="+strconv.FormatInt(ct.ID, 10)
	if to == Customer {
		addr, sender, link = ct.CustomerEmail, ct.DesignerName, s.cfg.BaseURL+"/user-profile?chat="+strconv.FormatInt(ct.ID, 10)
	}
	if addr == "" {
		return nil
	}
	if sender == "" {
		sender = "Qualcuno"
	}
	text, html := email.Render(email.Content{
		Preheader:  sender + " ti ha scritto su Interno",
		Heading:    "Hai un nuovo messaggio da " + sender,
		Paragraphs: []string{"«" + excerpt(m.Body, 300) + "»", "Rispondi dalla chat di Interno: l'altra persona vedrà subito la tua risposta."},
		Button:     email.Link{Label: "Apri la conversazione", URL: link},
		Footer:     "Interno — il designer giusto per il tuo stile. Ti scriviamo una sola volta finché non leggi la conversazione.",
	})
	return s.d.Mail.Enqueue(ctx, email.Job{Kind: KindUnread, DedupeKey: NotificationKey(ct.ID, to, m.ID),
		SendAfter: m.CreatedAt.Add(s.cfg.EmailDelay),
		Message:   email.Message{To: addr, Subject: "Nuovo messaggio da " + sender + " su Interno", Text: text, HTML: html}})
}

func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
