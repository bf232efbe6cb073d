/**
 * The admin tables' local list logic (spec: the client filters and pages the full lists): search
 * over the spec's fields, page sizes 10/20/50/All, "Page X of Y", and a selection that never holds
 * a locked (admin) row.
 */

/** Page sizes offered; 0 is "All". */
export const PAGE_SIZES = [10, 20, 50, 0] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The spec's search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Admin search fields of the spec. */
export const USER_SEARCH_FIELDS = ['email', 'name', 'location'] as const;
export const DESIGNER_SEARCH_FIELDS = ['name', 'email', 'phone', 'city'] as const;

/** Rows whose listed fields contain the query (case-insensitive, trimmed); all rows for an empty query. */
export function filterRows<T, K extends keyof T>(rows: readonly T[], query: string, fields: readonly K[]): T[] {
  const needle = query.trim().toLocaleLowerCase('it');
  if (needle === '') return [...rows];
  return rows.filter((row) =>
    fields.some((field) => {
      const value = row[field];
      return typeof value === 'string' && value.toLocaleLowerCase('it').includes(needle);
    }),
  );
}

export interface PageOf<T> {
  rows: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
}

/** One page of rows; size 0 shows everything on one page. There is always at least one page. */
export function paginate<T>(rows: readonly T[], page: number, size: number): PageOf<T> {
  if (size <= 0) return { rows: [...rows], page: 1, pageCount: 1 };
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  return { rows: rows.slice(start, start + size), page: current, pageCount };
}

/** Adds or removes one id. */
export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every selectable row shown is selected (false when none can be). */
export function allSelected(selected: ReadonlySet<number>, selectable: readonly number[]): boolean {
  return selectable.length > 0 && selectable.every((id) => selected.has(id));
}

/** Select-all on the rows shown: selects them all, or clears them when they already are. */
export function toggleAll(selected: ReadonlySet<number>, selectable: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (allSelected(selected, selectable)) {
    for (const id of selectable) next.delete(id);
  } else {
    for (const id of selectable) next.add(id);
  }
  return next;
}

/** Drops ids that are no longer listed or not selectable (after a reload, a deletion, a search). */
export function pruneSelection(selected: ReadonlySet<number>, selectable: readonly number[]): Set<number> {
  const allowed = new Set(selectable);
  return new Set([...selected].filter((id) => allowed.has(id)));
}

export type AuthType = 'Google' | 'Password' | 'No Auth';

/** The Auth Type column: Google when linked, else Password when one is set, else No Auth. */
export function authType(user: { google_id: string | null; has_password: boolean }): AuthType {
  if (user.google_id) return 'Google';
  if (user.has_password) return 'Password';
  return 'No Auth';
}

/** Created At in the Italian locale; the raw text when it is not a date. */
export function formatCreatedAt(iso: string): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' }).format(date);
}
