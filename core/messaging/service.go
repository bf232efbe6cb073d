package messaging

import (
	"context"
	"errors"
	"net/mail"
	"strings"
	"time"

	"interno/core/email"
	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/live"
	"interno/core/unitofwork"
)

// The errors of the package.
var (
	ErrNotFound         = fault.New(fault.NotFound, "Contact not found").WithReason("contact_not_found")
	ErrDesignerNotFound = kernel.ErrDesignerNotFound
	ErrOwnProfile       = fault.New(fault.BadRequest, "You cannot contact your own designer profile").WithReason("own_profile")
	ErrClientIDReused   = fault.New(fault.Invalid, "client_id was already used for a different message").WithReason("client_id_reused")
	// ErrClientIDTaken is the repository's unique-constraint answer; the
	// service turns it into the stored message or ErrClientIDReused.
	ErrClientIDTaken = fault.New(fault.Conflict, "This message is already being sent").WithReason("message_in_flight")
)

// DefaultEmailDelay is how long a message stays unread before its
// recipient gets an e-mail (INTERNO_MESSAGE_EMAIL_DELAY).
const DefaultEmailDelay = 10 * time.Minute

// Page sizes.
const (
	DefaultPage     = 50
	MaxPage         = 100
	DefaultMessages = 50
	MaxMessages     = 200
)

// Config holds the messaging settings.
type Config struct {
	// EmailDelay is how long a message may stay unread before its
	// recipient is e-mailed; at most one e-mail per unread run.
	EmailDelay time.Duration
	// BaseURL is the site, for links in e-mails.
	BaseURL string
	Clock   func() time.Time
}

// Deps are the ports the service uses.
type Deps struct {
	Repo          Repository
	Designers     kernel.Designers
	Accounts      Accounts
	Mail          email.Queue
	Notifications Notifications
	Events        live.Publisher
	// Pushes may be nil (no Web Push).
	Pushes Pushes
	Tx     unitofwork.Transactor
}

// Service runs the messaging use cases.
type Service struct {
	cfg Config
	d   Deps
}

// NewService fills in defaults and returns the service.
func NewService(cfg Config, d Deps) *Service {
	if cfg.EmailDelay < 0 {
		cfg.EmailDelay = 0
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &Service{cfg: cfg, d: d}
}

// OpenRequest is a first (or further) message to a designer, from the
// contact modal or the message form.
type OpenRequest struct {
	DesignerID int64
	Message    string
	ClientID   string
	UserName   string
	UserEmail  string
	Subject    string
	Budget     string
	LeadID     *int64
}

// Sent is the outcome of sending: the conversation after it, the message,
// whether the conversation was created, and whether the message had been
// stored before (same client id, same text).
type Sent struct {
	Contact   Contact
	Message   Message
	Created   bool
	Duplicate bool
}

// Open writes to a designer: it opens the conversation between the caller
// and the designer or, if one exists, adds the message to it.
func (s *Service) Open(ctx context.Context, c kernel.Principal, r OpenRequest) (Sent, error) {
	var v fault.Validation
	v.Check(r.DesignerID > 0, "designer_id", "designer_id is required")
	if err := v.Err(); err != nil {
		return Sent{}, err
	}
	text, err := CleanText("message", r.Message, MaxMessageLength, true)
	if err != nil {
		return Sent{}, err
	}
	clientID, err := cleanClientID(r.ClientID)
	if err != nil {
		return Sent{}, err
	}
	for _, f := range []struct {
		name  string
		value *string
		limit int
	}{{"user_name", &r.UserName, MaxNameLength}, {"user_email", &r.UserEmail, MaxEmailLength},
		{"subject", &r.Subject, MaxSubjectLength}, {"budget", &r.Budget, MaxBudgetLength}} {
		if *f.value, err = CleanText(f.name, *f.value, f.limit, false); err != nil {
			return Sent{}, err
		}
	}
	if r.UserEmail != "" {
		if a, err := mail.ParseAddress(r.UserEmail); err != nil || a.Address != r.UserEmail {
			return Sent{}, fieldFault("user_email", "user_email is not a valid e-mail address", "validation")
		}
	}
	d, err := s.d.Designers.Designer(ctx, r.DesignerID)
	if err != nil {
		return Sent{}, err
	}
	if d.UserID == c.UserID {
		return Sent{}, ErrOwnProfile
	}
	if dup, ok, err := s.duplicate(ctx, c, clientID, text, 0); err != nil || ok {
		return dup, err
	}
	var out Sent
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		acct, err := s.d.Accounts.Account(ctx, c.UserID)
		if err != nil {
			return err
		}
		if r.UserName == "" {
			r.UserName = acct.Name
		}
		if r.UserEmail == "" {
			r.UserEmail = acct.Email
		}
		now := s.now()
		contact, created, err := s.d.Repo.Ensure(ctx, Contact{DesignerID: d.ID, CustomerID: c.UserID, UserName: r.UserName,
			UserEmail: r.UserEmail, Subject: r.Subject, Budget: r.Budget, LeadID: r.LeadID, Status: New, CreatedAt: now, UpdatedAt: now})
		if err != nil {
			return err
		}
		out, err = s.post(ctx, c, contact.ID, text, clientID, func(ct *Contact) {
			if !created {
				if r.Subject != "" {
					ct.Subject = r.Subject
				}
				if r.Budget != "" {
					ct.Budget = r.Budget
				}
				if r.LeadID != nil {
					ct.LeadID = r.LeadID
				}
			}
		})
		out.Created = created
		return err
	})
	return s.settle(ctx, c, clientID, text, out, err)
}

