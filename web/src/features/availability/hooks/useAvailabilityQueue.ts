import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { formatWeekdayDate } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/availability';
import { db, type OutboxEntry } from '../../../shared/offline/db';
import { discardAction, enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { showToast } from '../../../shared/ui/Toast';
import { availabilityApi, type AvailabilityWindow } from '../api/availabilityApi';
import {
  AVAILABILITY_KIND,
  availabilityBody,
  availabilityEntity,
  availabilityPath,
  availabilityQueue,
  conflictsOf,
  designerIdOf,
  slotsOf,
  type AvailabilityConflict,
  type AvailabilityQueue,
} from '../lib/queued';

/** "Anna Neri, martedì 2 marzo 2027 alle 10:00": one conflicting booking in a sentence. */
export function describeConflict(conflict: AvailabilityConflict): string {
  const when = t('availability.conflictWhen', { date: formatWeekdayDate(conflict.datetime), time: conflict.time });
  return `${conflict.customer_name}, ${when}`;
}

/** RTK Query's cache thunks need a state type; the feature may not name the app's, so it stays open. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
export type AvailabilityDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** How many weekly editors are on screen: they show a refusal themselves, so no toast is needed then. */
let editorsOnScreen = 0;

/** The editor calls this while mounted. */
export function useEditorOnScreen(): void {
  useEffect(() => {
    editorsOnScreen += 1;
    return () => {
      editorsOnScreen -= 1;
    };
  }, []);
}

/**
 * Reconciles replayed availability changes: a stored week replaces the cached one, a refusal puts the
 * server's week back (the queued overlay disappears with the failed entry) and says why, naming the
 * bookings in the way. The app registers it once at start, so it works whichever screen is open.
 */
export function registerAvailabilityOutbox(dispatch: AvailabilityDispatch): () => void {
  return registerOutboxHandler(AVAILABILITY_KIND, {
    onSent: (response, entry) => {
      const designerId = designerIdOf(entry);
      const stored = slotsOf(response);
      if (designerId !== null && stored) {
        dispatch(availabilityApi.util.upsertQueryData('weeklyAvailability', designerId, stored));
      }
      dispatch(availabilityApi.util.invalidateTags(['Availability', 'Slot']));
    },
    onFailed: (error) => {
      dispatch(availabilityApi.util.invalidateTags(['Availability']));
      if (error.reason === 'discarded' || editorsOnScreen > 0) return;
      const conflicts = conflictsOf(error.extra);
      const detail = conflicts.length > 0 ? conflicts.map(describeConflict).join('; ') : error.message;
      showToast(t('availability.rejected'), { tone: 'error', detail });
    },
  });
}

export interface AvailabilityQueueState extends AvailabilityQueue {
  /** Queues a week (with the bookings to keep outside it); an earlier refusal it replaces is dropped. */
  save: (slots: AvailabilityWindow[], keep?: readonly number[]) => Promise<OutboxEntry>;
  /** Drops the refused change: the server's week stays. */
  discard: () => Promise<void>;
}

const EMPTY: OutboxEntry[] = [];

/** The signed-in designer's queued and refused availability changes, live from IndexedDB. */
export function useAvailabilityQueue(designerId: number | undefined): AvailabilityQueueState {
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  const entries = useLiveQuery(
    async () =>
      designerId === undefined
        ? EMPTY
        : (await db.outbox.where('entity').equals(availabilityEntity(designerId)).toArray()).filter((entry) => entry.userId === userId),
    [designerId, userId],
    EMPTY,
  );
  const queue = designerId === undefined ? { queued: null, refused: null, conflicts: [] } : availabilityQueue(entries, designerId);
  const refusedSeq = queue.refused?.seq;

  const save = useCallback(
    async (slots: AvailabilityWindow[], keep: readonly number[] = []) => {
      if (designerId === undefined) throw new Error('No designer profile');
      // A refusal blocks later entries of the same week; the new save is the designer's answer to it.
      if (refusedSeq !== undefined) await discardAction(refusedSeq);
      return enqueueAction({
        kind: AVAILABILITY_KIND,
        entity: availabilityEntity(designerId),
        method: 'PUT',
        path: availabilityPath(designerId),
        body: availabilityBody(slots, keep),
      });
    },
    [designerId, refusedSeq],
  );
  const discard = useCallback(async () => {
    if (refusedSeq !== undefined) await discardAction(refusedSeq);
  }, [refusedSeq]);
  return { ...queue, save, discard };
}

/** One outbox entry, live (null while unknown or gone): the editor follows its own save with it. */
export function useOutboxEntry(seq: number | null): OutboxEntry | null {
  return useLiveQuery(async () => (seq === null ? null : ((await db.outbox.get(seq)) ?? null)), [seq], null);
}
