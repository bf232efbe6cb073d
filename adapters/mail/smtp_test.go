package mail_test

import (
	"bytes"
	"context"
	"errors"
	"mime"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"interno/adapters/mail"
	"interno/core/email"
)

// pinned is the clock every mail test uses.
var pinned = time.Date(2026, 3, 14, 9, 30, 0, 0, time.FixedZone("CET", 3600))

// resetLink is long and full of '=' so quoted-printable must soft-wrap and
// escape it; it has to arrive byte for byte.
const resetLink = "https://interno.example/reimposta-password?token=QmFzZTY0VG9rZW4tY29uLXVndWFsZQ==&utm_source=email&utm_campaign=reset-password-very-long-campaign-name"

// sampleMessage is an Italian message with both bodies and an invitation.
func sampleMessage() email.Message {
	return email.Message{
		To:      "giulia.rossi@example.com",
		Subject: "Il tuo appuntamento è confermato: perché aspettare? Più città, più caffè",
		Text:    "Ciao Giulia,\nla tua chiamata è confermata.\nReimposta qui: " + resetLink + "\nA presto!\n",
		HTML:    `<p>Ciao Giulia,</p><p>La tua chiamata è <b>confermata</b>.</p><p><a href="` + resetLink + `">Reimposta la password</a></p>`,
		Attachments: []email.Attachment{{
			Filename:    "invito.ics",
			ContentType: "text/calendar; method=REQUEST; charset=UTF-8",
			Data:        []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nSUMMARY:Videochiamata con l'arredatrice\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"),
		}},
	}
}

// newSender parses rawURL and builds a sender trusting the relay's certificate.
func newSender(t *testing.T, r *relay, rawURL string) *mail.SMTPSender {
	t.Helper()
	cfg, err := mail.ParseURL(rawURL)
	if err != nil {
		t.Fatalf("ParseURL: %v", err)
	}
	cfg.Timeout = 5 * time.Second
	s, err := mail.NewSMTPSender(cfg, mail.SenderOptions{Clock: func() time.Time { return pinned }, RootCAs: r.Roots})
	if err != nil {
		t.Fatalf("NewSMTPSender: %v", err)
	}
	return s
}

// assertSample checks that a received document decodes to sampleMessage.
func assertSample(t *testing.T, data []byte) {
	t.Helper()
	want := sampleMessage()
	got, err := mail.ParseEML(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("ParseEML: %v\n%s", err, data)
	}
	if got.To != want.To || got.Subject != want.Subject {
		t.Errorf("To/Subject = %q / %q, want %q / %q", got.To, got.Subject, want.To, want.Subject)
	}
	if got.Text != want.Text {
		t.Errorf("Text = %q, want %q", got.Text, want.Text)
	}
	if got.HTML != want.HTML {
		t.Errorf("HTML = %q, want %q", got.HTML, want.HTML)
	}
	if !strings.Contains(got.Text, resetLink) || !strings.Contains(got.HTML, `href="`+resetLink+`"`) {
		t.Errorf("reset link did not survive encoding")
	}
	if len(got.Attachments) != 1 {
		t.Fatalf("attachments = %d, want 1", len(got.Attachments))
	}
	att := got.Attachments[0]
	mt, params, err := mime.ParseMediaType(att.ContentType)
	if err != nil || mt != "text/calendar" || params["method"] != "REQUEST" {
		t.Errorf("attachment content type = %q (%v)", att.ContentType, err)
	}
	if att.Filename != "invito.ics" || !bytes.Equal(att.Data, want.Attachments[0].Data) {
		t.Errorf("attachment = %q %q", att.Filename, att.Data)
	}
	for i, b := range data {
		if b >= 0x80 {
			t.Fatalf("byte %d is not 7-bit: the document must be fully encoded", i)
		}
	}
	hdr, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if s := hdr.Header.Get("Subject"); !strings.Contains(s, "=?UTF-8?") {
		t.Errorf("Subject %q is not RFC 2047 encoded", s)
	}
	if d, err := hdr.Header.Date(); err != nil || !d.Equal(pinned) {
		t.Errorf("Date = %v (%v), want %v", d, err, pinned)
	}
	if id := hdr.Header.Get("Message-Id"); !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@example.com>") {
		t.Errorf("Message-ID = %q", id)
	}
	if from := hdr.Header.Get("From"); !strings.Contains(from, "noreply@example.com") {
		t.Errorf("From = %q", from)
	}
	if ct := hdr.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/mixed") {
		t.Errorf("Content-Type = %q, want multipart/mixed around the alternative", ct)
	}
	if !bytes.Contains(data, []byte("multipart/alternative")) || !bytes.Contains(data, []byte("quoted-printable")) {
		t.Errorf("bodies are not multipart/alternative in quoted-printable")
	}
}