// Send adds a message to a conversation the caller takes part in; anyone
// else gets ErrNotFound.
func (s *Service) Send(ctx context.Context, c kernel.Principal, contactID int64, message, clientID string) (Sent, error) {
	text, err := CleanText("message", message, MaxMessageLength, true)
	if err != nil {
		return Sent{}, err
	}
	if clientID, err = cleanClientID(clientID); err != nil {
		return Sent{}, err
	}
	if dup, ok, err := s.duplicate(ctx, c, clientID, text, contactID); err != nil || ok {
		return dup, err
	}
	var out Sent
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = s.post(ctx, c, contactID, text, clientID, nil)
		return err
	})
	return s.settle(ctx, c, clientID, text, out, err)
}

// settle turns a lost race on the same client id into the stored message.
func (s *Service) settle(ctx context.Context, c kernel.Principal, clientID, text string, out Sent, err error) (Sent, error) {
	if errors.Is(err, ErrClientIDTaken) {
		if dup, ok, derr := s.duplicate(ctx, c, clientID, text, 0); derr == nil && ok {
			return dup, nil
		}
	}
	return out, err
}

// duplicate finds a message the caller already sent with clientID: the same
// text answers with it, another text is ErrClientIDReused.
func (s *Service) duplicate(ctx context.Context, c kernel.Principal, clientID, text string, contactID int64) (Sent, bool, error) {
	if clientID == "" {
		return Sent{}, false, nil
	}
	m, err := s.d.Repo.MessageByClientID(ctx, c.UserID, clientID)
	if errors.Is(err, ErrNotFound) {
		return Sent{}, false, nil
	}
	if err != nil {
		return Sent{}, false, err
	}
	if m.Body != text || (contactID != 0 && m.ContactID != contactID) {
		return Sent{}, false, ErrClientIDReused
	}
	ct, err := s.d.Repo.Get(ctx, m.ContactID)
	if err != nil {
		return Sent{}, false, err
	}
	return Sent{Contact: ct, Message: m, Duplicate: true}, true, nil
}

