package push

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Payload limits. webpush-go pads every message into one 4096-byte record,
// which holds at most 3993 bytes of plain text; MaxPayload leaves room to spare.
const (
	MaxPayload = 3072
	// PreviewLength bounds every text taken from what people typed (a
	// message, a reason) in a notification's body.
	PreviewLength = 100
	// NameLength bounds a person's name in a notification's title.
	NameLength = 60
	// MaxLinkLength bounds an action's external link (the call link); a
	// longer one is left out rather than cut.
	MaxLinkLength = 512
	// ReminderLead is how long before a confirmed call both sides get a push.
	ReminderLead = time.Hour
	// MessageTTL is how long a chat notification waits for an offline device.
	MessageTTL = 24 * time.Hour
)

// Payload is the JSON the service worker receives (decrypted by the browser).
// Type "show" displays a notification, "close" closes the ones with Tag.
type Payload struct {
	V     int    `json:"v"`
	Type  string `json:"type"`
	Kind  Kind   `json:"kind"`
	Tag   string `json:"tag"`
	Title string `json:"title,omitempty"`
	Body  string `json:"body,omitempty"`
	// URL is the screen to open, a path of this site.
	URL     string   `json:"url,omitempty"`
	Actions []Action `json:"actions,omitempty"`
	// Badge is the recipient's unread conversations, for navigator.setAppBadge.
	Badge *int `json:"badge,omitempty"`
	// UserID is the recipient account, so a device signed out meanwhile can drop it.
	UserID int64 `json:"uid"`
	// Timestamp is when it happened, in milliseconds (the notification's timestamp).
	Timestamp int64 `json:"ts"`
}

// Action is a button on the notification; URL may be another site (the call).
type Action struct {
	Action string `json:"action"`
	Title  string `json:"title"`
	URL    string `json:"url"`
}

// encode marshals p without HTML escaping and checks it fits one push.
func (p Payload) encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	out := bytes.TrimRight(b.Bytes(), "\n")
	if len(out) > MaxPayload {
		return nil, fmt.Errorf("push payload of %d bytes is over %d", len(out), MaxPayload)
	}
	return out, nil
}

// ContactTopic is the tag and Topic of a conversation's notification: one
// per conversation, replaced by the next message rather than stacked.
func ContactTopic(contactID int64) string { return "contact-" + strconv.FormatInt(contactID, 10) }

// AppointmentTopic is the tag and Topic of an appointment's notifications:
// a cancellation replaces the request, a reminder the confirmation.
func AppointmentTopic(id int64) string { return "appointment-" + strconv.FormatInt(id, 10) }

// AppointmentLink is the screen of one appointment.
func AppointmentLink(id int64) string {
	return "/appuntamenti?appuntamento=" + strconv.FormatInt(id, 10)
}

// ChatLink is the screen of one conversation for its designer or customer.
func ChatLink(contactID int64, designer bool) string {
	if designer {
		return "/designer-profile?chat=" + strconv.FormatInt(contactID, 10)
	}
	return "/user-profile?chat=" + strconv.FormatInt(contactID, 10)
}

// MessageNotice is a chat message for its recipient.
type MessageNotice struct {
	ContactID int64
	MessageID int64
	// To is the recipient's account; ToDesigner says which side they are on.
	To         int64
	ToDesigner bool
	Sender     string
	Text       string
	At         time.Time
	// Unread counts the recipient's unread conversations (the badge); it
	// is only called when a push is queued.
	Unread func(context.Context) (int, error)
}

// Message pushes a chat message to its recipient's devices, unless the
// recipient has the app open (it arrives there live). Called in the
// message's transaction.
func (s *Service) Message(ctx context.Context, n MessageNotice) error {
	if s.d.Presence != nil && s.d.Presence.Online(n.To) {
		return nil
	}
	if has, err := s.d.Repo.HasSubscriptions(ctx, n.To); err != nil || !has {
		return err
	}
	sender := cleanLine(n.Sender, NameLength)
	if sender == "" {
		sender = "Qualcuno"
	}
	p := Payload{Type: "show", Kind: KindMessage, Tag: ContactTopic(n.ContactID), Title: "Nuovo messaggio da " + sender,
		Body: cleanLine(n.Text, PreviewLength), URL: ChatLink(n.ContactID, n.ToDesigner), UserID: n.To, Timestamp: n.At.UnixMilli()}
	if n.Unread != nil {
		count, err := n.Unread(ctx)
		if err != nil {
			return err
		}
		p.Badge = &count
	}
	return s.queue(ctx, p, Job{UserID: n.To, Kind: KindMessage, Category: Messages, Urgency: High,
		DedupeKey: "push:message:" + strconv.FormatInt(n.MessageID, 10), ExpiresAt: s.now().Add(MessageTTL)})
}

