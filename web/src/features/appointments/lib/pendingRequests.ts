import type { CardActionState } from './designerActions';

/** The server's limit on a rejection's reason (core/scheduling MaxReasonLength). */
export const MAX_REASON_LENGTH = 500;

/**
 * How many requests still wait for the designer's answer: the server's pending count, less the ones
 * whose answer already waits in the outbox (answered offline, for the designer they are done).
 */
export function pendingCount(serverCount: number, states: readonly CardActionState[]): number {
  return Math.max(0, serverCount - states.filter((state) => state.queued !== null).length);
}
