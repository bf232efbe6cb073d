import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectUserId, type WithSession } from '../session/sessionSlice';
import type { AnyCommand } from './command';
import type { OutboxEntry } from './db';
import { useOfflineLiveQuery } from './lazy';
import { useWaitingWrites, waitingKey } from './waitingRoom';

/** Which outbox entries a screen draws. Every filter is optional; all given must match. */
export interface QueuedFilter {
  /** Entries of these commands only. */
  commands?: readonly AnyCommand[];
  /** Entries of exactly this entity ("availability:3"). */
  entity?: string;
  /** Entries whose entity starts so ("booking:"). */
  entityPrefix?: string;
  /**
   * Sent entries too: `true` for all of them (kept a day), a number for those sent within that many
   * milliseconds (a message stays drawn until the refetched thread has it). Left out by default.
   */
  sent?: boolean | number;
  /** Also the entries that belong to no account (a visitor's), as the sync page lists them. */
  withAnonymous?: boolean;
  /** false: read nothing (a closed modal) and answer []. */
  enabled?: boolean;
}

const NONE: OutboxEntry[] = [];

export function matchesQueued(entry: OutboxEntry, filter: QueuedFilter, userId: string, now: number): boolean {
  if (entry.userId !== userId && !(filter.withAnonymous === true && entry.userId === '')) return false;
  if (filter.commands && !filter.commands.some((command) => command.owns(entry))) return false;
  if (filter.entity !== undefined && entry.entity !== filter.entity) return false;
  if (filter.entityPrefix !== undefined && !entry.entity.startsWith(filter.entityPrefix)) return false;
  if (entry.state === 'sent') {
    if (filter.sent === true) return true;
    if (typeof filter.sent === 'number') return now - (entry.sentAt ?? 0) < filter.sent;
    return false;
  }
  return true;
}

/**
 * The one query over the outbox for screens: the signed-in person's entries that match the filter,
 * oldest first, live (every change of the outbox answers again), followed by the writes waiting for
 * the outbox (waitingRoom.ts: made before its code could arrive). Only those until the offline
 * runtime has loaded (features never import Dexie: see lazy.ts).
 */
export function useQueued(filter: QueuedFilter = {}): OutboxEntry[] {
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  const enabled = filter.enabled !== false;
  const kinds = filter.commands?.map((command) => command.kind).join(',') ?? '';
  const stored = useOfflineLiveQuery(
    async ({ db }) => {
      const scoped =
        filter.entity !== undefined
          ? db.outbox.where('entity').equals(filter.entity)
          : filter.entityPrefix !== undefined
            ? db.outbox.where('entity').startsWith(filter.entityPrefix)
            : db.outbox.toCollection();
      const now = Date.now();
      const entries = await scoped.filter((entry) => matchesQueued(entry, filter, userId, now)).toArray();
      return entries.sort((a, b) => a.seq - b.seq);
    },
    [userId, kinds, filter.entity, filter.entityPrefix, filter.sent, filter.withAnonymous],
    NONE,
    enabled,
  );
  const waiting = useWaitingWrites();
  return useMemo(() => {
    if (!enabled || waiting.length === 0) return stored;
    const keys = new Set(stored.map((entry) => entry.key));
    // A waiting write is never sent, so the time of matchesQueued (for sent entries) plays no part.
    const held = waiting.filter((entry) => !keys.has(entry.key) && matchesQueued(entry, filter, userId, entry.createdAt));
    return held.length === 0 ? stored : [...stored, ...held];
    // The filter's fields are the dependencies (a caller's filter object is new at each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored, waiting, enabled, userId, kinds, filter.entity, filter.entityPrefix, filter.sent, filter.withAnonymous]);
}

/**
 * One outbox entry, live: undefined while unknown, null once it is gone (sent and purged, or
 * discarded). The answer is tied to its seq, since a live query keeps the previous answer for a
 * moment when its arguments change.
 */
export function useQueuedEntry(seq: number | null): OutboxEntry | null | undefined {
  const waiting = useWaitingWrites();
  // A write that waited for the outbox (negative seq) is drawn from there while it waits, then
  // found in the outbox by its key once this tab or another has moved it.
  const held = seq !== null && seq < 0 ? waiting.find((entry) => entry.seq === seq) : undefined;
  const key = seq !== null && seq < 0 ? waitingKey(seq) : undefined;
  const result = useOfflineLiveQuery(
    async ({ db }) => {
      if (seq === null || (seq < 0 && key === undefined)) return { seq, entry: null };
      const entry = seq < 0 ? await db.outbox.where('key').equals(key ?? '').first() : await db.outbox.get(seq);
      return { seq, entry: entry ?? null };
    },
    [seq, key],
    undefined as { seq: number | null; entry: OutboxEntry | null } | undefined,
    held === undefined,
  );
  if (held) return held;
  return result && result.seq === seq ? result.entry : undefined;
}
