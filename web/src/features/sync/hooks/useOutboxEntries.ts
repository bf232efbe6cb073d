import { useSelector } from 'react-redux';
import type { OutboxEntry } from '../../../shared/offline/db';
import { useOfflineLiveQuery } from '../../../shared/offline/lazy';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { sortForPage } from '../lib/entries';

export type { OutboxEntry };

/** The signed-in person's outbox entries as the sync page lists them; undefined while loading. */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const userId = useSelector((state: WithSession) => selectUserId(state));
  const entries = useOfflineLiveQuery(
    (offline) => offline.listOutbox(offline.db, userId),
    [userId],
    undefined as OutboxEntry[] | undefined,
  );
  return entries ? sortForPage(entries) : undefined;
}
