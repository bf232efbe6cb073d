package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/messaging"
)

func (s *Server) registerMessaging(api *gin.RouterGroup) {
	g := api.Group("/contacts")
	g.POST("", requireUser, s.openContact)
	g.POST("/", requireUser, s.openContact)
	g.GET("/my-contacts", requireUser, s.myContacts)
	g.GET("/designer-contacts", requireDesigner, s.designerContacts)
	g.GET("/unread-count", requireUser, s.unreadCount)
	g.GET("/:id", requireUser, s.getContact)
	g.POST("/:id/messages", requireUser, s.postContactMessage)
	g.PUT("/:id/status", requireUser, s.putContactStatus)
	api.POST("/messages", requireUser, s.postMessageForm)
}

// messageView is one chat message as the spec names its fields.
type messageView struct {
	ID         int64  `json:"id"`
	ContactID  int64  `json:"contact_id"`
	ClientID   string `json:"client_id,omitempty"`
	Message    string `json:"message"`
	SenderType string `json:"sender_type"`
	SenderID   int64  `json:"sender_id"`
	CreatedAt  string `json:"created_at"`
}

func messageOf(m messaging.Message) messageView {
	return messageView{ID: m.ID, ContactID: m.ContactID, ClientID: m.ClientID, Message: m.Body, SenderType: string(m.SenderType),
		SenderID: m.SenderID, CreatedAt: m.CreatedAt.Format(time.RFC3339Nano)}
}

// contactView is a conversation as one of its participants sees it: the
// spec's fields, plus the caller's side, its unread state and the last
// message each side has seen (for read ticks).
type contactView struct {
	ID               int64         `json:"id"`
	DesignerID       int64         `json:"designer_id"`
	DesignerName     string        `json:"designer_name"`
	DesignerPicture  string        `json:"designer_picture"`
	UserID           int64         `json:"user_id"`
	UserName         string        `json:"user_name"`
	UserEmail        string        `json:"user_email"`
	Subject          string        `json:"subject"`
	Budget           string        `json:"budget"`
	LeadID           *int64        `json:"lead_id"`
	Status           string        `json:"status"`
	UserUnread       bool          `json:"user_unread"`
	DesignerUnread   bool          `json:"designer_unread"`
	MySide           string        `json:"my_side"`
	Unread           bool          `json:"unread"`
	UserReadUpTo     int64         `json:"user_read_up_to"`
	DesignerReadUpTo int64         `json:"designer_read_up_to"`
	LastMessage      string        `json:"last_message"`
	LastSender       string        `json:"last_sender"`
	LastMessageID    int64         `json:"last_message_id"`
	LastMessageAt    *string       `json:"last_message_at"`
	MessageCount     int           `json:"message_count"`
	CreatedAt        string        `json:"created_at"`
	UpdatedAt        string        `json:"updated_at"`
	Messages         []messageView `json:"messages,omitempty"`
	HasEarlier       *bool         `json:"has_earlier,omitempty"`
	HasMore          *bool         `json:"has_more,omitempty"`
}

func contactOf(ct messaging.Contact, userID int64) contactView {
	side, _ := ct.SideOf(userID)
	v := contactView{ID: ct.ID, DesignerID: ct.DesignerID, DesignerName: ct.DesignerName, DesignerPicture: ct.DesignerPicture,
		UserID: ct.CustomerID, UserName: ct.UserName, UserEmail: ct.UserEmail, Subject: ct.Subject, Budget: ct.Budget, LeadID: ct.LeadID,
		Status: string(ct.Status), UserUnread: ct.UserUnread, DesignerUnread: ct.DesignerUnread, MySide: string(side),
		Unread: side != "" && ct.UnreadFor(side), UserReadUpTo: ct.UserReadUpTo, DesignerReadUpTo: ct.DesignerReadUpTo,
		LastMessage: ct.LastMessage, LastSender: string(ct.LastSender), LastMessageID: ct.LastMessageID, MessageCount: ct.MessageCount,
		CreatedAt: ct.CreatedAt.Format(time.RFC3339Nano), UpdatedAt: ct.UpdatedAt.Format(time.RFC3339Nano)}
	if !ct.LastMessageAt.IsZero() {
		t := ct.LastMessageAt.Format(time.RFC3339Nano)
		v.LastMessageAt = &t
	}
	return v
}