func TestSMTPSender_Send(t *testing.T) {
	const from = "from=Interno%20%3Cnoreply%40example.com%3E"
	cases := []struct {
		name     string
		opts     relayOptions
		scheme   string
		userinfo string
		query    string
	}{
		{"STARTTLSWithAuthPlain", relayOptions{TLS: relayStartTLS, User: "interno", Pass: "s3gr3t0!"}, "smtp", "interno:s3gr3t0%21", from},
		{"ImplicitTLSWithAuthPlain", relayOptions{TLS: relayImplicit, User: "interno", Pass: "pw"}, "smtps", "interno:pw", from},
		{"LocalRelayWithoutTLS", relayOptions{TLS: relayPlain}, "smtp", "", from + "&starttls=off"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := startRelay(t, tc.opts)
			s := newSender(t, r, r.URL(tc.scheme, tc.userinfo, tc.query))
			if err := s.Send(context.Background(), sampleMessage()); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := r.Deliveries()
			if len(got) != 1 {
				t.Fatalf("deliveries = %d, want 1", len(got))
			}
			if got[0].From != "noreply@example.com" || len(got[0].To) != 1 || got[0].To[0] != "giulia.rossi@example.com" {
				t.Errorf("envelope = %q -> %q", got[0].From, got[0].To)
			}
			assertSample(t, got[0].Data)
		})
	}
}

func TestSMTPSender_Failures(t *testing.T) {
	t.Run("RefusedRecipientIsPermanent", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayStartTLS, Refuse: map[string]*smtp.SMTPError{
			"giulia.rossi@example.com": {Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"},
		}})
		err := newSender(t, r, r.URL("smtp", "", "")).Send(context.Background(), sampleMessage())
		if err == nil || !mail.IsPermanent(err) {
			t.Fatalf("err = %v, want a permanent error", err)
		}
	})
	t.Run("GreylistedRecipientIsTransient", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayStartTLS, Refuse: map[string]*smtp.SMTPError{
			"giulia.rossi@example.com": {Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 1}, Message: "Try again later"},
		}})
		err := newSender(t, r, r.URL("smtp", "", "")).Send(context.Background(), sampleMessage())
		if err == nil || mail.IsPermanent(err) {
			t.Fatalf("err = %v, want a transient error", err)
		}
	})
	t.Run("WrongPasswordIsTransient", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayStartTLS, User: "interno", Pass: "right"})
		err := newSender(t, r, r.URL("smtp", "interno:wrong", "")).Send(context.Background(), sampleMessage())
		if err == nil || mail.IsPermanent(err) {
			t.Fatalf("err = %v, want a transient error", err)
		}
		if strings.Contains(err.Error(), "wrong") {
			t.Errorf("error leaks the password: %v", err)
		}
	})
	t.Run("STARTTLSMissingIsRefused", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayPlain})
		err := newSender(t, r, r.URL("smtp", "", "")).Send(context.Background(), sampleMessage())
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Fatalf("err = %v, want a STARTTLS error", err)
		}
		if len(r.Deliveries()) != 0 {
			t.Errorf("message was sent in clear text")
		}
	})
	t.Run("UntrustedCertificateIsRefused", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayStartTLS})
		cfg, err := mail.ParseURL(r.URL("smtp", "", ""))
		if err != nil {
			t.Fatal(err)
		}
		s, err := mail.NewSMTPSender(cfg, mail.SenderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Send(context.Background(), sampleMessage()); err == nil {
			t.Fatal("Send trusted a self-signed certificate")
		}
	})
	t.Run("InsecureSkipVerifyAcceptsIt", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayStartTLS})
		cfg, err := mail.ParseURL(r.URL("smtp", "", "insecure_skip_verify=true"))
		if err != nil {
			t.Fatal(err)
		}
		s, err := mail.NewSMTPSender(cfg, mail.SenderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Send(context.Background(), sampleMessage()); err != nil {
			t.Fatalf("Send: %v", err)
		}
	})
	t.Run("InvalidRecipientIsPermanent", func(t *testing.T) {
		r := startRelay(t, relayOptions{TLS: relayStartTLS})
		msg := sampleMessage()
		msg.To = "not an address"
		err := newSender(t, r, r.URL("smtp", "", "")).Send(context.Background(), msg)
		if err == nil || !mail.IsPermanent(err) {
			t.Fatalf("err = %v, want a permanent error", err)
		}
	})
	t.Run("ContextCancelledMidSend", func(t *testing.T) {
		stall := make(chan struct{})
		defer close(stall)
		r := startRelay(t, relayOptions{TLS: relayStartTLS, Stall: stall})
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := newSender(t, r, r.URL("smtp", "", "")).Send(ctx, sampleMessage())
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want context.DeadlineExceeded", err)
		}
		if elapsed := time.Since(start); elapsed > 3*time.Second {
			t.Errorf("Send took %v after the deadline", elapsed)
		}
	})
}