// ReadNotice says an account read a conversation (opened it, marked it read,
// or replied).
type ReadNotice struct {
	ContactID int64
	Reader    int64
	Unread    func(context.Context) (int, error)
}

// Read drops the conversation's message pushes not yet sent to the reader
// and closes its notification on the reader's devices that showed it, with
// the new unread count for the badge. Called in the reading transaction.
func (s *Service) Read(ctx context.Context, n ReadNotice) error {
	topic := ContactTopic(n.ContactID)
	if err := s.d.Queue.CancelTopic(ctx, n.Reader, KindMessage, topic); err != nil {
		return err
	}
	if shown, err := s.d.Repo.HasShown(ctx, n.Reader, topic); err != nil || !shown {
		return err
	}
	p := Payload{Type: "close", Kind: KindClose, Tag: topic, UserID: n.Reader, Timestamp: s.now().UnixMilli()}
	if n.Unread != nil {
		count, err := n.Unread(ctx)
		if err != nil {
			return err
		}
		p.Badge = &count
	}
	return s.queue(ctx, p, Job{UserID: n.Reader, Kind: KindClose, Urgency: Normal, ExpiresAt: s.now().Add(MessageTTL)})
}

// queue encodes the payload into j and enqueues it with the payload's tag as topic.
func (s *Service) queue(ctx context.Context, p Payload, j Job) error {
	p.V = 1
	body, err := p.encode()
	if err != nil {
		return err
	}
	j.Payload, j.Topic = body, p.Tag
	return s.enqueue(ctx, j)
}

// Step is what happened to an appointment.
type Step string

// The steps that push something (or drop queued reminders).
const (
	StepBooked    Step = "booked"
	StepConfirmed Step = "confirmed"
	StepRejected  Step = "rejected"
	// StepCancelled is a cancellation by Appointment.CancelledBy (the
	// customer withdrawing a request, or an account deleted).
	StepCancelled Step = "cancelled"
	// StepEnded is a completed or deleted appointment: only its pending
	// reminders are dropped.
	StepEnded Step = "ended"
)

// Appointment is what push needs of an appointment.
type Appointment struct {
	ID             int64
	DesignerID     int64
	DesignerUserID int64
	CustomerID     int64
	DesignerName   string
	CustomerName   string
	StartsAt       time.Time
	// When is the start in words ("martedì 10 marzo 2026, ore 09:00") and
	// Time only the hour ("09:00"), both in the business time zone.
	When     string
	Time     string
	CallLink string
	Reason   string
	// CancelledBy is "customer" or "designer".
	CancelledBy string
}

// ReminderKey is the dedupe key of one side's reminder push, by which a call
// that will not happen drops it.
func ReminderKey(appointmentID int64, side string) string {
	return "push:reminder:" + strconv.FormatInt(appointmentID, 10) + ":" + side
}

