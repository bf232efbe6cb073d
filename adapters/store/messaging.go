package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"interno/core/messaging"
)

type contactRow struct {
	ID                 int64
	DesignerID         int64
	CustomerID         int64
	UserName           string
	UserEmail          string
	Subject            string
	Budget             string
	LeadID             *int64
	Status             string
	UserUnread         bool
	DesignerUnread     bool
	UserUnreadFrom     *int64
	DesignerUnreadFrom *int64
	UserReadUpTo       int64
	DesignerReadUpTo   int64
	LastMessage        string
	LastSender         string
	LastMessageID      int64
	LastMessageAt      *time.Time
	MessageCount       int
	CreatedAt          time.Time
	UpdatedAt          time.Time
	// Read along from users and designers; never written.
	DesignerUserID  int64  `gorm:"->;-:migration"`
	DesignerName    string `gorm:"->;-:migration"`
	DesignerEmail   string `gorm:"->;-:migration"`
	DesignerPicture string `gorm:"->;-:migration"`
	CustomerName    string `gorm:"->;-:migration"`
	CustomerEmail   string `gorm:"->;-:migration"`
}

func (contactRow) TableName() string { return "contacts" }

func (r contactRow) toContact() messaging.Contact {
	c := messaging.Contact{ID: r.ID, DesignerID: r.DesignerID, CustomerID: r.CustomerID, UserName: r.UserName, UserEmail: r.UserEmail,
		Subject: r.Subject, Budget: r.Budget, LeadID: r.LeadID, Status: messaging.Status(r.Status), UserUnread: r.UserUnread,
		DesignerUnread: r.DesignerUnread, UserUnreadFrom: r.UserUnreadFrom, DesignerUnreadFrom: r.DesignerUnreadFrom,
		UserReadUpTo: r.UserReadUpTo, DesignerReadUpTo: r.DesignerReadUpTo, LastMessage: r.LastMessage,
		LastSender: messaging.Side(r.LastSender), LastMessageID: r.LastMessageID, MessageCount: r.MessageCount,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), DesignerUserID: r.DesignerUserID, DesignerName: r.DesignerName,
		DesignerEmail: r.DesignerEmail, DesignerPicture: r.DesignerPicture, CustomerName: r.CustomerName, CustomerEmail: r.CustomerEmail}
	if r.LastMessageAt != nil {
		c.LastMessageAt = r.LastMessageAt.UTC()
	}
	return c
}

type messageRow struct {
	ID         int64
	ContactID  int64
	ClientID   *string
	SenderType string
	SenderID   int64
	Body       string
	CreatedAt  time.Time
}

func (messageRow) TableName() string { return "messages" }

func (r messageRow) toMessage() messaging.Message {
	m := messaging.Message{ID: r.ID, ContactID: r.ContactID, SenderType: messaging.Side(r.SenderType), SenderID: r.SenderID,
		Body: r.Body, CreatedAt: r.CreatedAt.UTC()}
	if r.ClientID != nil {
		m.ClientID = *r.ClientID
	}
	return m
}

// MessagingRepo implements messaging.Repository.
type MessagingRepo struct{ db *DB }

// NewMessagingRepo returns the repository.
func NewMessagingRepo(db *DB) *MessagingRepo { return &MessagingRepo{db: db} }

func (r *MessagingRepo) query(ctx context.Context) *gorm.DB {
	return r.db.Conn(ctx).Table("contacts").
		Select("contacts.*, cu.name AS customer_name, cu.email AS customer_email, d.user_id AS designer_user_id, " +
			"d.name AS designer_name, du.email AS designer_email, d.profile_picture AS designer_picture").
		Joins("JOIN users cu ON cu.id = contacts.customer_id").
		Joins("JOIN designers d ON d.id = contacts.designer_id").
		Joins("JOIN users du ON du.id = d.user_id")
}

func contactErr(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return messaging.ErrNotFound
	}
	return translate(err)
}