// post locks the conversation, checks the caller takes part, stores the
// message and applies the unread rules; the first message of the
// recipient's unread run queues their delayed e-mail.
func (s *Service) post(ctx context.Context, c kernel.Principal, contactID int64, text, clientID string, edit func(*Contact)) (Sent, error) {
	var m Message
	var started bool
	var ended int64
	var side Side
	ct, err := s.d.Repo.Update(ctx, contactID, func(ctx context.Context, ct *Contact) error {
		var ok bool
		if side, ok = ct.SideOf(c.UserID); !ok {
			return ErrNotFound
		}
		now := s.now()
		// Messages of one conversation are written one at a time (the row is
		// locked), and never earlier than the last one: server time and id
		// give the same order.
		if now.Before(ct.LastMessageAt) {
			now = ct.LastMessageAt
		}
		m = Message{ContactID: ct.ID, ClientID: clientID, SenderType: side, SenderID: c.UserID, Body: text, CreatedAt: now}
		if err := s.d.Repo.AddMessage(ctx, &m); err != nil {
			return err
		}
		if edit != nil {
			edit(ct)
		}
		started, ended = ct.Posted(m, side, now)
		return nil
	})
	if err != nil {
		return Sent{}, err
	}
	if started {
		if err := s.notify(ctx, ct, m); err != nil {
			return Sent{}, err
		}
	}
	if ended != 0 && s.d.Notifications != nil {
		if err := s.d.Notifications.Cancel(ctx, NotificationKey(ct.ID, side, ended)); err != nil {
			return Sent{}, err
		}
	}
	if s.d.Pushes != nil {
		to := ct.CustomerID
		if side == Customer {
			to = ct.DesignerUserID
		}
		if err := s.d.Pushes.Posted(ctx, ct, m, s.unreadOf(to)); err != nil {
			return Sent{}, err
		}
		if ended != 0 {
			if err := s.d.Pushes.Read(ctx, ct, c.UserID, s.unreadOf(c.UserID)); err != nil {
				return Sent{}, err
			}
		}
	}
	s.publish(ctx, live.Event{Kind: live.Message, To: ct.parties(), ContactID: ct.ID, MessageID: m.ID})
	return Sent{Contact: ct, Message: m}, nil
}

// parties are the two accounts of a conversation.
func (ct Contact) parties() []int64 { return []int64{ct.CustomerID, ct.DesignerUserID} }

// publish tells both sides' open screens of e once the change commits.
func (s *Service) publish(ctx context.Context, e live.Event) {
	if s.d.Events == nil {
		return
	}
	unitofwork.AfterCommit(ctx, func() { s.d.Events.Publish(context.WithoutCancel(ctx), e) })
}

// Conversation returns a contact the caller takes part in with a page of
// its messages, and marks it read for the caller when markRead is set.
func (s *Service) Conversation(ctx context.Context, c kernel.Principal, q MessageQuery, markRead bool) (Contact, []Message, bool, error) {
	if q.Limit <= 0 {
		q.Limit = DefaultMessages
	}
	if q.Limit > MaxMessages {
		q.Limit = MaxMessages
	}
	ct, err := s.d.Repo.Get(ctx, q.ContactID)
	if err != nil {
		return Contact{}, nil, false, err
	}
	side, ok := ct.SideOf(c.UserID)
	if !ok {
		return Contact{}, nil, false, ErrNotFound
	}
	if markRead && (ct.UnreadFor(side) || ct.ReadUpTo(side) < ct.LastMessageID || (ct.Status != Read && !ct.UnreadFor(side.Other()))) {
		if ct, err = s.markRead(ctx, c, ct.ID, Read); err != nil {
			return Contact{}, nil, false, err
		}
	}
	msgs, more, err := s.d.Repo.Messages(ctx, q)
	return ct, msgs, more, err
}

// SetStatus is the status call: read marks the conversation read for the
// caller; new and unread mark it unread again for the caller.
func (s *Service) SetStatus(ctx context.Context, c kernel.Principal, contactID int64, st Status) (Contact, error) {
	if !st.Valid() {
		return Contact{}, fieldFault("status", "status must be one of new, unread, read", "invalid_status")
	}
	return s.markRead(ctx, c, contactID, st)
}