// Appointment pushes an appointment's step to the side it concerns: a new
// request or a cancellation to the designer, a confirmation (and, an hour
// before the call, a reminder to both sides) or a refusal to the customer.
// Called in the step's transaction.
func (s *Service) Appointment(ctx context.Context, step Step, a Appointment) error {
	now := s.now()
	designer, customer := cleanLine(a.DesignerName, NameLength), cleanLine(a.CustomerName, NameLength)
	if designer == "" {
		designer = "Il designer"
	}
	if customer == "" {
		customer = "Il cliente"
	}
	// An appointment's notice is worth delivering until the call starts.
	expires := a.StartsAt
	if floor := now.Add(10 * time.Minute); expires.Before(floor) {
		expires = floor
	}
	if ceiling := now.Add(MaxTTL); expires.After(ceiling) {
		expires = ceiling
	}
	base := Payload{Type: "show", Tag: AppointmentTopic(a.ID), URL: AppointmentLink(a.ID), Timestamp: now.UnixMilli()}
	key := func(what string) string {
		return "push:" + what + ":" + strconv.FormatInt(a.ID, 10)
	}
	join := joinAction(a.CallLink)
	switch step {
	case StepBooked:
		p := base
		p.Kind, p.UserID, p.Title = KindBookingRequested, a.DesignerUserID, "Nuova richiesta di appuntamento"
		p.Body = cleanLine(customer+" chiede una videochiamata per "+a.When+".", PreviewLength)
		return s.queue(ctx, p, Job{UserID: a.DesignerUserID, Kind: p.Kind, Category: Appointments, Urgency: High, DedupeKey: key("booked"), ExpiresAt: expires})
	case StepConfirmed:
		p := base
		p.Kind, p.UserID, p.Title, p.Actions = KindConfirmed, a.CustomerID, "Appuntamento confermato", join
		p.Body = cleanLine(designer+" ha confermato la videochiamata di "+a.When+".", PreviewLength)
		if err := s.queue(ctx, p, Job{UserID: a.CustomerID, Kind: p.Kind, Category: Appointments, Urgency: High, DedupeKey: key("confirmed"), ExpiresAt: expires}); err != nil {
			return err
		}
		return s.reminders(ctx, a, base, designer, customer, join)
	case StepRejected:
		p := base
		p.Kind, p.UserID, p.Title = KindRejected, a.CustomerID, "Appuntamento non confermato"
		p.Body = cleanLine(withReason(designer+" non può confermare la videochiamata di "+a.When+".", a.Reason), PreviewLength)
		p.Actions = []Action{{Action: "rebook", Title: "Scegli un altro orario", URL: "/appuntamenti/prenota/" + strconv.FormatInt(a.DesignerID, 10)}}
		if err := s.dropReminders(ctx, a.ID); err != nil {
			return err
		}
		return s.queue(ctx, p, Job{UserID: a.CustomerID, Kind: p.Kind, Category: Appointments, Urgency: Normal, DedupeKey: key("rejected"), ExpiresAt: expires})
	case StepCancelled:
		if err := s.dropReminders(ctx, a.ID); err != nil {
			return err
		}
		p := base
		p.Kind, p.Title = KindBookingCancelled, "Appuntamento annullato"
		to := a.DesignerUserID
		p.Body = cleanLine(withReason(customer+" ha annullato la richiesta per "+a.When+".", a.Reason), PreviewLength)
		if a.CancelledBy == "designer" {
			to = a.CustomerID
			p.Body = cleanLine(withReason(designer+" ha annullato la videochiamata di "+a.When+".", a.Reason), PreviewLength)
		} else {
			p.Title = "Richiesta annullata"
		}
		p.UserID = to
		return s.queue(ctx, p, Job{UserID: to, Kind: p.Kind, Category: Appointments, Urgency: Normal, DedupeKey: key("cancelled"), ExpiresAt: expires})
	case StepEnded:
		return s.dropReminders(ctx, a.ID)
	}
	return nil
}

// reminders queues each side's push due ReminderLead before the call; a call
// confirmed less than that ahead gets none (the confirmation is as close).
func (s *Service) reminders(ctx context.Context, a Appointment, base Payload, designer, customer string, join []Action) error {
	at := a.StartsAt.Add(-ReminderLead)
	if !at.After(s.now()) {
		return nil
	}
	// Worth delivering until shortly after the call starts (the link still works).
	expires := a.StartsAt.Add(10 * time.Minute)
	for _, side := range []struct {
		name  string
		to    int64
		other string
	}{{"customer", a.CustomerID, designer}, {"designer", a.DesignerUserID, customer}} {
		p := base
		p.Kind, p.UserID, p.Actions, p.Timestamp = KindReminder, side.to, join, at.UnixMilli()
		p.Title = "La videochiamata inizia tra un'ora"
		p.Body = cleanLine("Con "+side.other+" alle "+a.Time+". Il link funziona dal browser.", PreviewLength)
		if err := s.queue(ctx, p, Job{UserID: side.to, Kind: KindReminder, Category: Reminders, Urgency: High,
			DedupeKey: ReminderKey(a.ID, side.name), SendAfter: at, ExpiresAt: expires}); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) dropReminders(ctx context.Context, id int64) error {
	for _, side := range []string{"customer", "designer"} {
		if err := s.d.Queue.CancelKey(ctx, ReminderKey(id, side)); err != nil {
			return err
		}
	}
	return nil
}

// joinAction is the "Partecipa alla chiamata" button, when the link is usable.
func joinAction(link string) []Action {
	if link == "" || len(link) > MaxLinkLength || endpointShape(link) != "" {
		return nil
	}
	return []Action{{Action: "join", Title: "Partecipa alla chiamata", URL: link}}
}

func withReason(text, reason string) string {
	if reason = cleanLine(reason, PreviewLength); reason != "" {
		return text + " Motivo: " + reason
	}
	return text
}
