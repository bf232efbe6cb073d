package mail_test

import (
	"strings"
	"testing"
	"time"

	"interno/adapters/mail"
)

func TestParseURL(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		cases := []struct {
			name string
			raw  string
			want mail.SMTPConfig
		}{
			{
				name: "STARTTLSDefaults",
				raw:  "smtp://mailer:p%40ss@mail.example.com",
				want: mail.SMTPConfig{Host: "mail.example.com", Port: 587, Username: "mailer", Password: "p@ss",
					From: mail.DefaultFrom, TLS: mail.TLSStartTLS, Timeout: mail.DefaultTimeout},
			},
			{
				name: "ImplicitTLSWithFrom",
				raw:  "smtps://mailer:pw@mail.example.com?from=Interno%20%3Cnoreply%40interno.example%3E",
				want: mail.SMTPConfig{Host: "mail.example.com", Port: 465, Username: "mailer", Password: "pw",
					From: `"Interno" <noreply@interno.example>`, TLS: mail.TLSImplicit, Timeout: mail.DefaultTimeout},
			},
			{
				name: "LocalRelayWithoutTLS",
				raw:  "smtp://localhost:1025?starttls=off&timeout=3s",
				want: mail.SMTPConfig{Host: "localhost", Port: 1025, From: mail.DefaultFrom, TLS: mail.TLSOff, Timeout: 3 * time.Second},
			},
			{
				name: "LoopbackRelayWithoutTLSMayAuthenticate",
				raw:  "smtp://u:p@127.0.0.1:25?starttls=off",
				want: mail.SMTPConfig{Host: "127.0.0.1", Port: 25, Username: "u", Password: "p", From: mail.DefaultFrom,
					TLS: mail.TLSOff, Timeout: mail.DefaultTimeout},
			},
			{
				name: "IPv6AndInsecureSkipVerify",
				raw:  "smtp://[::1]:2525?insecure_skip_verify=true&starttls=on",
				want: mail.SMTPConfig{Host: "::1", Port: 2525, From: mail.DefaultFrom, TLS: mail.TLSStartTLS,
					InsecureSkipVerify: true, Timeout: mail.DefaultTimeout},
			},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				got, err := mail.ParseURL(tc.raw)
				if err != nil {
					t.Fatalf("ParseURL(%q): %v", tc.raw, err)
				}
				if got != tc.want {
					t.Errorf("ParseURL(%q)\n got %+v\nwant %+v", tc.raw, got, tc.want)
				}
			})
		}
	})
	t.Run("Errors", func(t *testing.T) {
		cases := []struct {
			name, raw, mention string
		}{
			{"Empty", "  ", "empty"},
			{"WrongScheme", "http://mail.example.com", "scheme"},
			{"NoHost", "smtp://", "host"},
			{"NoSchemeSeparator", "mail.example.com:587", "scheme"},
			{"BadPort", "smtp://mail.example.com:99999", "port"},
			{"UserWithoutPassword", "smtp://mailer@mail.example.com", "no password"},
			{"BadFrom", "smtp://mail.example.com?from=nobody", "from"},
			{"UnknownParameter", "smtp://mail.example.com?starttsl=off", "unknown parameter"},
			{"RepeatedParameter", "smtp://mail.example.com?from=a%40b.it&from=c%40d.it", "2 times"},
			{"BadStartTLS", "smtp://mail.example.com?starttls=maybe", "starttls"},
			{"StartTLSOffWithSMTPS", "smtps://mail.example.com?starttls=off", "smtps"},
			{"BadTimeout", "smtp://mail.example.com?timeout=forever", "timeout"},
			{"PasswordInClearText", "smtp://u:secret@mail.example.com?starttls=off", "clear text"},
			{"Path", "smtp://mail.example.com/inbox", "path"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				_, err := mail.ParseURL(tc.raw)
				if err == nil {
					t.Fatalf("ParseURL(%q) succeeded", tc.raw)
				}
				if !strings.Contains(err.Error(), tc.mention) {
					t.Errorf("error %q does not mention %q", err, tc.mention)
				}
			})
		}
	})
	t.Run("ErrorsNeverRepeatThePassword", func(t *testing.T) {
		for _, raw := range []string{
			"smtp://u:hunter2@mail.example.com:bad",
			"smtp://u:hunter2@mail.example.com/%zz",
			"smtp://u:hunter2@mail.example.com?starttls=off",
			"smtp://u:hunter2@mail.example.com?x=%zz",
		} {
			_, err := mail.ParseURL(raw)
			if err == nil {
				t.Fatalf("ParseURL(%q) succeeded", raw)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("ParseURL(%q) leaks the password: %v", raw, err)
			}
		}
	})
}

func TestSMTPConfig_String(t *testing.T) {
	t.Run("MasksPassword", func(t *testing.T) {
		cfg, err := mail.ParseURL("smtps://mailer:hunter2@mail.example.com")
		if err != nil {
			t.Fatal(err)
		}
		s := cfg.String()
		if strings.Contains(s, "hunter2") || !strings.Contains(s, "mailer:xxxxx@mail.example.com:465") {
			t.Errorf("String() = %q", s)
		}
	})
}
