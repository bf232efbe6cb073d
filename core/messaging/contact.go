// Package messaging holds Interno's conversations between customers and
// designers: contacts (one per customer and designer), their messages, the
// per-side unread state, and the delayed "you have an unread message" e-mail.
package messaging

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"interno/core/fault"
)

// Side is one participant of a conversation, named as the spec's sender_type.
type Side string

// The two sides of a conversation.
const (
	Customer Side = "user"
	Designer Side = "designer"
)

// Other returns the counterpart.
func (s Side) Other() Side {
	if s == Customer {
		return Designer
	}
	return Customer
}

// Status is the spec's contact status.
type Status string

// The statuses the status call accepts. New: nobody but the writer has read
// the first message; Unread: a later message waits for its reader; Read:
// both sides have seen everything.
const (
	New    Status = "new"
	Unread Status = "unread"
	Read   Status = "read"
)

// Valid reports whether s is one of the three statuses.
func (s Status) Valid() bool { return s == New || s == Unread || s == Read }

// Limits on what people type.
const (
	MaxMessageLength  = 5000
	MaxSubjectLength  = 200
	MaxBudgetLength   = 100
	MaxNameLength     = 100
	MaxEmailLength    = 254
	MaxClientIDLength = 64
)

// Message is one chat message.
type Message struct {
	ID         int64
	ContactID  int64
	ClientID   string
	SenderType Side
	SenderID   int64
	Body       string
	CreatedAt  time.Time
}

// Contact is a conversation between one customer and one designer.
type Contact struct {
	ID         int64
	DesignerID int64
	CustomerID int64
	// Read along from the accounts; never written by messaging.
	DesignerUserID  int64
	DesignerName    string
	DesignerEmail   string
	DesignerPicture string
	CustomerName    string
	CustomerEmail   string
	// UserName and UserEmail are what the customer typed when first writing
	// (defaulting to the account's), shown to the designer.
	UserName  string
	UserEmail string
	Subject   string
	Budget    string
	LeadID    *int64
	Status    Status
	// Per-side unread flags, and the message that started each side's
	// current unread run (it names the run's notification e-mail).
	UserUnread         bool
	DesignerUnread     bool
	UserUnreadFrom     *int64
	DesignerUnreadFrom *int64
	// The last message each side has seen (for "read" ticks).
	UserReadUpTo     int64
	DesignerReadUpTo int64
	LastMessage      string
	LastSender       Side
	LastMessageID    int64
	LastMessageAt    time.Time
	MessageCount     int
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// SideOf tells which side userID is on; ok is false for strangers.
func (c Contact) SideOf(userID int64) (Side, bool) {
	switch userID {
	case c.CustomerID:
		return Customer, true
	case c.DesignerUserID:
		return Designer, true
	}
	return "", false
}

// UnreadFor is the spec's rule: a side is unread when its flag is set (the
// flags are always present here, so the status is only the fallback of
// clients that lack them).
func (c Contact) UnreadFor(s Side) bool {
	if s == Customer {
		return c.UserUnread
	}
	return c.DesignerUnread
}

// ReadUpTo is the last message id the side has seen.
func (c Contact) ReadUpTo(s Side) int64 {
	if s == Customer {
		return c.UserReadUpTo
	}
	return c.DesignerReadUpTo
}

func (c *Contact) unreadFrom(s Side) **int64 {
	if s == Customer {
		return &c.UserUnreadFrom
	}
	return &c.DesignerUnreadFrom
}

func (c *Contact) setUnread(s Side, v bool) {
	if s == Customer {
		c.UserUnread = v
	} else {
		c.DesignerUnread = v
	}
}

func (c *Contact) setReadUpTo(s Side, id int64) {
	if s == Customer {
		if id > c.UserReadUpTo {
			c.UserReadUpTo = id
		}
	} else if id > c.DesignerReadUpTo {
		c.DesignerReadUpTo = id
	}
}

// Posted applies a message written by from: the writer has seen everything
// up to it, the counterpart becomes unread, and a read conversation becomes
// unread (a new one stays new until its recipient opens it). It reports
// whether this message started the counterpart's unread run, which is when
// the notification e-mail is queued, and the writer's own unread run it
// ended (0 when none), whose e-mail is no longer needed.
func (c *Contact) Posted(m Message, from Side, at time.Time) (startedRun bool, endedRun int64) {
	to := from.Other()
	startedRun = !c.UnreadFor(to) || *c.unreadFrom(to) == nil
	if startedRun {
		id := m.ID
		*c.unreadFrom(to) = &id
	}
	c.setUnread(to, true)
	c.setUnread(from, false)
	c.setReadUpTo(from, m.ID)
	if f := c.unreadFrom(from); *f != nil {
		endedRun = **f
		*f = nil
	}
	if c.Status == Read || c.Status == "" {
		if c.Status == "" {
			c.Status = New
		} else {
			c.Status = Unread
		}
	}
	c.LastMessage, c.LastSender, c.LastMessageID, c.LastMessageAt = m.Body, from, m.ID, m.CreatedAt
	c.MessageCount++
	c.UpdatedAt = at
	return startedRun, endedRun
}

// Opened marks the conversation read for side s only. It returns the
// message id of the unread run that ended (whose pending e-mail can be
// dropped), or 0, and whether anything changed.
func (c *Contact) Opened(s Side, at time.Time) (endedRun int64, changed bool) {
	if f := c.unreadFrom(s); *f != nil {
		endedRun = **f
		*f = nil
	}
	changed = c.UnreadFor(s) || c.ReadUpTo(s) < c.LastMessageID
	c.setUnread(s, false)
	c.setReadUpTo(s, c.LastMessageID)
	if !c.UnreadFor(s.Other()) && c.Status != Read {
		c.Status = Read
		changed = true
	}
	if changed {
		c.UpdatedAt = at
	}
	return endedRun, changed
}

// SetStatus is the status call made by side s: read marks it read for s
// (as opening does); new or unread mark it unread again for s (a reminder
// the reader sets for themself, which sends no e-mail).
func (c *Contact) SetStatus(s Side, st Status, at time.Time) (endedRun int64) {
	if st == Read {
		endedRun, _ = c.Opened(s, at)
		return endedRun
	}
	c.setUnread(s, true)
	c.Status = st
	c.UpdatedAt = at
	return 0
}

// CleanText trims a message and checks it is non-empty and short enough.
func CleanText(field, s string, limit int, required bool) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" && required {
		return "", fieldFault(field, field+" must not be empty", "empty_message")
	}
	if !utf8.ValidString(s) {
		return "", fieldFault(field, field+" must be valid UTF-8 text", "validation")
	}
	if n := utf8.RuneCountInString(s); n > limit {
		return "", fieldFault(field, fmt.Sprintf("%s is too long: %d characters, at most %d", field, n, limit), "too_long")
	}
	return s, nil
}

func fieldFault(field, msg, reason string) *fault.Error {
	return &fault.Error{Code: fault.Invalid, Message: msg, Reason: reason,
		Fields: []fault.FieldError{{Loc: []string{"body", field}, Msg: msg, Type: "value_error"}}}
}
