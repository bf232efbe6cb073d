import type { Schemas } from '../api/contract';
import { defineCommand } from '../offline/command';
import { discardAction } from '../offline/outboxService';

/**
 * The writes that end a session. They belong to no account (userId '') and carry the token they
 * end (SendOptions.revokes), since the device forgets the session at once; the app registers them
 * at start with the features' commands.
 */

function sessionEntity({ token }: { token: string }): string {
  return `session:${token.slice(-16)}`;
}

/** This device stops receiving the account's pushes (DELETE /api/push/subscriptions), queued before the logout. */
export const unsubscribePush = defineCommand<{ token: string; endpoint: string }>({
  kind: 'push.unsubscribe',
  entity: sessionEntity,
  method: 'DELETE',
  path: () => '/api/push/subscriptions',
  body: ({ endpoint }) => ({ endpoint }) satisfies Schemas['EndpointRequest'],
  // A device the server no longer knows (404), or any other refusal, leaves nothing to do: drop the
  // entry so the logout queued after it in the same scope goes at once.
  onRefused: (_dispatch, _error, entry) => discardAction(entry.seq),
});

/** The server ends this token (POST /api/auth/logout). */
export const endSession = defineCommand<{ token: string }>({
  kind: 'session.logout',
  entity: sessionEntity,
  method: 'POST',
  path: () => '/api/auth/logout',
});

/** The server ends every token of the account (POST /api/auth/logout-all). */
export const endAllSessions = defineCommand<{ token: string }>({
  kind: 'session.logoutAll',
  entity: sessionEntity,
  method: 'POST',
  path: () => '/api/auth/logout-all',
});

export const sessionCommands = [unsubscribePush, endSession, endAllSessions];
