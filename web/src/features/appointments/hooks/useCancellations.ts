import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { api } from '../../../shared/api/api';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { db, type OutboxEntry } from '../../../shared/offline/db';
import { discardAction, enqueueAction, registerOutboxHandler, retryAction } from '../../../shared/offline/outboxService';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';

/** The outbox kind of a customer cancelling a pending request. */
export const CANCEL_KIND = 'appointment.cancel';

export interface Cancellations {
  /** The latest unsent or failed cancellation per appointment id. */
  byAppointment: ReadonlyMap<number, OutboxEntry>;
  cancel: (appointmentId: number) => Promise<void>;
  retry: (entry: OutboxEntry) => Promise<void>;
  discard: (entry: OutboxEntry) => Promise<void>;
}

function appointmentIdOf(entry: OutboxEntry): number {
  const match = /^appointment:(\d+)$/.exec(entry.entity);
  return match ? Number(match[1]) : 0;
}

/**
 * Cancelling a pending request goes through the outbox, so it works offline: the card shows the
 * cancellation on its way, and the list is reloaded when the server has it (or refuses it, in which
 * case the card says why and offers to retry or keep the request).
 */
export function useCancellations(): Cancellations {
  const dispatch = useThunkDispatch();
  const userId = useSelector((state: WithSession) => selectUserId(state));

  useEffect(() => {
    const reload = (): void => {
      dispatch(api.util.invalidateTags(['Appointment', 'Slot']));
    };
    return registerOutboxHandler(CANCEL_KIND, { onSent: reload, onFailed: reload });
  }, [dispatch]);

  const entries = useLiveQuery(
    async () =>
      (await db.outbox.where('entity').startsWith('appointment:').toArray()).filter(
        (entry) => entry.kind === CANCEL_KIND && entry.userId === (userId ?? '') && entry.state !== 'sent',
      ),
    [userId],
    [] as OutboxEntry[],
  );
  const byAppointment = new Map<number, OutboxEntry>();
  for (const entry of entries) byAppointment.set(appointmentIdOf(entry), entry);

  const cancel = useCallback(async (appointmentId: number) => {
    await enqueueAction({
      kind: CANCEL_KIND,
      entity: `appointment:${appointmentId}`,
      method: 'PUT',
      path: `/api/appointments/${appointmentId}/cancel`,
      body: {},
    });
  }, []);
  const retry = useCallback(async (entry: OutboxEntry) => retryAction(entry.seq), []);
  const discard = useCallback(async (entry: OutboxEntry) => discardAction(entry.seq), []);
  return { byAppointment, cancel, retry, discard };
}
