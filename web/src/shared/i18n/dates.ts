/**
 * Italian date helpers. Business times come from the API as RFC 3339 strings with an offset;
 * they are shown in the Europe/Rome zone unless a caller passes another one.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Rome';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

// Formatters are made on first use and kept: the first Intl formatter a page creates is slow
// (numbers.ts), and this module is part of the app's shell.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const cacheKey = JSON.stringify([options, timeZone]);
  let cached = formatters.get(cacheKey);
  if (!cached) {
    cached = new Intl.DateTimeFormat('it-IT', { ...options, timeZone });
    formatters.set(cacheKey, cached);
  }
  return cached;
}

/** "4 agosto 2025". */
export function formatLongDate(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter({ day: 'numeric', month: 'long', year: 'numeric' }, timeZone).format(toDate(value));
}

/** "lunedì 4 agosto 2025", as appointment cards show it. */
export function formatWeekdayDate(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, timeZone).format(toDate(value));
}

/** "04/08/2025", the gg/mm/aaaa form the booking input uses. */
export function formatShortDate(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter({ day: '2-digit', month: '2-digit', year: 'numeric' }, timeZone).format(toDate(value));
}

/** "14:30". */
export function formatTime(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter({ hour: '2-digit', minute: '2-digit', hour12: false }, timeZone).format(toDate(value));
}

/** "agosto 2025", a calendar's title. */
export function formatMonthYear(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter({ month: 'long', year: 'numeric' }, timeZone).format(toDate(value));
}

/** "04/08/25, 14:30", a log's compact time. */
export function formatCompactDateTime(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter({ dateStyle: 'short', timeStyle: 'short' }, timeZone).format(toDate(value));
}

/** "4 ago 2025, 14:30". */
export function formatDateTime(value: DateInput, timeZone = BUSINESS_TIME_ZONE): string {
  return formatter(
    { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false },
    timeZone,
  ).format(toDate(value));
}

let relative: Intl.RelativeTimeFormat | null = null;
function relativeFormat(): Intl.RelativeTimeFormat {
  relative ??= new Intl.RelativeTimeFormat('it-IT', { numeric: 'auto' });
  return relative;
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "2 minuti fa", "ieri", "tra 3 giorni": the largest unit that fits. */
export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  const seconds = Math.round((toDate(value).getTime() - toDate(now).getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'adesso';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return relativeFormat().format(Math.round(seconds / size), unit);
    }
  }
  return relativeFormat().format(seconds, 'second');
}
