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

export interface UpdateWatcher {
  onControllerChange: () => void;
  /** A message from a service worker: its data and the worker that sent it (`MessageEvent.source`). */
  onMessage: (data: unknown, from: unknown) => void;
}

/**
 * Decides when a page must reload. A first install also changes the controller (clients.claim) and
 * activates a worker that announces itself: only the replacement of a worker that already
 * controlled this page is an update. A page loaded while the first worker was activating is
 * controlled by that worker from the start and then hears its announcement: that is the worker it
 * already has, not a new version, so an announcement counts only from another worker than the one
 * that controlled the page at load (a reload then wiped a registration form being filled in, on a
 * first visit). The reload happens once, UPDATE_RELOAD_DELAY_MS later.
 */
export function createUpdateWatcher(options: {
  /** The page's service worker when it loaded (`navigator.serviceWorker.controller`), or null. */
  controllerAtLoad: unknown;
  onUpdate: () => void;
  reload: () => void;
  schedule: (callback: () => void, delayMs: number) => void;
}): UpdateWatcher {
  const controlledAtLoad = options.controllerAtLoad !== null;
  let hadController = controlledAtLoad;
  let scheduled = false;
  const update = (): void => {
    if (scheduled) return;
    scheduled = true;
    options.onUpdate();
    options.schedule(options.reload, UPDATE_RELOAD_DELAY_MS);
  };
  return {
    onControllerChange: () => {
      if (hadController) update();
      hadController = true;
    },
    onMessage: (data, from) => {
      const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
      if (type === NEW_VERSION_MESSAGE && controlledAtLoad && from !== options.controllerAtLoad) update();
    },
  };
}

export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const container = navigator.serviceWorker;
  const watcher = createUpdateWatcher({
    controllerAtLoad: container.controller,
    onUpdate: () => {
      updating = true;
      for (const listener of listeners) listener();
    },
    reload,
    schedule: (callback, delayMs) => {
      window.setTimeout(callback, delayMs);
    },
  });
  container.addEventListener('controllerchange', watcher.onControllerChange);
  container.addEventListener('message', (event: MessageEvent<unknown>) => watcher.onMessage(event.data, event.source));
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
