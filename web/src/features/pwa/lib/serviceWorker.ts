/**
 * Registers the service worker and runs the update flow of the spec: when a new service worker
 * takes over (or says a new version is live) the page reloads one second later.
 */
export const UPDATE_RELOAD_DELAY_MS = 1000;
export const NEW_VERSION_MESSAGE = 'interno:new-version';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updating = false;
const listeners = new Set<() => void>();

export function subscribeUpdating(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdating(): boolean {
  return updating;
}

function scheduleReload(reload: () => void): void {
  if (updating) return;
  updating = true;
  for (const listener of listeners) listener();
  window.setTimeout(reload, UPDATE_RELOAD_DELAY_MS);
}

export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker;
  // A first install also changes the controller (clients.claim); only a replacement is an update.
  let hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadController) scheduleReload(reload);
    hadController = true;
  });
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === NEW_VERSION_MESSAGE && hadController) {
      scheduleReload(reload);
    }
  });
  const register = async (): Promise<void> => {
    try {
      const registration = await container.register('/sw.js', { scope: '/' });
      const check = (): void => {
        registration.update().catch(() => undefined);
      };
      window.setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    } catch (error) {
      console.warn('Service worker registration failed', error);
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
