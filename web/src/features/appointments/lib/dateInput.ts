/**
 * The booking modal's date field: gg/mm/aaaa, digits only, formatted while typing, at most 10
 * characters (customer spec, section 5).
 */

/** The earliest year the field accepts. */
export const MIN_YEAR = 2024;
/** dd/mm/yyyy is ten characters. */
export const MAX_LENGTH = 10;

/** Keeps the digits of what was typed or pasted and puts the slashes in: "04082025" → "04/08/2025". */
export function formatDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

export type DateInputError = 'format' | 'invalid' | 'past';

export type DateInputResult = { ok: true; date: string } | { ok: false; error: DateInputError };

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Checks a gg/mm/aaaa text against today's date (YYYY-MM-DD in the business zone) and returns the
 * ISO date, or which of the spec's three errors applies: the wrong shape, an impossible date (day
 * outside 1–31, month outside 1–12, a year before 2024, or a day the month does not have), or a
 * day already past.
 */
export function parseDateInput(text: string, today: string): DateInputResult {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return { ok: false, error: 'format' };
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (day < 1 || day > 31 || month < 1 || month > 12 || year < MIN_YEAR) return { ok: false, error: 'invalid' };
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return { ok: false, error: 'invalid' };
  }
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  if (iso < today) return { ok: false, error: 'past' };
  return { ok: true, date: iso };
}

/** "2025-08-04" → "04/08/2025", to put a chosen day back into the field. */
export function isoToInput(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}
