import { describe, expect, it } from 'vitest';
import { LAST_MINUTE, addSlot, defaultWeek, fromServer, invalidSlots, overlappingDays, overlappingSlots, pushedEnd, removeSlot, setActive, setEnd, setStart, toPayload } from './week';

const at = (h: number, m = 0): number => h * 60 + m;

describe('weekly editor rules', () => {
  it('pushes the end to start + 1 hour when the start reaches it, the hour capped at 23', () => {
    expect(pushedEnd(at(9))).toBe(at(10));
    expect(pushedEnd(at(21, 45))).toBe(at(22, 45));
    expect(pushedEnd(at(22, 30))).toBe(at(23, 30));
    expect(pushedEnd(at(23))).toBe(LAST_MINUTE);
    expect(pushedEnd(at(23, 30))).toBe(LAST_MINUTE);
    const week = fromServer([{ day_of_week: 0, start_time: '09:00', end_time: '12:00', is_active: true }]);
    const later = setStart(week, 0, 0, at(12, 15));
    expect(later[0]?.[0]).toMatchObject({ start: at(12, 15), end: at(13, 15) });
    const earlier = setStart(week, 0, 0, at(8, 30));
    expect(earlier[0]?.[0]).toMatchObject({ start: at(8, 30), end: at(12) });
  });

  it('keeps at least one slot per day', () => {
    let week = defaultWeek();
    expect(week.every((day) => day.length === 1)).toBe(true);
    week = removeSlot(week, 2, 0);
    expect(week[2]).toHaveLength(1);
    week = addSlot(week, 2);
    expect(week[2]).toHaveLength(2);
    expect(week[2]?.[1]).toMatchObject({ start: at(18), end: at(19), active: true });
    week = removeSlot(week, 2, 0);
    expect(week[2]).toHaveLength(1);
    expect(week[2]?.[0]?.start).toBe(at(18));
  });

  it('gives days without windows one inactive slot and sorts the rest', () => {
    const week = fromServer([
      { day_of_week: 4, start_time: '14:30', end_time: '18:00', is_active: true },
      { day_of_week: 4, start_time: '09:00', end_time: '12:00', is_active: false },
    ]);
    expect(week[4]?.map((s) => s.start)).toEqual([at(9), at(14, 30)]);
    expect(week[0]).toHaveLength(1);
    expect(week[0]?.[0]?.active).toBe(false);
  });

  it('finds overlapping active slots and ends before starts', () => {
    let week = fromServer([
      { day_of_week: 1, start_time: '09:00', end_time: '12:00', is_active: true },
      { day_of_week: 1, start_time: '11:00', end_time: '13:00', is_active: true },
    ]);
    expect(overlappingDays(week)).toEqual([1]);
    expect(overlappingSlots(week).size).toBe(2);
    week = setActive(week, 1, 1, false);
    expect(overlappingDays(week)).toEqual([]);
    week = setEnd(week, 1, 0, at(8));
    expect(invalidSlots(week).size).toBe(1);
  });

  it('sends every slot with its day, HH:MM times and active flag', () => {
    const week = setActive(defaultWeek(), 5, 0, true);
    const payload = toPayload(week);
    expect(payload).toHaveLength(7);
    expect(payload[0]).toEqual({ day_of_week: 0, start_time: '09:00', end_time: '18:00', is_active: true });
    expect(payload[5]?.is_active).toBe(true);
    expect(payload[6]?.is_active).toBe(false);
  });
});
