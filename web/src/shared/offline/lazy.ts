import { useEffect, useState, useSyncExternalStore } from 'react';
import { whenFirstPainted } from '../lib/firstPaint';

/**
 * The boundary of the offline runtime (Dexie, IndexedDB, the outbox runner). The first routes must
 * paint without it: the quiz and reading pages never wait for IndexedDB. The app loads it once the
 * first page has loaded and painted and the browser is idle (main.tsx), or earlier when
 * someone needs it now (loadOffline: an action to queue, the offline fallback of a request, logout,
 * and the first API answer to keep once the page has painted, so that an action can still be queued
 * if the connection drops before the service worker controls the page). Work nobody waits for (the outbox counts of the
 * shell) waits for the first screen (loadOfflineInBackground). The service worker precaches its chunk, so it loads offline as well.
 */
export type OfflineRuntime = typeof import('./runtime');

let loading: Promise<OfflineRuntime> | null = null;
let loaded = false;
const loadedListeners = new Set<() => void>();

/**
 * The offline runtime, loaded on first call; every later call gets the same module. A load that
 * failed (the connection dropped before the chunk arrived, on a first visit no service worker serves
 * yet) is forgotten, so the next call tries again.
 */
export function loadOffline(): Promise<OfflineRuntime> {
  loading ??= import('./runtime').then(
    (runtime) => {
      loaded = true;
      for (const listener of loadedListeners) listener();
      return runtime;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

let openBackground: () => void = () => undefined;
const backgroundAllowed = new Promise<void>((resolve) => {
  openBackground = resolve;
});

/** The first screen has settled: background users of the runtime may load it from now on. */
export function allowBackgroundOffline(): void {
  openBackground();
}

/**
 * Resolves when main.tsx starts the offline layer (after `load` and the first paint): code a first visit must have on
 * the device before the connection can drop (the home's questionnaire journey) is fetched then too.
 */
export function whenBackgroundAllowed(): Promise<void> {
  return backgroundAllowed;
}

/**
 * The offline runtime for work nobody waits for: at once when it is already loaded or loading,
 * otherwise once allowBackgroundOffline has been called (never earlier, so the first screen paints
 * without Dexie).
 */
export function loadOfflineInBackground(): Promise<OfflineRuntime> {
  return loading ?? backgroundAllowed.then(() => loadOffline());
}

let startOutbox: () => Promise<void> | void = () => undefined;

/**
 * main.tsx installs the outbox once the first screen has settled; an action queued before that
 * (a tap in the first seconds) calls outboxNeeded, which starts it at once and resolves once it is
 * installed (or could not be: its chunks out of reach), so the action is tried now, with the
 * server's answer on the screen, rather than left queued until the outbox starts.
 */
export function onOutboxNeeded(start: () => Promise<void> | void): void {
  startOutbox = start;
}

export function outboxNeeded(): Promise<void> {
  return Promise.resolve(startOutbox());
}

function subscribeLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/** True once the offline runtime has loaded: parts of the shell that read IndexedDB mount then. */
export function useOfflineLoaded(): boolean {
  return useSyncExternalStore(subscribeLoaded, () => loaded, () => false);
}

/**
 * Runs work once the page has loaded and painted its first content: after the `load` event and the
 * browser's first-contentful-paint entry, whichever comes last (on a first visit `load` often comes
 * before the first paint, and what starts before the paint competes with it). Where paint timing is
 * missing, or no contentful paint comes within `maxWaitMs` of `load` (a hidden tab does not paint),
 * the work runs then: it is delayed by tens or hundreds of milliseconds, never by seconds.
 */
export function afterFirstPaint(work: () => void, maxWaitMs = 1000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  const painted = whenFirstPainted(); // watched from now: the paint may come before `load`
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void loaded.then(() => {
    window.setTimeout(run, maxWaitMs);
    return painted.then(run);
  });
}

/** Runs work when the browser is idle (or soon, where requestIdleCallback is missing). */
export function whenIdle(work: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: timeoutMs });
  else window.setTimeout(work, 1);
}

/**
 * A Dexie live query on the offline runtime: `initial` until the runtime is there (it is not loaded
 * for this before the first screen has settled: loadOfflineInBackground) and the query has answered,
 * then every change of the tables it read (dexie-react-hooks' useLiveQuery, without importing Dexie
 * on the first route). `enabled: false` reads nothing and answers `initial` (a visitor's outbox
 * entries, a closed modal's): no runtime is asked for and no query is kept live for it.
 */
export function useOfflineLiveQuery<T>(
  querier: (runtime: OfflineRuntime) => Promise<T> | T,
  deps: readonly unknown[],
  initial: T,
  enabled = true,
): T {
  const [value, setValue] = useState<T>(initial);
  // A load that failed (offline before the service worker served the chunk) is retried by the app
  // when the connection returns; `ready` turning true then runs the query again.
  const ready = useOfflineLoaded();
  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    let subscription: { unsubscribe: () => void } | null = null;
    loadOfflineInBackground().then(
      (runtime) => {
        if (!active) return;
        subscription = runtime.liveQuery(() => querier(runtime)).subscribe({
          next: (next) => {
            if (active) setValue(next);
          },
          error: (error: unknown) => console.warn('An offline query failed', error),
        });
      },
      () => undefined,
    );
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
    // The caller's deps select the query, as with useLiveQuery; `ready` retries a failed load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, ready, enabled]);
  return enabled ? value : initial;
}
