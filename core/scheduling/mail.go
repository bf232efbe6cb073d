package scheduling

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"interno/core/email"
)

// E-mail kinds, for the queue's statistics.
const (
	KindBooked    = "appointment_booked"
	KindConfirmed = "appointment_confirmed"
	KindRejected  = "appointment_rejected"
	KindCancelled = "appointment_cancelled"
	KindReminder  = "appointment_reminder"
)

// ReminderLead is how long before a confirmed call both sides are reminded.
const ReminderLead = 24 * time.Hour

var monthNames = [12]string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio",
	"agosto", "settembre", "ottobre", "novembre", "dicembre"}

// LongDate renders t in loc the Italian way: "martedì 10 marzo 2026, ore 09:00".
func LongDate(t time.Time, loc *time.Location) string {
	l := t.In(loc)
	day := strings.ToLower(DayNames[(int(l.Weekday())+6)%7])
	return fmt.Sprintf("%s %d %s %d, ore %02d:%02d", day, l.Day(), monthNames[l.Month()-1], l.Year(), l.Hour(), l.Minute())
}

// ReminderKey is the dedupe key of one side's reminder of an appointment:
// the queue keeps one job per key, so a reminder is sent once, even across
// restarts, and a cancelled call's reminder can be dropped by key.
func ReminderKey(id int64, p Party) string {
	return "reminder:appointment:" + strconv.FormatInt(id, 10) + ":" + string(p)
}

type mailer struct {
	queue   email.Queue
	loc     *time.Location
	baseURL string
	now     func() time.Time
}

func (m mailer) when(a Appointment) string {
	return LongDate(a.StartsAt, m.loc) + " (" + m.loc.String() + ")"
}

func (m mailer) send(ctx context.Context, kind, key string, after time.Time, to, subject string, c email.Content, att ...email.Attachment) error {
	if to == "" {
		return nil
	}
	c.Footer = "Interno — il designer giusto per il tuo stile. Hai ricevuto questa e-mail per un appuntamento prenotato su Interno."
	text, html := email.Render(c)
	return m.queue.Enqueue(ctx, email.Job{Kind: kind, DedupeKey: key, SendAfter: after,
		Message: email.Message{To: to, Subject: subject, Text: text, HTML: html, Attachments: att}})
}

func (m mailer) booked(ctx context.Context, a Appointment) error {
	rows := [][2]string{{"Cliente", a.CustomerName}, {"E-mail", a.CustomerEmail}}
	if a.CustomerPhone != "" {
		rows = append(rows, [2]string{"Telefono", a.CustomerPhone})
	}
	rows = append(rows, [2]string{"Quando", m.when(a)}, [2]string{"Durata", minutes(a)})
	paras := []string{a.CustomerName + " ha chiesto una videochiamata con te. Conferma o rifiuta la richiesta dalla tua area designer: il cliente riceverà subito la risposta."}
	if a.Message != "" {
		paras = append(paras, "Messaggio del cliente: "+a.Message)
	}
	return m.send(ctx, KindBooked, "", time.Time{}, a.DesignerEmail, "Nuova richiesta di appuntamento — "+LongDate(a.StartsAt, m.loc),
		email.Content{Preheader: "Un cliente vuole parlarti in videochiamata", Heading: "Nuova richiesta di appuntamento",
			Paragraphs: paras, Rows: rows,
			Button: email.Link{Label: "Gestisci appuntamenti", URL: m.baseURL + "/appuntamenti"}})
}