// Ensure inserts the conversation unless the pair already has one; the
// unique index settles races between two first messages.
func (r *MessagingRepo) Ensure(ctx context.Context, c messaging.Contact) (messaging.Contact, bool, error) {
	row := contactRow{DesignerID: c.DesignerID, CustomerID: c.CustomerID, UserName: c.UserName, UserEmail: c.UserEmail,
		Subject: c.Subject, Budget: c.Budget, LeadID: c.LeadID, Status: string(c.Status), CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
	res := r.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "designer_id"}, {Name: "customer_id"}}, DoNothing: true}).
		Create(&row)
	if res.Error != nil {
		if ForeignKeyViolation(res.Error) {
			return messaging.Contact{}, false, messaging.ErrDesignerNotFound
		}
		return messaging.Contact{}, false, translate(res.Error)
	}
	created := res.RowsAffected == 1
	var got contactRow
	if err := r.query(ctx).Where("contacts.designer_id = ? AND contacts.customer_id = ?", c.DesignerID, c.CustomerID).
		Take(&got).Error; err != nil {
		return messaging.Contact{}, false, contactErr(err)
	}
	return got.toContact(), created, nil
}

// Get loads one contact with names and e-mails.
func (r *MessagingRepo) Get(ctx context.Context, id int64) (messaging.Contact, error) {
	var row contactRow
	if err := r.query(ctx).Where("contacts.id = ?", id).Take(&row).Error; err != nil {
		return messaging.Contact{}, contactErr(err)
	}
	return row.toContact(), nil
}

// Update locks the contact row (FOR UPDATE on PostgreSQL; SQLite write-locks
// from BEGIN), so messages of one conversation are written one at a time.
func (r *MessagingRepo) Update(ctx context.Context, id int64, fn func(ctx context.Context, c *messaging.Contact) error) (messaging.Contact, error) {
	var out messaging.Contact
	err := r.db.InTx(ctx, func(ctx context.Context) error {
		if r.db.dialect == Postgres {
			if err := r.db.Conn(ctx).Exec("SELECT id FROM contacts WHERE id = ? FOR UPDATE", id).Error; err != nil {
				return translate(err)
			}
		}
		c, err := r.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := fn(ctx, &c); err != nil {
			return err
		}
		var lastAt *time.Time
		if !c.LastMessageAt.IsZero() {
			t := c.LastMessageAt.UTC()
			lastAt = &t
		}
		if err := r.db.Conn(ctx).Model(&contactRow{}).Where("id = ?", id).Updates(map[string]any{
			"subject": c.Subject, "budget": c.Budget, "lead_id": c.LeadID, "status": string(c.Status),
			"user_unread": c.UserUnread, "designer_unread": c.DesignerUnread, "user_unread_from": c.UserUnreadFrom,
			"designer_unread_from": c.DesignerUnreadFrom, "user_read_up_to": c.UserReadUpTo, "designer_read_up_to": c.DesignerReadUpTo,
			"last_message": c.LastMessage, "last_sender": string(c.LastSender), "last_message_id": c.LastMessageID,
			"last_message_at": lastAt, "message_count": c.MessageCount, "updated_at": c.UpdatedAt.UTC(),
		}).Error; err != nil {
			return translate(err)
		}
		out = c
		return nil
	})
	return out, err
}

// AddMessage inserts a message; a sender's reused client id is ErrClientIDTaken.
func (r *MessagingRepo) AddMessage(ctx context.Context, m *messaging.Message) error {
	row := messageRow{ContactID: m.ContactID, SenderType: string(m.SenderType), SenderID: m.SenderID, Body: m.Body, CreatedAt: m.CreatedAt.UTC()}
	if m.ClientID != "" {
		id := m.ClientID
		row.ClientID = &id
	}
	if err := r.db.Conn(ctx).Create(&row).Error; err != nil {
		if UniqueViolation(err, "client_id") {
			return messaging.ErrClientIDTaken.WithCause(err)
		}
		return translate(err)
	}
	m.ID = row.ID
	return nil
}

