package scheduling

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Event is what a calendar file describes.
type Event struct {
	UID         string
	Start, End  time.Time
	Stamp       time.Time
	Summary     string
	Description string
	Location    string
	URL         string
}

// ICS renders e as an iCalendar (RFC 5545) file with one event: CRLF line
// ends, lines folded at 75 octets, text escaped, times in UTC so every
// calendar shows the right local time.
func ICS(e Event) []byte {
	var b strings.Builder
	line := func(name, value string) { writeFolded(&b, name+":"+value) }
	text := func(name, value string) { line(name, escapeText(value)) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", "-//Interno//Appuntamenti//IT")
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	line("BEGIN", "VEVENT")
	line("UID", e.UID)
	line("DTSTAMP", icsTime(e.Stamp))
	line("DTSTART", icsTime(e.Start))
	line("DTEND", icsTime(e.End))
	text("SUMMARY", e.Summary)
	if e.Description != "" {
		text("DESCRIPTION", e.Description)
	}
	if e.Location != "" {
		text("LOCATION", e.Location)
	}
	if e.URL != "" {
		line("URL", e.URL)
	}
	line("STATUS", "CONFIRMED")
	line("BEGIN", "VALARM")
	line("TRIGGER", "-PT15M")
	line("ACTION", "DISPLAY")
	text("DESCRIPTION", e.Summary)
	line("END", "VALARM")
	line("END", "VEVENT")
	line("END", "VCALENDAR")
	return []byte(b.String())
}

func icsTime(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

func escapeText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(s)
}

// writeFolded writes one content line, folding it into 75-octet pieces
// without splitting a UTF-8 character.
func writeFolded(b *strings.Builder, s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space of a continuation counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}

// eventUID is stable per appointment so re-imports update, not duplicate.
func eventUID(id int64, host string) string {
	if host == "" {
		host = "interno"
	}
	return fmt.Sprintf("appointment-%d@%s", id, host)
}
