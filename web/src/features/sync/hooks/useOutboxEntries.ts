import { useLiveQuery } from 'dexie-react-hooks';
import { useSelector } from 'react-redux';
import { db, type OutboxEntry } from '../../../shared/offline/db';

export type { OutboxEntry };
import { listOutbox } from '../../../shared/offline/outbox';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { sortForPage } from '../lib/entries';

/** The signed-in person's outbox entries as the sync page lists them; undefined while loading. */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const userId = useSelector((state: WithSession) => selectUserId(state));
  const entries = useLiveQuery(() => listOutbox(db, userId), [userId]);
  return entries ? sortForPage(entries) : undefined;
}