// MessageByClientID finds a sender's message by its client id.
func (r *MessagingRepo) MessageByClientID(ctx context.Context, senderID int64, clientID string) (messaging.Message, error) {
	var row messageRow
	if err := r.db.Conn(ctx).Where("sender_id = ? AND client_id = ?", senderID, clientID).Take(&row).Error; err != nil {
		return messaging.Message{}, contactErr(err)
	}
	return row.toMessage(), nil
}

// Messages returns a page of a contact's messages in (created_at, id) order.
func (r *MessagingRepo) Messages(ctx context.Context, q messaging.MessageQuery) ([]messaging.Message, bool, error) {
	tx := r.db.Conn(ctx).Where("contact_id = ?", q.ContactID)
	var rows []messageRow
	if q.After > 0 {
		if err := tx.Where("id > ?", q.After).Order("created_at, id").Limit(q.Limit + 1).Find(&rows).Error; err != nil {
			return nil, false, translate(err)
		}
		more := len(rows) > q.Limit
		if more {
			rows = rows[:q.Limit]
		}
		return toMessages(rows), more, nil
	}
	if q.Before > 0 {
		tx = tx.Where("id < ?", q.Before)
	}
	if err := tx.Order("created_at DESC, id DESC").Limit(q.Limit + 1).Find(&rows).Error; err != nil {
		return nil, false, translate(err)
	}
	more := len(rows) > q.Limit
	if more {
		rows = rows[:q.Limit]
	}
	for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
		rows[i], rows[j] = rows[j], rows[i]
	}
	return toMessages(rows), more, nil
}

func toMessages(rows []messageRow) []messaging.Message {
	out := make([]messaging.Message, len(rows))
	for i, r := range rows {
		out[i] = r.toMessage()
	}
	return out
}

func (r *MessagingRepo) scope(tx *gorm.DB, q messaging.ListQuery) *gorm.DB {
	if q.CustomerID != 0 {
		tx = tx.Where("contacts.customer_id = ?", q.CustomerID)
	} else {
		tx = tx.Where("contacts.designer_id = ?", q.DesignerID)
	}
	if !q.UpdatedAfter.IsZero() {
		tx = tx.Where("contacts.updated_at > ?", q.UpdatedAfter.UTC())
	}
	return tx
}

// List returns contacts of one side, most recently updated first.
func (r *MessagingRepo) List(ctx context.Context, q messaging.ListQuery) ([]messaging.Contact, int, error) {
	var total int64
	if err := r.scope(r.db.Conn(ctx).Model(&contactRow{}), q).Count(&total).Error; err != nil {
		return nil, 0, translate(err)
	}
	var rows []contactRow
	if err := r.scope(r.query(ctx), q).Order("contacts.updated_at DESC, contacts.id DESC").Offset(q.Offset).Limit(q.Limit).
		Find(&rows).Error; err != nil {
		return nil, 0, translate(err)
	}
	out := make([]messaging.Contact, len(rows))
	for i, row := range rows {
		out[i] = row.toContact()
	}
	return out, int(total), nil
}

// CountUnread counts contacts unread for the side the query names.
func (r *MessagingRepo) CountUnread(ctx context.Context, q messaging.ListQuery) (int, error) {
	tx := r.scope(r.db.Conn(ctx).Model(&contactRow{}), q)
	if q.CustomerID != 0 {
		tx = tx.Where("user_unread = ?", true)
	} else {
		tx = tx.Where("designer_unread = ?", true)
	}
	var n int64
	err := tx.Count(&n).Error
	return int(n), translate(err)
}

// OfUser returns the contacts where userID is either side.
func (r *MessagingRepo) OfUser(ctx context.Context, userID int64) ([]messaging.Contact, error) {
	var rows []contactRow
	if err := r.query(ctx).Where("contacts.customer_id = ? OR d.user_id = ?", userID, userID).Find(&rows).Error; err != nil {
		return nil, translate(err)
	}
	out := make([]messaging.Contact, len(rows))
	for i, row := range rows {
		out[i] = row.toContact()
	}
	return out, nil
}
