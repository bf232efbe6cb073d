/**
 * Calendar arithmetic on civil dates (YYYY-MM-DD strings), independent of the device's time zone:
 * days are computed in UTC, and "today" is read in the business zone.
 */

/** The 42 cells of a month view: six weeks, Monday first (customer spec, section 9). */
export const GRID_CELLS = 42;

export interface Month {
  year: number;
  /** 1–12. */
  month: number;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function toIso(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function fromIso(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Moves a date by whole calendar days. */
export function addDays(iso: string, days: number): string {
  const date = fromIso(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

export function monthOf(iso: string): Month {
  const [y, m] = iso.split('-').map(Number);
  return { year: y ?? 1970, month: m ?? 1 };
}

export function addMonths(month: Month, n: number): Month {
  const index = month.year * 12 + (month.month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function sameMonth(a: Month, b: Month): boolean {
  return a.year === b.year && a.month === b.month;
}

/** 0 Monday … 6 Sunday. */
export function weekdayOf(iso: string): number {
  return (fromIso(iso).getUTCDay() + 6) % 7;
}

export interface GridCell {
  date: string;
  day: number;
  inMonth: boolean;
}

/** The month view: from the Monday on or before the 1st, 42 consecutive days. */
export function monthGrid(month: Month): GridCell[] {
  const first = `${month.year}-${pad(month.month)}-01`;
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: GRID_CELLS }, (_, i) => {
    const date = addDays(start, i);
    const m = monthOf(date);
    return { date, day: Number(date.slice(8)), inMonth: m.month === month.month && m.year === month.year };
  });
}