// jsonWithETag answers with a strong validator of the body, or 304 when the
// client already holds it: polling an unchanged list costs no body.
func jsonWithETag(c *gin.Context, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		_ = c.Error(err)
		return
	}
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	c.Header("ETag", etag)
	c.Header("Cache-Control", "private, no-cache")
	c.Writer.Header().Add("Vary", "Authorization")
	if inm := c.GetHeader("If-None-Match"); inm != "" {
		for _, t := range strings.Split(inm, ",") {
			t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
			if t == etag || t == "*" {
				c.Status(http.StatusNotModified)
				return
			}
		}
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
}

// flexText accepts a JSON string or number (budgets come as either).
type flexText string

// UnmarshalJSON implements json.Unmarshaler.
func (f *flexText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexText(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flexText(n.String())
	return nil
}

type openContactInput struct {
	DesignerID *flexInt `json:"designer_id"`
	Message    string   `json:"message"`
	ClientID   string   `json:"client_id"`
	UserName   string   `json:"user_name"`
	UserEmail  string   `json:"user_email"`
	Subject    string   `json:"subject"`
	Budget     flexText `json:"budget"`
	LeadID     *flexInt `json:"lead_id"`
}

func (in openContactInput) request() messaging.OpenRequest {
	r := messaging.OpenRequest{Message: in.Message, ClientID: in.ClientID, UserName: in.UserName, UserEmail: in.UserEmail,
		Subject: in.Subject, Budget: string(in.Budget)}
	if in.DesignerID != nil {
		r.DesignerID = int64(*in.DesignerID)
	}
	if in.LeadID != nil && *in.LeadID > 0 {
		l := int64(*in.LeadID)
		r.LeadID = &l
	}
	return r
}

// sentView answers a send: the conversation after it and the message.
func (s *Server) answerSent(c *gin.Context, sent messaging.Sent) {
	v := contactOf(sent.Contact, callerOf(c).UserID)
	status := http.StatusCreated
	if sent.Duplicate {
		status = http.StatusOK
	}
	c.JSON(status, sentView{Contact: v, Message: messageOf(sent.Message), Created: sent.Created, Duplicate: sent.Duplicate,
		ID: v.ID, Status: v.Status})
}

func (s *Server) openContact(c *gin.Context) {
	var in openContactInput
	if !bindJSON(c, &in) {
		return
	}
	sent, err := s.d.Messaging.Open(c.Request.Context(), callerOf(c), in.request())
	if err != nil {
		_ = c.Error(err)
		return
	}
	s.answerSent(c, sent)
}

// postMessageForm is POST /api/messages: a contact carrying subject, budget
// and lead; its answer is the contact.
func (s *Server) postMessageForm(c *gin.Context) {
	var in openContactInput
	if !bindJSON(c, &in) {
		return
	}
	sent, err := s.d.Messaging.Open(c.Request.Context(), callerOf(c), in.request())
	if err != nil {
		_ = c.Error(err)
		return
	}
	v := contactOf(sent.Contact, callerOf(c).UserID)
	v.Messages = []messageView{messageOf(sent.Message)}
	status := http.StatusCreated
	if sent.Duplicate {
		status = http.StatusOK
	}
	c.JSON(status, v)
}

func (s *Server) listContacts(c *gin.Context, designer bool) {
	page, limit, ok := paging(c, messaging.DefaultPage, messaging.MaxPage)
	if !ok {
		return
	}
	q := messaging.ListQuery{Offset: (page - 1) * limit, Limit: limit}
	if v := c.Query("since"); v != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			_ = c.Error(&fault.Error{Code: fault.Invalid, Message: "since must be an RFC 3339 time (a contact's updated_at)", Reason: "validation",
				Fields: []fault.FieldError{{Loc: []string{"query", "since"}, Msg: "since must be an RFC 3339 time", Type: "value_error"}}})
			return
		}
		q.UpdatedAfter = t
	}
	caller := callerOf(c)
	var list []messaging.Contact
	var total int
	var err error
	if designer {
		list, total, err = s.d.Messaging.DesignerContacts(c.Request.Context(), caller, q)
	} else {
		list, total, err = s.d.Messaging.CustomerContacts(c.Request.Context(), caller, q)
	}
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]contactView, len(list))
	unread := 0
	for i, ct := range list {
		views[i] = contactOf(ct, caller.UserID)
		if views[i].Unread {
			unread++
		}
	}
	jsonWithETag(c, contactListView{Contacts: views, Total: total, Page: page, Limit: limit,
		HasMore: q.Offset+len(list) < total, UnreadOnPage: unread})
}

