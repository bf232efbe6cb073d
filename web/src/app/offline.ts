import type { createBrowserRouter } from 'react-router';
import { isAuthExemptPath } from '../shared/lib/navigation';
import { registerCommands } from '../shared/offline/command';
import { loadOffline } from '../shared/offline/lazy';
import { installOutbox } from '../shared/offline/outboxService';
import { loadSignOut } from '../shared/session/loadSignOut';
import { logout } from '../shared/session/logout';
import { ALL_COMMANDS } from './commands';
import type { AppStore } from './store';

/**
 * Starts the offline layer: every command's reconciliation (app/commands.ts), then the outbox
 * runner (with the session and the 401 rule), whose first drain may already replay them. The
 * logout's code comes with it (loadSignOut): "Esci" tapped offline must find its code too. A chunk
 * of its own with Dexie, loaded by main.tsx once the first page has loaded and painted and the browser is idle, so the first route never waits for IndexedDB. Actions queued
 * before it runs stay in the outbox, or wait on the device when its code could not arrive
 * (shared/offline/waitingRoom.ts: moved in when it starts), and are sent by the first drain.
 */
export async function startOffline(store: AppStore, router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  const [{ db }] = await Promise.all([loadOffline(), loadSignOut()]);
  registerCommands(store.dispatch, ALL_COMMANDS);
  installOutbox({
    database: db,
    getSession: () => {
      const user = store.getState().session.user;
      return user ? { userId: String(user.id), token: user.access_token } : null;
    },
    onUnauthorized: () => {
      void store.dispatch(logout()).then(() => {
        if (!isAuthExemptPath(window.location.pathname)) void router.navigate('/login', { replace: true });
      });
    },
  });
}
