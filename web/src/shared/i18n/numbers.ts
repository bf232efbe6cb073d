/**
 * Numbers the Italian way, as `Intl.NumberFormat('it-IT')` writes them, without making one for the
 * numbers the app shows (counts, years, budgets in whole euros).
 *
 * The first Intl formatter of any kind a page creates costs Chromium 15-60 ms of main thread
 * (measured on this project's machines; docs/performance.md, "The first Intl formatter"): ICU's
 * locale data is loaded then. Created when a module loads, as it was, that cost fell on every first
 * screen before its paint. Whole numbers are written here with Italian grouping ("." between groups
 * of three digits, only from five digits on: CLDR's minimum grouping digits for Italian is 2, so
 * 1500 but 12.345); anything else (fractions, -0, NaN, infinities, unsafe integers) goes to the
 * Intl formatter, created the first time one is needed. `numbers.test.ts` holds both paths equal to
 * Intl's own output.
 */

let plain: Intl.NumberFormat | null = null;
let euros: Intl.NumberFormat | null = null;

function intlFormat(value: number): string {
  plain ??= new Intl.NumberFormat('it-IT');
  return plain.format(value);
}

function wholeNumber(value: number): boolean {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

/** `value` as Intl.NumberFormat('it-IT') formats it: "7", "1500", "12.345", "1,5". */
export function formatNumber(value: number): string {
  if (!wholeNumber(value)) return intlFormat(value);
  const digits = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  if (digits.length < 5) return sign + digits;
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `.${digits.slice(i, i + 3)}`;
  return sign + out;
}

/**
 * An amount in whole euros as Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR',
 * maximumFractionDigits: 0 }) formats it: "1500 €", "12.345 €" (a no-break space before the sign).
 */
export function formatEuros(value: number): string {
  if (wholeNumber(value)) return `${formatNumber(value)}\u00a0€`;
  euros ??= new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return euros.format(value);
}