func (s *Server) myContacts(c *gin.Context)       { s.listContacts(c, false) }
func (s *Server) designerContacts(c *gin.Context) { s.listContacts(c, true) }

func (s *Server) unreadCount(c *gin.Context) {
	u, err := s.d.Messaging.UnreadCount(c.Request.Context(), callerOf(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	jsonWithETag(c, unreadView{UnreadCount: u.AsCustomer + u.AsDesigner, AsCustomer: u.AsCustomer, AsDesigner: u.AsDesigner})
}

// queryID reads an optional positive integer query parameter.
func queryID(c *gin.Context, name string) (int64, bool) {
	v := c.Query(name)
	if v == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		msg := name + " must be a message id (a non-negative integer)"
		_ = c.Error(&fault.Error{Code: fault.Invalid, Message: msg, Reason: "validation",
			Fields: []fault.FieldError{{Loc: []string{"query", name}, Msg: msg, Type: "value_error"}}})
		return 0, false
	}
	return n, true
}

func (s *Server) getContact(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	since, ok := queryID(c, "since")
	if !ok {
		return
	}
	before, ok := queryID(c, "before")
	if !ok {
		return
	}
	limit, ok := queryID(c, "limit")
	if !ok {
		return
	}
	if limit > messaging.MaxMessages {
		_ = c.Error(fault.Newf(fault.Invalid, "limit must be between 1 and %d", messaging.MaxMessages).WithReason("validation"))
		return
	}
	markRead := c.Query("mark_read") != "false"
	caller := callerOf(c)
	ct, msgs, more, err := s.d.Messaging.Conversation(c.Request.Context(), caller,
		messaging.MessageQuery{ContactID: id, After: since, Before: before, Limit: int(limit)}, markRead)
	if err != nil {
		_ = c.Error(err)
		return
	}
	v := contactOf(ct, caller.UserID)
	v.Messages = make([]messageView, len(msgs))
	for i, m := range msgs {
		v.Messages[i] = messageOf(m)
	}
	if since > 0 {
		v.HasMore = &more
	} else {
		v.HasEarlier = &more
	}
	jsonWithETag(c, v)
}

func (s *Server) postContactMessage(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	var in replyRequest
	if !bindJSON(c, &in) {
		return
	}
	sent, err := s.d.Messaging.Send(c.Request.Context(), callerOf(c), id, in.Message, in.ClientID)
	if err != nil {
		_ = c.Error(err)
		return
	}
	s.answerSent(c, sent)
}

func (s *Server) putContactStatus(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	var in statusRequest
	if !bindJSON(c, &in) {
		return
	}
	ct, err := s.d.Messaging.SetStatus(c.Request.Context(), callerOf(c), id, messaging.Status(strings.TrimSpace(in.Status)))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, contactOf(ct, callerOf(c).UserID))
}
