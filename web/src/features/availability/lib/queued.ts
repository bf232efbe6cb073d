import type { Narrowed, Schemas } from '../../../shared/api/contract';
import type { OutboxEntry } from '../../../shared/offline/db';
import type { AvailabilityWindow } from '../api/availabilityApi';

/** The outbox kind of a weekly availability change. */
export const AVAILABILITY_KIND = 'availability.update';

/** One ordering scope per designer, so edits of one week are replayed in the order they were made. */
export function availabilityEntity(designerId: number): string {
  return `availability:${designerId}`;
}

export function availabilityPath(designerId: number): string {
  return `/api/appointments/availability/${designerId}`;
}

/** The designer id an availability entry belongs to, or null for a foreign entry. */
export function designerIdOf(entry: Pick<OutboxEntry, 'entity'>): number | null {
  const match = /^availability:(\d+)$/.exec(entry.entity);
  return match ? Number(match[1]) : null;
}

/** What the editor sends: the week and the upcoming bookings the designer agreed to keep outside it. */
export type AvailabilityBody = Narrowed<Schemas['WeekRequest'], 'slots' | 'keep', { slots: AvailabilityWindow[]; keep: number[] }>;

export function availabilityBody(slots: AvailabilityWindow[], keep: readonly number[] = []): AvailabilityBody {
  return { slots, keep: [...keep] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWindow(value: unknown): value is AvailabilityWindow {
  return (
    isRecord(value) &&
    typeof value.day_of_week === 'number' &&
    typeof value.start_time === 'string' &&
    typeof value.end_time === 'string' &&
    typeof value.is_active === 'boolean'
  );
}

/** The week an entry carries (a bare list or {slots}), or null when the body is not a week. */
export function slotsOf(body: unknown): AvailabilityWindow[] | null {
  const list = Array.isArray(body) ? body : isRecord(body) ? body.slots : null;
  if (!Array.isArray(list) || !list.every(isWindow)) return null;
  return list;
}

/**
 * An upcoming booking a refused week would have left out (the 409's `conflicts`). Hand-written: the
 * document's Error allows extra fields but does not describe them.
 */
export interface AvailabilityConflict {
  id: number;
  datetime: string;
  date: string;
  time: string;
  status: string;
  customer_name: string;
}

function isConflict(value: unknown): value is AvailabilityConflict {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.datetime === 'string' &&
    typeof value.date === 'string' &&
    typeof value.time === 'string' &&
    typeof value.status === 'string' &&
    typeof value.customer_name === 'string'
  );
}

/** The conflicts of a refusal's extra fields; malformed items are left out. */
export function conflictsOf(extra: Readonly<Record<string, unknown>> | undefined): AvailabilityConflict[] {
  const list = extra?.conflicts;
  return Array.isArray(list) ? list.filter(isConflict) : [];
}

/** Where one designer's availability stands in the outbox. */
export interface AvailabilityQueue {
  /** The newest change not yet answered (waiting or on its way): what the screen shows meanwhile. */
  queued: OutboxEntry | null;
  /** The newest refused change, when it is the last word (nothing queued after it). */
  refused: OutboxEntry | null;
  /** The refused change's conflicting bookings (empty for other refusals). */
  conflicts: AvailabilityConflict[];
}

/** Reads one designer's entries (any order, any user already filtered) into what the editor needs. */
export function availabilityQueue(entries: readonly OutboxEntry[], designerId: number): AvailabilityQueue {
  const mine = entries
    .filter((entry) => entry.kind === AVAILABILITY_KIND && designerIdOf(entry) === designerId && entry.state !== 'sent')
    .sort((a, b) => a.seq - b.seq);
  let queued: OutboxEntry | null = null;
  let refused: OutboxEntry | null = null;
  for (const entry of mine) {
    if (entry.state === 'failed') {
      refused = entry;
      queued = null;
    } else if (slotsOf(entry.body)) {
      queued = entry;
    }
  }
  // Entries queued behind a refusal wait for it: the refusal is still what the designer must decide on.
  if (refused && queued && queued.seq > refused.seq) queued = null;
  return { queued, refused, conflicts: conflictsOf(refused?.lastError?.extra) };
}
