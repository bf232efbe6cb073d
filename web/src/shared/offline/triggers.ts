/** The message the service worker posts when the browser fires a Background Sync event. */
export const OUTBOX_SYNC_MESSAGE = 'interno:outbox-sync';
/** The Background Sync tag registered after each enqueue. */
export const OUTBOX_SYNC_TAG = 'interno-outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Calls drain on every moment the connection may be back: coming online (onOnline, which also ends
 * network backoffs), the app gaining focus or becoming visible, and the service worker relaying a
 * Background Sync event. Returns a detach function.
 */
export function attachDrainTriggers(drain: () => void, onOnline: () => void = drain): () => void {
  const onVisibility = (): void => {
    if (document.visibilityState === 'visible') drain();
  };
  const onMessage = (event: MessageEvent<unknown>): void => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_SYNC_MESSAGE) drain();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', drain);
  document.addEventListener('visibilitychange', onVisibility);
  const serviceWorker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  serviceWorker?.addEventListener('message', onMessage);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', drain);
    document.removeEventListener('visibilitychange', onVisibility);
    serviceWorker?.removeEventListener('message', onMessage);
  };
}

/** Asks the browser for a Background Sync where it has one (Chromium); elsewhere the triggers above suffice. */
export async function requestBackgroundSync(): Promise<void> {
  // No navigator outside a window (a worker's or a test's environment once it is torn down).
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch (error) {
    console.info('Background Sync unavailable', error);
  }
}
