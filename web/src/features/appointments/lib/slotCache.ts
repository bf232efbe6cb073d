import type { InternoDatabase } from '../../../shared/offline/db';
import type { AvailableSlots, Slot } from '../api/appointmentsApi';

/** The free slots last seen for one designer, kept so a booking can be requested offline. */
export interface SeenSlots {
  designerId: number;
  slots: Slot[];
  slotMinutes: number;
  /** When the newest answer that went into this copy arrived. */
  fetchedAt: number;
}

export function seenSlotsKey(designerId: number): string {
  return `slots-seen:${designerId}`;
}

function isSeenSlots(value: unknown): value is SeenSlots {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SeenSlots>;
  return typeof v.designerId === 'number' && Array.isArray(v.slots) && typeof v.fetchedAt === 'number';
}

function upcoming(slots: readonly Slot[], now: number): Slot[] {
  return slots.filter((slot) => Date.parse(slot.datetime) > now);
}

/**
 * Keeps an answer of the slots call: the days it covers are replaced by what it says (a slot taken
 * meanwhile disappears), days outside it are kept, past slots are dropped. IndexedDB failures are
 * swallowed: the copy is a help, never a requirement.
 */
export async function rememberSlots(database: InternoDatabase, answer: AvailableSlots, now: number = Date.now()): Promise<void> {
  try {
    const key = seenSlotsKey(answer.designer_id);
    const previous = (await database.kv.get(key))?.value;
    const kept = isSeenSlots(previous) ? previous.slots.filter((s) => s.date < answer.start_date || s.date > answer.end_date) : [];
    const slots = upcoming([...kept, ...answer.slots], now).sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime));
    const value: SeenSlots = { designerId: answer.designer_id, slots, slotMinutes: answer.slot_minutes, fetchedAt: now };
    await database.kv.put({ key, value });
  } catch (error) {
    console.warn('Could not keep the slots seen', error);
  }
}

/** The slots last seen for a designer that are still in the future, or null when none was ever seen. */
export async function seenSlots(database: InternoDatabase, designerId: number, now: number = Date.now()): Promise<SeenSlots | null> {
  try {
    const value = (await database.kv.get(seenSlotsKey(designerId)))?.value;
    if (!isSeenSlots(value)) return null;
    const slots = upcoming(value.slots, now);
    return slots.length > 0 ? { ...value, slots } : null;
  } catch {
    return null;
  }
}
