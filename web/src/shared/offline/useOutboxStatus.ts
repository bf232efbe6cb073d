import { useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { selectUserId, type WithSession } from '../session/sessionSlice';
import { useOfflineLiveQuery } from './lazy';
import type { OutboxCounts } from './outbox';
import { useWaitingWrites } from './waitingRoom';

export interface OutboxStatus extends OutboxCounts {
  online: boolean;
  lastSyncAt: number | null;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const getOnline = (): boolean => navigator.onLine;

/** Online or not as the browser sees it; updates on the online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, getOnline, () => true);
}

const EMPTY: OutboxCounts = { pending: 0, failed: 0, needsReview: 0, sent: 0 };

/** Online state, the signed-in user's pending, failed and to-confirm actions, and the last sync time. */
export function useOutboxStatus(): OutboxStatus {
  const online = useOnline();
  const userId = useSelector((state: WithSession) => selectUserId(state));
  // Read through the offline runtime, which loads after first paint: zeros until then.
  const counts = useOfflineLiveQuery((offline) => offline.countOutbox(offline.db, userId), [userId], EMPTY);
  const lastSync = useOfflineLiveQuery(async (offline) => {
    const row = await offline.db.kv.get(offline.LAST_SYNC_KEY);
    return typeof row?.value === 'number' ? row.value : null;
  }, [], null as number | null);
  // Writes waiting for the outbox (made before its code could arrive) are pending too.
  const waiting = useWaitingWrites().filter((entry) => entry.userId === '' || entry.userId === userId).length;
  return { ...counts, pending: counts.pending + waiting, online, lastSyncAt: lastSync };
}
