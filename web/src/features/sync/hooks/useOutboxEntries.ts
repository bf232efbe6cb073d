import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { OutboxEntry } from '../../../shared/offline/db';
import { useOfflineLiveQuery } from '../../../shared/offline/lazy';
import { useWaitingWrites } from '../../../shared/offline/waitingRoom';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { sortForPage } from '../lib/entries';

export type { OutboxEntry };

/**
 * The signed-in person's outbox entries as the sync page lists them, with the writes waiting for the
 * outbox (made before its code could arrive); undefined while loading.
 */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const userId = useSelector((state: WithSession) => selectUserId(state));
  const entries = useOfflineLiveQuery(
    (offline) => offline.listOutbox(offline.db, userId),
    [userId],
    undefined as OutboxEntry[] | undefined,
  );
  const waiting = useWaitingWrites();
  return useMemo(() => {
    const stored = new Set(entries?.map((entry) => entry.key));
    const held = waiting.filter((entry) => (entry.userId === '' || entry.userId === userId) && !stored.has(entry.key));
    if (!entries && held.length === 0) return undefined;
    return sortForPage([...(entries ?? []), ...held]);
  }, [entries, waiting, userId]);
}
