// Package email is the port through which core use cases send e-mail.
//
// Core packages compose messages (Italian subject, text and HTML bodies,
// attachments such as .ics invitations) and hand them to a Queue inside the
// same transaction as the change that caused them, so an e-mail is sent if
// and only if that change committed. Adapters deliver queued messages through
// a Sender (SMTP, or a file outbox for local runs).
package email

import (
	"context"
	"time"
)

// Attachment is a file sent with a message.
type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Data        []byte `json:"data"`
}

// Message is one e-mail to one recipient.
type Message struct {
	To          string       `json:"to"`
	Subject     string       `json:"subject"`
	Text        string       `json:"text"`
	HTML        string       `json:"html"`
	Attachments []Attachment `json:"attachments,omitempty"`
}

// Sender delivers a message now. Returns an error when delivery failed and may
// be retried later.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// Job is a message waiting in the durable queue.
type Job struct {
	// Kind groups jobs for statistics and relevance checks ("password_reset",
	// "appointment_reminder", "unread_message").
	Kind string
	// DedupeKey, when set, makes enqueueing idempotent: a second job with the
	// same key is dropped while the first exists (reminders are sent once).
	DedupeKey string
	// SendAfter delays delivery; zero means as soon as possible.
	SendAfter time.Time
	Message   Message
}

// Queue stores jobs durably; it joins the caller's transaction when there is one.
type Queue interface {
	Enqueue(ctx context.Context, job Job) error
}
