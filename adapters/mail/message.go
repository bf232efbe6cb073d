package mail

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"mime"
	netmail "net/mail"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"interno/core/email"
)

// composer turns a core message into the MIME document both senders emit, so
// the outbox shows exactly what SMTP would have delivered.
type composer struct {
	from   string
	domain string
	clock  func() time.Time
}

// newComposer validates the From address once, at construction.
func newComposer(from string, clock func() time.Time) (composer, error) {
	if from == "" {
		from = DefaultFrom
	}
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return composer{}, fmt.Errorf("from address %q: %w", from, err)
	}
	if clock == nil {
		clock = time.Now
	}
	domain := "localhost"
	if at := strings.LastIndexByte(addr.Address, '@'); at >= 0 && at < len(addr.Address)-1 {
		domain = addr.Address[at+1:]
	}
	return composer{from: addr.String(), domain: domain, clock: clock}, nil
}

// compose builds the go-mail message: multipart/alternative text and HTML in
// UTF-8 quoted-printable, attachments in base64, an RFC 2047 subject, and our
// own Date and Message-ID so both follow the injected clock and From domain.
func (c composer) compose(msg email.Message) (*gomail.Msg, error) {
	if strings.TrimSpace(msg.Text) == "" && strings.TrimSpace(msg.HTML) == "" {
		return nil, Permanent(errors.New("message has neither a text nor an HTML body"))
	}
	m := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP),
		gomail.WithNoDefaultUserAgent())
	if err := m.From(c.from); err != nil {
		return nil, fmt.Errorf("from address: %w", err)
	}
	if err := m.To(msg.To); err != nil {
		return nil, Permanent(fmt.Errorf("recipient %q is not a valid address: %w", msg.To, err))
	}
	m.Subject(msg.Subject)
	m.SetDateWithValue(c.clock())
	m.SetMessageIDWithValue(randomToken() + "@" + c.domain)
	// Transactional mail: ask auto-responders (holiday replies) to stay quiet.
	m.SetGenHeader("Auto-Submitted", "auto-generated")
	switch {
	case msg.Text != "" && msg.HTML != "":
		m.SetBodyString(gomail.TypeTextPlain, msg.Text)
		m.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	case msg.HTML != "":
		m.SetBodyString(gomail.TypeTextHTML, msg.HTML)
	default:
		m.SetBodyString(gomail.TypeTextPlain, msg.Text)
	}
	for i, a := range msg.Attachments {
		if err := attach(m, a); err != nil {
			return nil, Permanent(fmt.Errorf("attachment %d: %w", i+1, err))
		}
	}
	return m, nil
}

// attach adds one attachment, keeping parameters such as method=REQUEST that
// calendar clients need to show an invitation.
func attach(m *gomail.Msg, a email.Attachment) error {
	name := strings.TrimSpace(a.Filename)
	if name == "" || strings.ContainsAny(name, "/\\\r\n\"") {
		return fmt.Errorf("file name %q is empty or unsafe", a.Filename)
	}
	ct := a.ContentType
	if ct == "" {
		ct = mime.TypeByExtension(extension(name))
	}
	if ct == "" {
		ct = string(gomail.TypeAppOctetStream)
	}
	if _, _, err := mime.ParseMediaType(ct); err != nil {
		return fmt.Errorf("content type %q: %w", ct, err)
	}
	return m.AttachReader(name, bytes.NewReader(a.Data),
		gomail.WithFileContentType(gomail.ContentType(ct)),
		gomail.WithFileEncoding(gomail.EncodingB64))
}

// render writes the complete RFC 5322 document.
func render(m *gomail.Msg, w io.Writer) error {
	_, err := m.WriteTo(w)
	return err
}

// extension returns the file name's extension including the dot.
func extension(name string) string {
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		return name[dot:]
	}
	return ""
}

// randomToken returns 128 random bits in lower-case base32, for Message-IDs
// and outbox file names.
func randomToken() string {
	return strings.ToLower(rand.Text())
}

// PermanentError marks a delivery failure that retrying cannot fix (a refused
// recipient, a malformed message), so the dispatcher gives up at once instead
// of backing off for hours.
type PermanentError struct {
	Err error
}

// Error prefixes the cause so logs show why no retry happened.
func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }

// Unwrap exposes the cause to errors.Is and errors.As.
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent wraps err so IsPermanent recognises it; senders other than
// SMTPSender (and test fakes) use it to mark failures not worth retrying.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &PermanentError{Err: err}
}

// IsPermanent reports whether err, anywhere in its chain, is a permanent
// delivery failure; everything else is treated as transient and retried.
func IsPermanent(err error) bool {
	var p *PermanentError
	return errors.As(err, &p)
}
