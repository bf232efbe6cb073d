package mail_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"interno/adapters/mail"
	"interno/core/email"
)

// newOutbox returns an outbox in a temp dir with a pinned clock and a
// captured log.
func newOutbox(t *testing.T) (*mail.FileOutbox, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	o, err := mail.NewFileOutbox(filepath.Join(t.TempDir(), "outbox"), mail.OutboxOptions{
		From:   "Interno <noreply@example.com>",
		Clock:  func() time.Time { return pinned },
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatalf("NewFileOutbox: %v", err)
	}
	return o, &logs
}

func TestFileOutbox_Send(t *testing.T) {
	t.Run("RoundTripThroughReadEML", func(t *testing.T) {
		o, logs := newOutbox(t)
		if err := o.Send(context.Background(), sampleMessage()); err != nil {
			t.Fatalf("Send: %v", err)
		}
		names, err := o.List()
		if err != nil || len(names) != 1 {
			t.Fatalf("List = %v, %v; want one file", names, err)
		}
		path := filepath.Join(o.Dir(), names[0])
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		assertSample(t, data) // the very MIME SMTP would send
		got, err := mail.ReadEML(path)
		if err != nil {
			t.Fatalf("ReadEML: %v", err)
		}
		want := sampleMessage()
		if got.To != want.To || got.Subject != want.Subject || got.Text != want.Text || got.HTML != want.HTML {
			t.Errorf("ReadEML = %+v", got)
		}
		for _, s := range []string{"to=giulia.rossi@example.com", "subject=", path} {
			if !strings.Contains(logs.String(), s) {
				t.Errorf("log %q lacks %q", logs.String(), s)
			}
		}
	})
	t.Run("NamesSortInSendingOrderWithAPinnedClock", func(t *testing.T) {
		o, _ := newOutbox(t)
		for i := range 5 {
			msg := sampleMessage()
			msg.Subject = "Messaggio " + string(rune('A'+i))
			if err := o.Send(context.Background(), msg); err != nil {
				t.Fatal(err)
			}
		}
		names, err := o.List()
		if err != nil || len(names) != 5 {
			t.Fatalf("List = %v, %v", names, err)
		}
		if !slices.IsSorted(names) || !strings.HasPrefix(names[0], "20260314T083000.000000000Z-") {
			t.Errorf("names = %v", names)
		}
		for i, name := range names {
			msg, err := o.Read(name)
			if err != nil {
				t.Fatal(err)
			}
			if want := "Messaggio " + string(rune('A'+i)); msg.Subject != want {
				t.Errorf("file %d has subject %q, want %q", i, msg.Subject, want)
			}
		}
	})
	t.Run("LeavesNoTemporaryFiles", func(t *testing.T) {
		o, _ := newOutbox(t)
		if err := o.Send(context.Background(), sampleMessage()); err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(o.Dir())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".eml") || strings.HasPrefix(e.Name(), ".") {
				t.Errorf("unexpected file %q", e.Name())
			}
		}
	})
	t.Run("RefusesInvalidRecipientPermanently", func(t *testing.T) {
		o, _ := newOutbox(t)
		msg := sampleMessage()
		msg.To = "nobody"
		if err := o.Send(context.Background(), msg); !mail.IsPermanent(err) {
			t.Fatalf("err = %v, want permanent", err)
		}
	})
	t.Run("HonoursCancelledContext", func(t *testing.T) {
		o, _ := newOutbox(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := o.Send(ctx, sampleMessage()); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	})
}

func TestFileOutbox_Newest(t *testing.T) {
	o, _ := newOutbox(t)
	send := func(to, subject string) {
		t.Helper()
		if err := o.Send(context.Background(), email.Message{To: to, Subject: subject, Text: subject}); err != nil {
			t.Fatal(err)
		}
	}
	send("anna@example.com", "primo")
	send("marco@example.com", "altro")
	send("anna@example.com", "secondo")
	send("marco@example.com", "ultimo")
	t.Run("OK", func(t *testing.T) {
		msg, err := o.Newest("Anna@Example.com")
		if err != nil || msg.Subject != "secondo" {
			t.Fatalf("Newest = %q, %v; want secondo", msg.Subject, err)
		}
	})
	t.Run("NotFound", func(t *testing.T) {
		if _, err := o.Newest("nessuno@example.com"); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("err = %v, want fs.ErrNotExist", err)
		}
	})
	t.Run("ReadRefusesPaths", func(t *testing.T) {
		if _, err := o.Read("../secret.eml"); err == nil {
			t.Fatal("Read accepted a path")
		}
	})
}

func TestReadEML(t *testing.T) {
	t.Run("ForeignMessageWithBase64AndLatin1Subject", func(t *testing.T) {
		doc := "From: a@example.com\r\nTo: Bea <bea@example.com>\r\n" +
			"Subject: =?ISO-8859-1?Q?Caff=E8?=\r\nMIME-Version: 1.0\r\n" +
			"Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
			"Q2lhbywgw6ggcHJvbnRv\r\nLg==\r\n"
		path := filepath.Join(t.TempDir(), "x.eml")
		if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
		msg, err := mail.ReadEML(path)
		if err != nil {
			t.Fatalf("ReadEML: %v", err)
		}
		if msg.To != "bea@example.com" || msg.Subject != "Caffè" || msg.Text != "Ciao, è pronto." {
			t.Errorf("ReadEML = %+v", msg)
		}
	})
	t.Run("MissingFile", func(t *testing.T) {
		if _, err := mail.ReadEML(filepath.Join(t.TempDir(), "none.eml")); !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("err = %v", err)
		}
	})
}
