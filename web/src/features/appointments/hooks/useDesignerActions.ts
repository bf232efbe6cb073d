import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { api } from '../../../shared/api/api';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { db, type OutboxEntry } from '../../../shared/offline/db';
import { discardAction, enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { DESIGNER_ACTION_KINDS, designerActionOf, type DesignerAction } from '../lib/designerActions';

const PATHS: Readonly<Record<DesignerAction, (id: number) => string>> = {
  confirm: (id) => `/api/appointments/${id}/confirm`,
  reject: (id) => `/api/appointments/${id}/reject`,
  complete: (id) => `/api/appointments/${id}/complete`,
};

/** The body of each step; a rejection carries the designer's optional reason for the customer. */
function bodyOf(action: DesignerAction, reason: string): unknown {
  return action === 'reject' ? { reason: reason.trim() } : {};
}

export interface DesignerActions {
  /** The signed-in designer's unsent and refused steps, oldest first. */
  entries: OutboxEntry[];
  /** Queues a step; `reason` (rejections only, optional) reaches the customer in the e-mail. */
  run: (appointmentId: number, action: DesignerAction, reason?: string) => Promise<void>;
  /** Drops a refused step (the card already shows the server's status). */
  dismiss: (entry: OutboxEntry) => Promise<void>;
}

/**
 * The designer's confirm, reject and complete go through the outbox (entity `appointment:<id>`, so
 * the steps of one appointment replay in order with their own Idempotency-Keys). Whether sent or
 * refused, the lists are reloaded: a confirmation brings its call link, a refusal the real status.
 */
export function useDesignerActions(): DesignerActions {
  const dispatch = useThunkDispatch();
  const userId = useSelector((state: WithSession) => selectUserId(state));

  useEffect(() => {
    const reload = (): void => {
      dispatch(api.util.invalidateTags(['Appointment', 'Slot']));
    };
    const stops = Object.values(DESIGNER_ACTION_KINDS).map((kind) => registerOutboxHandler(kind, { onSent: reload, onFailed: reload }));
    return () => stops.forEach((stop) => stop());
  }, [dispatch]);

  const entries = useLiveQuery(
    async () =>
      (await db.outbox.where('entity').startsWith('appointment:').toArray())
        .filter((entry) => designerActionOf(entry.kind) !== null && entry.userId === (userId ?? '') && entry.state !== 'sent')
        .sort((a, b) => a.seq - b.seq),
    [userId],
    [] as OutboxEntry[],
  );

  const run = useCallback(async (appointmentId: number, action: DesignerAction, reason = '') => {
    await enqueueAction({
      kind: DESIGNER_ACTION_KINDS[action],
      entity: `appointment:${appointmentId}`,
      method: 'PUT',
      path: PATHS[action](appointmentId),
      body: bodyOf(action, reason),
    });
  }, []);
  const dismiss = useCallback(async (entry: OutboxEntry) => discardAction(entry.seq), []);
  return { entries, run, dismiss };
}
