import type { createBrowserRouter } from 'react-router';
import { registerAccountEditOutbox } from '../features/auth/api/profileOutbox';
import { registerAvailabilityOutbox } from '../features/availability/hooks/useAvailabilityQueue';
import { registerProfileEditOutbox } from '../features/designers/api/profileOutbox';
import { registerEngagementOutbox } from '../features/engagement/api/engagementOutbox';
import { registerMatchOutbox } from '../features/questionnaire/api/matchOutbox';
import { isAuthExemptPath } from '../shared/lib/navigation';
import { loadOffline } from '../shared/offline/lazy';
import { installOutbox } from '../shared/offline/outboxService';
import { logout } from '../shared/session/logout';
import type { AppStore } from './store';

/**
 * Starts the offline layer: the outbox runner (with the session and the 401 rule) and each
 * feature's outbox handlers. A chunk of its own with Dexie, loaded by main.tsx once the first page
 * has loaded and the browser is idle, so the first route never waits for IndexedDB. Actions queued
 * before it runs stay in the outbox and are sent by the first drain.
 */
export async function startOffline(store: AppStore, router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  const { db } = await loadOffline();
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
  registerProfileEditOutbox(store.dispatch);
  registerEngagementOutbox(store.dispatch);
  registerMatchOutbox(store.dispatch);
  registerAccountEditOutbox(store.dispatch);
  registerAvailabilityOutbox(store.dispatch);
}
