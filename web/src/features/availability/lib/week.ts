import type { AvailabilityWindow } from '../api/availabilityApi';

/**
 * The weekly editor's model and the rules of the designer spec (section 5): hours 0–23, minutes
 * 0/15/30/45; a start at or after the end pushes the end to start + 1 hour, with the hour capped at
 * 23; every day keeps at least one slot. Times are minutes after midnight.
 */
export interface EditorSlot {
  key: string;
  start: number;
  end: number;
  active: boolean;
}

/** Seven days, Monday first; each holds at least one slot. */
export type EditorWeek = EditorSlot[][];

export const DAYS = 7;
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);
export const MINUTES: readonly number[] = [0, 15, 30, 45];
/** Every time a window may start or end: 00:00 to 23:45 in quarter hours. */
export const QUARTERS: readonly number[] = HOURS.flatMap((h) => MINUTES.map((m) => h * 60 + m));
/** The latest minute a window may end (23:45). */
export const LAST_MINUTE = 23 * 60 + 45;

let nextKey = 0;
function key(): string {
  nextKey += 1;
  return `slot-${nextKey}`;
}

export function slot(start: number, end: number, active: boolean): EditorSlot {
  return { key: key(), start, end, active };
}

function parse(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The end a start implies when it reaches the end: one hour later, the hour capped at 23. */
export function pushedEnd(start: number): number {
  const capped = Math.min(Math.floor(start / 60) + 1, 23) * 60 + (start % 60);
  return capped > start ? capped : LAST_MINUTE;
}

/** What a designer without availability starts from: weekdays 09:00–18:00, weekends off. */
export function defaultWeek(): EditorWeek {
  return Array.from({ length: DAYS }, (_, day) => [slot(9 * 60, 18 * 60, day < 5)]);
}

/** The stored week as the editor shows it; a day without windows gets one inactive slot. */
export function fromServer(windows: readonly AvailabilityWindow[]): EditorWeek {
  if (windows.length === 0) return defaultWeek();
  const week: EditorWeek = Array.from({ length: DAYS }, () => []);
  for (const w of windows) {
    week[w.day_of_week]?.push(slot(parse(w.start_time), parse(w.end_time), w.is_active));
  }
  // Keys follow the position, so the same stored week read again (each outbox or cache update) keeps
  // the editor's rows instead of replacing them all.
  return week.map((day, d) => {
    const sorted = [...day].sort((a, b) => a.start - b.start);
    const slots = sorted.length > 0 ? sorted : [slot(9 * 60, 18 * 60, false)];
    return slots.map((s, i) => ({ ...s, key: `stored-${d}-${i}` }));
  });
}

function updateSlot(week: EditorWeek, day: number, index: number, change: (s: EditorSlot) => EditorSlot): EditorWeek {
  return week.map((slots, d) => (d === day ? slots.map((s, i) => (i === index ? change(s) : s)) : slots));
}

export function setStart(week: EditorWeek, day: number, index: number, start: number): EditorWeek {
  return updateSlot(week, day, index, (s) => ({ ...s, start, end: start >= s.end ? pushedEnd(start) : s.end }));
}

export function setEnd(week: EditorWeek, day: number, index: number, end: number): EditorWeek {
  return updateSlot(week, day, index, (s) => ({ ...s, end }));
}

export function setActive(week: EditorWeek, day: number, index: number, active: boolean): EditorWeek {
  return updateSlot(week, day, index, (s) => ({ ...s, active }));
}

/** Adds a slot after the day's last one (an hour from where it ends), active. */
export function addSlot(week: EditorWeek, day: number): EditorWeek {
  return week.map((slots, d) => {
    if (d !== day) return slots;
    const last = slots[slots.length - 1];
    const start = Math.min(last ? last.end : 9 * 60, LAST_MINUTE - 15);
    return [...slots, slot(start, pushedEnd(start), true)];
  });
}

/** Removes a slot unless it is the day's only one. */
export function removeSlot(week: EditorWeek, day: number, index: number): EditorWeek {
  return week.map((slots, d) => (d === day && slots.length > 1 ? slots.filter((_, i) => i !== index) : slots));
}

/** Slots whose end is not after their start. */
export function invalidSlots(week: EditorWeek): Set<string> {
  return new Set(week.flat().filter((s) => s.end <= s.start).map((s) => s.key));
}

/** Days (0–6) where two active slots overlap; the server refuses those weeks too. */
export function overlappingDays(week: EditorWeek): number[] {
  const out: number[] = [];
  week.forEach((slots, day) => {
    const active = slots.filter((s) => s.active).sort((a, b) => a.start - b.start);
    for (let i = 1; i < active.length; i++) {
      const prev = active[i - 1];
      const cur = active[i];
      if (prev && cur && cur.start < prev.end) {
        out.push(day);
        return;
      }
    }
  });
  return out;
}

/** The active slots that overlap another active slot of their day. */
export function overlappingSlots(week: EditorWeek): Set<string> {
  const out = new Set<string>();
  for (const slots of week) {
    const active = slots.filter((s) => s.active);
    for (const a of active) {
      for (const b of active) {
        if (a !== b && a.start < b.end && b.start < a.end) out.add(a.key);
      }
    }
  }
  return out;
}

/** Every slot, active or not, in the API's shape. */
export function toPayload(week: EditorWeek): AvailabilityWindow[] {
  return week.flatMap((slots, day) =>
    slots.map((s) => ({ day_of_week: day, start_time: hhmm(s.start), end_time: hhmm(s.end), is_active: s.active })),
  );
}

/** How many active windows a stored week has (the dashboard counter). */
export function activeCount(windows: readonly AvailabilityWindow[] | undefined): number {
  return (windows ?? []).filter((w) => w.is_active).length;
}
