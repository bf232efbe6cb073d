import { describe, expect, it } from 'vitest';
import { MAX_LENGTH, formatDateInput, isoToInput, parseDateInput } from './dateInput';

describe('formatDateInput', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['04', '04'],
    ['040', '04/0'],
    ['0408', '04/08'],
    ['04082', '04/08/2'],
    ['04082025', '04/08/2025'],
    ['040820251', '04/08/2025'],
    ['04/08/2025', '04/08/2025'],
    ['4 ago 2025', '42/02/5'],
    ['ab12cd34ef2026', '12/34/2026'],
    ['04-08-2025', '04/08/2025'],
  ])('%s → %s', (raw, formatted) => {
    expect(formatDateInput(raw)).toBe(formatted);
  });

  it('never grows beyond ten characters', () => {
    expect(formatDateInput('1'.repeat(40)).length).toBe(MAX_LENGTH);
  });

  it('lets a deleted slash disappear instead of coming back', () => {
    expect(formatDateInput('04/')).toBe('04');
    expect(formatDateInput('04/08/')).toBe('04/08');
  });
});

describe('parseDateInput', () => {
  const today = '2026-03-10';

  it('accepts today and future dates', () => {
    expect(parseDateInput('10/03/2026', today)).toEqual({ ok: true, date: '2026-03-10' });
    expect(parseDateInput('29/02/2028', today)).toEqual({ ok: true, date: '2028-02-29' });
    expect(parseDateInput('31/12/2026', today)).toEqual({ ok: true, date: '2026-12-31' });
  });

  it.each(['', '1/3/2026', '10/03/26', '10-03-2026', '10/03/2026x', 'gg/mm/aaaa', '10/03'])('"%s" has the wrong format', (text) => {
    expect(parseDateInput(text, today)).toEqual({ ok: false, error: 'format' });
  });

  it.each([
    ['00/03/2026', 'day 0'],
    ['32/03/2026', 'day 32'],
    ['10/00/2026', 'month 0'],
    ['10/13/2026', 'month 13'],
    ['10/03/2023', 'year before 2024'],
    ['31/04/2026', 'April has 30 days'],
    ['29/02/2027', 'not a leap year'],
    ['30/02/2028', 'February 30'],
  ])('"%s" is not a valid date (%s)', (text) => {
    expect(parseDateInput(text, today)).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses past days, including 2024 dates once they are gone', () => {
    expect(parseDateInput('09/03/2026', today)).toEqual({ ok: false, error: 'past' });
    expect(parseDateInput('01/01/2024', today)).toEqual({ ok: false, error: 'past' });
  });

  it('turns an ISO day back into the field', () => {
    expect(isoToInput('2026-08-04')).toBe('04/08/2026');
  });
});
