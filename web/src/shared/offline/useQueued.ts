import { useSelector } from 'react-redux';
import { selectUserId, type WithSession } from '../session/sessionSlice';
import type { AnyCommand } from './command';
import type { OutboxEntry } from './db';
import { useOfflineLiveQuery } from './lazy';

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
 * oldest first, live (every change of the outbox answers again). [] until the offline runtime has
 * loaded (features never import Dexie: see lazy.ts).
 */
export function useQueued(filter: QueuedFilter = {}): OutboxEntry[] {
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  const enabled = filter.enabled !== false;
  const kinds = filter.commands?.map((command) => command.kind).join(',') ?? '';
  return useOfflineLiveQuery(
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
}

/**
 * One outbox entry, live: undefined while unknown, null once it is gone (sent and purged, or
 * discarded). The answer is tied to its seq, since a live query keeps the previous answer for a
 * moment when its arguments change.
 */
export function useQueuedEntry(seq: number | null): OutboxEntry | null | undefined {
  const result = useOfflineLiveQuery(
    async ({ db }) => ({ seq, entry: seq === null ? null : ((await db.outbox.get(seq)) ?? null) }),
    [seq],
    undefined as { seq: number | null; entry: OutboxEntry | null } | undefined,
  );
  return result && result.seq === seq ? result.entry : undefined;
}
