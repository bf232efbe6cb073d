import { useCallback } from 'react';
import { useCommand, type Sending } from '../../../shared/offline/command';
import { discardAction } from '../../../shared/offline/outboxService';
import { useQueued } from '../../../shared/offline/useQueued';
import type { AvailabilityWindow } from '../api/availabilityApi';
import { saveAvailability } from '../commands';
import { availabilityEntity, availabilityQueue, type AvailabilityQueue } from '../lib/queued';

export interface AvailabilityQueueState extends AvailabilityQueue {
  /** Saves a week (with the bookings to keep outside it); an earlier refusal it replaces is dropped. */
  save: (slots: AvailabilityWindow[], keep?: readonly number[]) => Promise<Sending>;
  /** Drops the refused change: the server's week stays. */
  discard: () => Promise<void>;
}

/** The signed-in designer's queued and refused availability changes, live from the outbox. */
export function useAvailabilityQueue(designerId: number | undefined): AvailabilityQueueState {
  const entries = useQueued({ entity: availabilityEntity(designerId ?? 0), enabled: designerId !== undefined, sent: true });
  const queue = designerId === undefined ? { queued: null, refused: null, conflicts: [] } : availabilityQueue(entries, designerId);
  const refusedSeq = queue.refused?.seq;
  const send = useCommand(saveAvailability);

  const save = useCallback(
    async (slots: AvailabilityWindow[], keep: readonly number[] = []) => {
      if (designerId === undefined) throw new Error('No designer profile');
      // A refusal blocks later entries of the same week; the new save is the designer's answer to it.
      if (refusedSeq !== undefined) await discardAction(refusedSeq);
      return send({ designerId, slots, keep });
    },
    [designerId, refusedSeq, send],
  );
  const discard = useCallback(async () => {
    if (refusedSeq !== undefined) await discardAction(refusedSeq);
  }, [refusedSeq]);
  return { ...queue, save, discard };
}
