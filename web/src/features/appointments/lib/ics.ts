/**
 * A calendar file (RFC 5545) for one appointment, built on the device so "Aggiungi al calendario"
 * works offline from the cached list. Times are written in UTC; lines end in CRLF and are folded at
 * 75 octets.
 */
export interface CalendarEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  stamp?: Date;
}

function utc(value: string | Date): string {
  return new Date(value).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds one content line into pieces of at most 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      pieces.push(current);
      current = '';
      size = 0;
      limit = 74;
    }
    current += char;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function buildIcs(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Interno//Appuntamenti//IT',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('STATUS:CONFIRMED', 'BEGIN:VALARM', 'TRIGGER:-PT15M', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(event.summary)}`, 'END:VALARM');
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
