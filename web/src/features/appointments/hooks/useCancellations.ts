import { useCallback } from 'react';
import { useCommand } from '../../../shared/offline/command';
import type { OutboxEntry } from '../../../shared/offline/db';
import { discardAction, retryAction } from '../../../shared/offline/outboxService';
import { useQueued } from '../../../shared/offline/useQueued';
import { cancelAppointment } from '../commands';
import { appointmentIdOf } from '../lib/designerActions';

export interface Cancellations {
  /** The latest unsent or failed cancellation per appointment id. */
  byAppointment: ReadonlyMap<number, OutboxEntry>;
  cancel: (appointmentId: number) => Promise<void>;
  retry: (entry: OutboxEntry) => Promise<void>;
  discard: (entry: OutboxEntry) => Promise<void>;
}

const CANCEL = [cancelAppointment];

/**
 * Cancelling a pending request (the cancelAppointment command), so it works offline: the card shows
 * the cancellation on its way, and says why when the server refused it, offering to retry or keep
 * the request.
 */
export function useCancellations(): Cancellations {
  const entries = useQueued({ commands: CANCEL, entityPrefix: 'appointment:' });
  const byAppointment = new Map<number, OutboxEntry>();
  for (const entry of entries) byAppointment.set(appointmentIdOf(entry.entity), entry);
  const send = useCommand(cancelAppointment);
  const cancel = useCallback(async (appointmentId: number) => {
    await send({ appointmentId });
  }, [send]);
  const retry = useCallback(async (entry: OutboxEntry) => retryAction(entry.seq), []);
  const discard = useCallback(async (entry: OutboxEntry) => discardAction(entry.seq), []);
  return { byAppointment, cancel, retry, discard };
}