func (m mailer) confirmed(ctx context.Context, a Appointment) error {
	ics := ICS(Event{UID: eventUID(a.ID, hostOf(m.baseURL)), Start: a.StartsAt, End: a.EndsAt, Stamp: m.now(),
		Summary:     "Videochiamata con " + a.DesignerName + " (Interno)",
		Description: "Videochiamata con il designer " + a.DesignerName + ".\nLink della chiamata: " + a.CallLink,
		Location:    a.CallLink, URL: a.CallLink})
	rows := [][2]string{{"Designer", a.DesignerName}, {"Quando", m.when(a)}, {"Durata", minutes(a)}, {"Link", a.CallLink}}
	paras := []string{a.DesignerName + " ha confermato la vostra videochiamata. All'ora stabilita apri il link qui sotto dal computer o dal telefono: non serve installare nulla.",
		"In allegato trovi l'invito da aggiungere al tuo calendario. Ti ricorderemo l'appuntamento il giorno prima."}
	if a.DesignerNotes != "" {
		paras = append(paras, "Note del designer: "+a.DesignerNotes)
	}
	if err := m.send(ctx, KindConfirmed, "", time.Time{}, a.CustomerEmail, "Appuntamento confermato — "+LongDate(a.StartsAt, m.loc),
		email.Content{Preheader: "La tua videochiamata è confermata", Heading: "Appuntamento confermato", Paragraphs: paras, Rows: rows,
			Button: email.Link{Label: "Partecipa alla chiamata", URL: a.CallLink},
			Links:  []email.Link{{Label: "I tuoi appuntamenti", URL: m.baseURL + "/appuntamenti"}}},
		email.Attachment{Filename: "appuntamento-interno.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH", Data: ics}); err != nil {
		return err
	}
	return m.reminders(ctx, a)
}

// reminders queues one reminder per side, due ReminderLead before the
// call. A call confirmed less than ReminderLead ahead gets none: the
// confirmation itself arrives that close to the call.
func (m mailer) reminders(ctx context.Context, a Appointment) error {
	at := a.StartsAt.Add(-ReminderLead)
	if !at.After(m.now()) {
		return nil
	}
	c := email.Content{Preheader: "La videochiamata è domani", Heading: "Promemoria: videochiamata domani",
		Rows:   [][2]string{{"Designer", a.DesignerName}, {"Cliente", a.CustomerName}, {"Quando", m.when(a)}, {"Link", a.CallLink}},
		Button: email.Link{Label: "Partecipa alla chiamata", URL: a.CallLink}}
	c.Paragraphs = []string{"Ti ricordiamo la videochiamata con " + a.DesignerName + ". Il link funziona dal browser, senza installare nulla."}
	if err := m.send(ctx, KindReminder, ReminderKey(a.ID, ByCustomer), at, a.CustomerEmail, "Promemoria: videochiamata con "+a.DesignerName, c); err != nil {
		return err
	}
	c.Paragraphs = []string{"Ti ricordiamo la videochiamata con " + a.CustomerName + " (" + a.CustomerEmail + ")."}
	if a.Message != "" {
		c.Paragraphs = append(c.Paragraphs, "Messaggio del cliente: "+a.Message)
	}
	return m.send(ctx, KindReminder, ReminderKey(a.ID, ByDesigner), at, a.DesignerEmail, "Promemoria: videochiamata con "+a.CustomerName, c)
}

func (m mailer) rejected(ctx context.Context, a Appointment) error {
	paras := []string{a.DesignerName + " non può confermare la videochiamata richiesta per " + m.when(a) + "."}
	if a.Reason != "" {
		paras = append(paras, "Motivo: "+a.Reason)
	}
	paras = append(paras, "Puoi scegliere un altro orario tra quelli disponibili.")
	return m.send(ctx, KindRejected, "", time.Time{}, a.CustomerEmail, "Appuntamento non confermato",
		email.Content{Preheader: "Il designer non può confermare l'orario scelto", Heading: "Appuntamento non confermato",
			Paragraphs: paras, Button: email.Link{Label: "Scegli un altro orario", URL: m.baseURL + "/appuntamenti/prenota/" + strconv.FormatInt(a.DesignerID, 10)}})
}

// cancelled tells to (one side) that the other side called the appointment off.
func (m mailer) cancelled(ctx context.Context, a Appointment, to, who string) error {
	paras := []string{who + " ha annullato l'appuntamento previsto per " + m.when(a) + "."}
	if a.Reason != "" {
		paras = append(paras, "Motivo: "+a.Reason)
	}
	return m.send(ctx, KindCancelled, "", time.Time{}, to, "Appuntamento annullato",
		email.Content{Preheader: "Un appuntamento è stato annullato", Heading: "Appuntamento annullato", Paragraphs: paras})
}

func minutes(a Appointment) string {
	return strconv.Itoa(int(a.EndsAt.Sub(a.StartsAt)/time.Minute)) + " minuti"
}

func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	return u.Hostname()
}
