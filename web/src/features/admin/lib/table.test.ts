import { describe, expect, it } from 'vitest';
import {
  DESIGNER_SEARCH_FIELDS,
  USER_SEARCH_FIELDS,
  allSelected,
  authType,
  filterRows,
  formatCreatedAt,
  paginate,
  pruneSelection,
  toggleAll,
  toggleId,
} from './table';

const users = [
  { id: 1, email: 'root@interno.demo', name: 'Root', location: '', is_admin: true },
  { id: 2, email: 'anna@example.com', name: 'Anna Bianchi', location: 'Roma' },
  { id: 3, email: 'bruno@example.com', name: 'Bruno', location: 'Milano' },
];

describe('filterRows', () => {
  it('matches email, name and location, ignoring case and spaces', () => {
    expect(filterRows(users, '  ROMA ', USER_SEARCH_FIELDS).map((u) => u.id)).toEqual([2]);
    expect(filterRows(users, 'example', USER_SEARCH_FIELDS).map((u) => u.id)).toEqual([2, 3]);
    expect(filterRows(users, 'bian', USER_SEARCH_FIELDS).map((u) => u.id)).toEqual([2]);
  });
  it('returns everything for an empty query and nothing for a miss', () => {
    expect(filterRows(users, '', USER_SEARCH_FIELDS)).toHaveLength(3);
    expect(filterRows(users, 'zzz', USER_SEARCH_FIELDS)).toEqual([]);
  });
  it('searches designers by phone and city but not by style', () => {
    const designers = [
      { id: 7, name: 'Sofia', email: 's@x.it', phone: '+39 333 1', city: 'Torino', design_style: 'C' },
      { id: 8, name: 'Luca', email: 'l@x.it', phone: '', city: 'Bari', design_style: 'D' },
    ];
    expect(filterRows(designers, '333', DESIGNER_SEARCH_FIELDS).map((d) => d.id)).toEqual([7]);
    expect(filterRows(designers, 'bari', DESIGNER_SEARCH_FIELDS).map((d) => d.id)).toEqual([8]);
    expect(filterRows(designers, 'D', DESIGNER_SEARCH_FIELDS).map((d) => d.id)).toEqual([]);
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  it('cuts pages of the chosen size and counts them', () => {
    expect(paginate(rows, 1, 10)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], page: 1, pageCount: 3 });
    expect(paginate(rows, 3, 10).rows).toEqual([21, 22, 23]);
  });
  it('clamps the page when the list shrinks', () => {
    expect(paginate(rows, 9, 10).page).toBe(3);
    expect(paginate(rows, 0, 10).page).toBe(1);
    expect(paginate([], 2, 10)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
  it('shows everything for All (0)', () => {
    expect(paginate(rows, 2, 0)).toEqual({ rows, page: 1, pageCount: 1 });
  });
});

describe('selection', () => {
  it('toggles one id', () => {
    const one = toggleId(new Set(), 2);
    expect([...one]).toEqual([2]);
    expect([...toggleId(one, 2)]).toEqual([]);
  });
  it('select-all selects the selectable rows shown, then clears them', () => {
    const selectable = [2, 3];
    const all = toggleAll(new Set([9]), selectable);
    expect([...all].sort()).toEqual([2, 3, 9]);
    expect(allSelected(all, selectable)).toBe(true);
    expect([...toggleAll(all, selectable)]).toEqual([9]);
  });
  it('is never "all selected" when nothing can be selected', () => {
    expect(allSelected(new Set(), [])).toBe(false);
  });
  it('prunes ids that disappeared or became locked', () => {
    expect([...pruneSelection(new Set([1, 2, 3]), [2])]).toEqual([2]);
  });
});

describe('authType', () => {
  it('prefers Google, then Password, else No Auth', () => {
    expect(authType({ google_id: 'sub', has_password: true })).toBe('Google');
    expect(authType({ google_id: null, has_password: true })).toBe('Password');
    expect(authType({ google_id: null, has_password: false })).toBe('No Auth');
  });
});

describe('formatCreatedAt', () => {
  it('uses the Italian date format in Rome time', () => {
    expect(formatCreatedAt('2026-11-22T23:30:00Z')).toBe('23/11/2026');
    expect(formatCreatedAt('not a date')).toBe('not a date');
  });
});
