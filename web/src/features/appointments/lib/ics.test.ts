import { describe, expect, it } from 'vitest';
import { buildIcs, foldLine } from './ics';

describe('buildIcs', () => {
  const ics = buildIcs({
    uid: 'appointment-7@interno.test',
    start: '2026-03-10T09:00:00+01:00',
    end: '2026-03-10T10:00:00+01:00',
    summary: 'Videochiamata con Sofia, designer; Interno',
    description: 'Riga uno\nLink: https://meet.example/Interno-abc',
    location: 'https://meet.example/Interno-abc',
    url: 'https://meet.example/Interno-abc',
    stamp: new Date('2026-03-01T00:00:00Z'),
  });

  it('writes the event in UTC with escaped text and CRLF lines', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20260310T080000Z\r\n');
    expect(ics).toContain('DTEND:20260310T090000Z\r\n');
    expect(ics).toContain('DTSTAMP:20260301T000000Z\r\n');
    expect(ics).toContain('SUMMARY:Videochiamata con Sofia\\, designer\\; Interno\r\n');
    expect(ics).toContain('UID:appointment-7@interno.test\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain('DESCRIPTION:Riga uno\\nLink: https://meet.example/Interno-abc');
    expect(ics.split('\r\n').some((line) => line.includes('\n'))).toBe(false);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'Cucina è luminosa, '.repeat(10)}`;
    const folded = foldLine(long);
    const encoder = new TextEncoder();
    for (const line of folded.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});
