import { describe, expect, it } from 'vitest';
import { GRID_CELLS, addDays, addMonths, monthGrid, todayIn, weekdayOf } from './calendar';

describe('monthGrid', () => {
  it('has 42 cells from the Monday on or before the 1st', () => {
    const march = monthGrid({ year: 2026, month: 3 }); // 1 March 2026 is a Sunday
    expect(march).toHaveLength(GRID_CELLS);
    expect(march[0]).toEqual({ date: '2026-02-23', day: 23, inMonth: false });
    expect(march[6]).toEqual({ date: '2026-03-01', day: 1, inMonth: true });
    expect(march[41]?.date).toBe('2026-04-05');
    expect(march.filter((c) => c.inMonth)).toHaveLength(31);
  });

  it('starts on the 1st when the month begins on a Monday', () => {
    const june = monthGrid({ year: 2026, month: 6 });
    expect(june[0]?.date).toBe('2026-06-01');
  });

  it('is not shifted by daylight-saving changes', () => {
    const october = monthGrid({ year: 2026, month: 10 });
    const dates = october.map((c) => c.date);
    expect(new Set(dates).size).toBe(GRID_CELLS);
    expect(dates).toContain('2026-10-25');
    expect(dates).toContain('2026-10-26');
  });
});

describe('date arithmetic', () => {
  it('moves by calendar days and months', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(weekdayOf('2026-03-09')).toBe(0);
    expect(weekdayOf('2026-03-15')).toBe(6);
  });

  it('reads today in the business zone, not the device zone', () => {
    // 23:30 UTC on 9 March is already 10 March in Rome.
    expect(todayIn('Europe/Rome', new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-10');
    expect(todayIn('America/New_York', new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-09');
  });
});
