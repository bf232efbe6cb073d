/**
 * When the first screen of a visit has settled: the page has loaded, the router has resolved the
 * route's screen, no API query is under way, a frame with it has been painted, the pictures the
 * screen loads eagerly (above the fold) have arrived or failed, and then nothing new has started
 * for `quietMs` (a screen that asks for more restarts the wait). main.tsx starts the offline
 * runtime (Dexie, the outbox, each feature's handlers) and registers the service worker only then,
 * when the browser is idle, so their code, IndexedDB work and downloads never compete with what
 * the first screen shows (its scripts, its data, its largest picture) nor with the first taps on
 * a phone, where evaluating Dexie alone is a long task. A frame being painted on the main thread is
 * not yet on the screen (the compositor presents it later), hence the quiet period. A screen that
 * never settles (a request that hangs) does not hold the offline layer back for more than `capMs`
 * after the page's load.
 */

export interface SettlingRouter {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe: (listener: () => void) => () => void;
}

export interface SettlingStore {
  getState: () => { api: { queries: Record<string, { status?: string } | undefined> } };
  subscribe: (listener: () => void) => () => void;
}

export interface FirstScreenOptions {
  router: SettlingRouter;
  store: SettlingStore;
  /** How long the settled screen must stay quiet; the default is FIRST_SCREEN_QUIET_MS. */
  quietMs?: number;
  /** The longest wait after the load event; the default is FIRST_SCREEN_CAP_MS. */
  capMs?: number;
  win?: Window;
}

export const FIRST_SCREEN_QUIET_MS = 3000;
export const FIRST_SCREEN_CAP_MS = 15_000;

function pendingQueries(store: SettlingStore): boolean {
  return Object.values(store.getState().api.queries).some((query) => query?.status === 'pending');
}

function routerSettled(router: SettlingRouter): boolean {
  return router.state.initialized && router.state.navigation.state === 'idle';
}

function loaded(win: Window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves when the router is idle and no query is pending (checked at every change of either). */
function quiet(router: SettlingRouter, store: SettlingStore): Promise<void> {
  return new Promise((resolve) => {
    const offs: (() => void)[] = [];
    const check = (): void => {
      if (!routerSettled(router) || pendingQueries(store)) return;
      for (const off of offs.splice(0)) off();
      resolve();
    };
    offs.push(router.subscribe(check), store.subscribe(check));
    check();
  });
}

/** After the next painted frame and the tasks queued right after it (effects that start requests). */
function painted(win: Window): Promise<void> {
  return new Promise((resolve) => {
    const next = (): void => void win.setTimeout(resolve, 0);
    if (typeof win.requestAnimationFrame === 'function') win.requestAnimationFrame(next);
    else next();
  });
}

/** The eager pictures in the page that are still loading, until each has loaded or failed. */
function eagerImages(win: Window): Promise<void> {
  const waiting = Array.from(win.document.images).filter((image) => image.getAttribute('loading') !== 'lazy' && !image.complete);
  return Promise.all(
    waiting.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** Resolves true after ms when the router stayed idle and no query started, false at the first that did. */
function stillQuiet(router: SettlingRouter, store: SettlingStore, win: Window, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const offs: (() => void)[] = [];
    const finish = (quietThrough: boolean): void => {
      for (const off of offs.splice(0)) off();
      win.clearTimeout(timer);
      resolve(quietThrough);
    };
    const check = (): void => {
      if (!routerSettled(router) || pendingQueries(store)) finish(false);
    };
    const timer = win.setTimeout(() => finish(true), ms);
    offs.push(router.subscribe(check), store.subscribe(check));
  });
}

export async function whenFirstScreenSettled({
  router,
  store,
  quietMs = FIRST_SCREEN_QUIET_MS,
  capMs = FIRST_SCREEN_CAP_MS,
  win = window,
}: FirstScreenOptions): Promise<void> {
  await loaded(win);
  const cap = new Promise<void>((resolve) => win.setTimeout(resolve, capMs));
  const settled = (async () => {
    // A painted frame can start more work (an effect's query, a lazy part of the screen): wait
    // until the screen, once painted with its pictures, stays quiet.
    for (;;) {
      await quiet(router, store);
      await painted(win);
      if (!routerSettled(router) || pendingQueries(store)) continue;
      await eagerImages(win);
      if (await stillQuiet(router, store, win, quietMs)) break;
    }
  })();
  await Promise.race([settled, cap]);
}
