import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { afterFirstPaint } from '../offline/lazy';
import { selectToken, selectUserId, type WithSession } from '../session/sessionSlice';
import { currentSubscription, readEnvironment, subscriptionJson, unsubscribeDevice } from './device';
import { shouldRefresh } from './pushState';

/** What the service worker posts to the open pages (web/src/sw.ts). */
export const PUSH_CHANGED_MESSAGE = 'interno:push-subscription-change';
export const NAVIGATE_MESSAGE = 'interno:navigate';

/**
 * The account this device's subscription was made for. A session that ended without signOut (an
 * expired token) leaves the subscription behind; the next account signing in here must not inherit
 * the previous one's notifications, so the app drops a subscription that is not the signed-in
 * account's instead of registering it again.
 */
const OWNER_KEY = 'interno.push.owner';

export function rememberPushOwner(userId: string | null): void {
  try {
    if (userId === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // Storage unavailable (private mode): the owner check is then skipped.
  }
}

function pushOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

/** The store startPush needs: the session and a dispatch that runs RTK Query thunks. */
export interface PushStore {
  getState: () => WithSession;
  dispatch: ThunkDispatch<WithSession, unknown, UnknownAction>;
  subscribe: (listener: () => void) => () => void;
}

/** Only this site's paths are followed (the worker sends paths of this site). */
export function safeAppPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return url;
}

/**
 * Registers this device's subscription again for the signed-in account (the endpoint or keys may
 * have changed, or the server's 10-device trim dropped it); the POST is an upsert. A subscription
 * left by another account is ended here instead.
 */
export async function refreshPushSubscription(store: PushStore): Promise<void> {
  const userId = selectUserId(store.getState());
  const subscription = await currentSubscription();
  if (!shouldRefresh(readEnvironment(), userId !== null, subscription?.endpoint ?? null) || !subscription || userId === null) return;
  const owner = pushOwner();
  if (owner !== null && owner !== userId) {
    await unsubscribeDevice(subscription);
    rememberPushOwner(null);
    return;
  }
  const json = subscriptionJson(subscription);
  if (!json) return;
  // Loaded here, not at start: the entry chunk does not carry the outbox's send path.
  const [{ runCommand }, { registerPushDevice }] = await Promise.all([import('../offline/command'), import('./commands')]);
  const result = await runCommand(registerPushDevice, store.dispatch, json, { userId });
  if (result.status === 'sent') rememberPushOwner(userId);
}

/**
 * Starts Web Push on the page: the re-registration on start and at every sign-in, and the service
 * worker's messages (a new subscription to register; a screen to open). Logout's unsubscribe is a
 * command (shared/session/commands.ts). Returns stop. The app calls it once at start (web/src/main.tsx).
 */
export function startPush(store: PushStore, navigate: (path: string) => void): () => void {
  let token = selectToken(store.getState());
  const refresh = (): void => {
    void refreshPushSubscription(store).catch((error: unknown) => console.warn('Could not register push again', error));
  };
  // A signed-in page's start-up refresh waits for the first paint (it asks the service worker and
  // the push manager, work the first screen does not need); a sign-in later refreshes at once.
  if (token !== null) afterFirstPaint(refresh);
  const offStore = store.subscribe(() => {
    const next = selectToken(store.getState());
    if (next === token) return;
    token = next;
    if (next !== null) refresh();
  });
  const onMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (!data || typeof data !== 'object') return;
    if (data.type === PUSH_CHANGED_MESSAGE) refresh();
    if (data.type === NAVIGATE_MESSAGE) {
      const path = safeAppPath(data.url);
      if (path) navigate(path);
    }
  };
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  container?.addEventListener('message', onMessage);
  return () => {
    offStore();
    container?.removeEventListener('message', onMessage);
  };
}
