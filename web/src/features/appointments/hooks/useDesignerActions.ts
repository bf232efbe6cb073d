import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import type { OutboxEntry } from '../../../shared/offline/db';
import { discardAction } from '../../../shared/offline/outboxService';
import { useQueued } from '../../../shared/offline/useQueued';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { designerSteps } from '../commands';
import type { DesignerAction } from '../lib/designerActions';

const STEPS = Object.values(designerSteps);

export interface DesignerActions {
  /** The signed-in designer's unsent and refused steps, oldest first. */
  entries: OutboxEntry[];
  /** Queues a step; `reason` (rejections only, optional) reaches the customer in the e-mail. */
  run: (appointmentId: number, action: DesignerAction, reason?: string) => Promise<void>;
  /** Drops a refused step (the card already shows the server's status). */
  dismiss: (entry: OutboxEntry) => Promise<void>;
}

/**
 * The designer's confirm, reject and complete (commands in ../commands.ts) and the steps still on
 * this device, for the cards to show.
 */
export function useDesignerActions(): DesignerActions {
  const dispatch = useThunkDispatch();
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  const entries = useQueued({ commands: STEPS, entityPrefix: 'appointment:' });
  const run = useCallback(
    async (appointmentId: number, action: DesignerAction, reason = '') => {
      await designerSteps[action].send(dispatch, { appointmentId, reason }, { userId });
    },
    [dispatch, userId],
  );
  const dismiss = useCallback(async (entry: OutboxEntry) => discardAction(entry.seq), []);
  return { entries, run, dismiss };
}
