import type { OutboxSession } from './replay';

/**
 * Who is signed in, as the outbox sees it. main.tsx sets it at start-up, before any screen can
 * queue an action, so an action queued before the offline runtime has loaded (outboxService is
 * installed on idle) still belongs to the signed-in user. Kept apart from outboxService so the
 * entry chunk does not carry the outbox.
 */
let current: () => OutboxSession | null = () => null;

export function setOutboxSession(getSession: () => OutboxSession | null): void {
  current = getSession;
}

/** The signed-in user's id, or '' for a visitor. */
export function outboxUserId(): string {
  return current()?.userId ?? '';
}

/** Who is signed in now (the token of the moment), or null. */
export function outboxSession(): OutboxSession | null {
  return current();
}