func (s *Service) markRead(ctx context.Context, c kernel.Principal, contactID int64, st Status) (Contact, error) {
	var out Contact
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var ended int64
		var side Side
		ct, err := s.d.Repo.Update(ctx, contactID, func(_ context.Context, ct *Contact) error {
			var ok bool
			if side, ok = ct.SideOf(c.UserID); !ok {
				return ErrNotFound
			}
			ended = ct.SetStatus(side, st, s.now())
			return nil
		})
		if err != nil {
			return err
		}
		if ended != 0 && s.d.Notifications != nil {
			if err := s.d.Notifications.Cancel(ctx, NotificationKey(ct.ID, side, ended)); err != nil {
				return err
			}
		}
		if ended != 0 && s.d.Pushes != nil {
			if err := s.d.Pushes.Read(ctx, ct, c.UserID, s.unreadOf(c.UserID)); err != nil {
				return err
			}
		}
		out = ct
		s.publish(ctx, live.Event{Kind: live.Contact, To: ct.parties(), ContactID: ct.ID})
		return nil
	})
	return out, err
}

// unreadOf counts an account's unread conversations, as customer and as
// designer together (the app badge's number).
func (s *Service) unreadOf(userID int64) func(context.Context) (int, error) {
	return func(ctx context.Context) (int, error) {
		u, err := s.UnreadCount(ctx, kernel.Principal{UserID: userID})
		return u.AsCustomer + u.AsDesigner, err
	}
}

// CustomerContacts lists the caller's conversations as a customer.
func (s *Service) CustomerContacts(ctx context.Context, c kernel.Principal, q ListQuery) ([]Contact, int, error) {
	q.CustomerID, q.DesignerID = c.UserID, 0
	return s.d.Repo.List(ctx, page(q))
}

// DesignerContacts lists the conversations of the caller's designer
// profile; an account without a profile has none.
func (s *Service) DesignerContacts(ctx context.Context, c kernel.Principal, q ListQuery) ([]Contact, int, error) {
	d, err := s.d.Designers.OfUser(ctx, c.UserID)
	if errors.Is(err, ErrDesignerNotFound) {
		return []Contact{}, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	q.DesignerID, q.CustomerID = d.ID, 0
	return s.d.Repo.List(ctx, page(q))
}

// UnreadCounts counts the caller's unread conversations, as a customer and as a
// designer (zero without a profile).
type UnreadCounts struct {
	AsCustomer int
	AsDesigner int
}

// UnreadCount counts the caller's unread conversations.
func (s *Service) UnreadCount(ctx context.Context, c kernel.Principal) (UnreadCounts, error) {
	var u UnreadCounts
	var err error
	if u.AsCustomer, err = s.d.Repo.CountUnread(ctx, ListQuery{CustomerID: c.UserID}); err != nil {
		return u, err
	}
	d, err := s.d.Designers.OfUser(ctx, c.UserID)
	if errors.Is(err, ErrDesignerNotFound) {
		return u, nil
	}
	if err != nil {
		return u, err
	}
	u.AsDesigner, err = s.d.Repo.CountUnread(ctx, ListQuery{DesignerID: d.ID})
	return u, err
}

// AccountDeleted drops the queued unread-message e-mails of every
// conversation of the account; the database then removes the conversations.
func (s *Service) AccountDeleted(ctx context.Context, userID int64) error {
	if s.d.Notifications == nil {
		return nil
	}
	list, err := s.d.Repo.OfUser(ctx, userID)
	if err != nil {
		return err
	}
	for _, ct := range list {
		for _, side := range []Side{Customer, Designer} {
			if from := *ct.unreadFrom(side); from != nil {
				if err := s.d.Notifications.Cancel(ctx, NotificationKey(ct.ID, side, *from)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func page(q ListQuery) ListQuery {
	if q.Limit <= 0 {
		q.Limit = DefaultPage
	}
	if q.Limit > MaxPage {
		q.Limit = MaxPage
	}
	if q.Offset < 0 {
		q.Offset = 0
	}
	return q
}

func cleanClientID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if len(id) > MaxClientIDLength {
		return "", fieldFault("client_id", "client_id is too long (at most 64 characters)", "validation")
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == ':' || r == '.') {
			return "", fieldFault("client_id", "client_id may hold only letters, digits and - _ : .", "validation")
		}
	}
	return id, nil
}

// now is the service clock at the precision both databases keep
// (microseconds), so what a write returns equals what a later read sees.
func (s *Service) now() time.Time { return s.cfg.Clock().UTC().Truncate(time.Microsecond) }
