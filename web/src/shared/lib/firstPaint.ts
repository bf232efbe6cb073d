import { useSyncExternalStore } from 'react';

/**
 * Whether the page has painted its first content (the browser's first-contentful-paint entry).
 * Work the first screen does not need waits for it so that it does not compete with that paint: the
 * pictures below the fold (ResponsiveImage without `priority`) and a screen's optional modules. Once
 * painted it stays true, so every later screen of the visit renders them at once. Where paint timing
 * is missing (older browsers, jsdom) it is true from the start; a tab that never paints (opened in
 * the background) is taken as painted after MAX_WAIT_MS, so nothing waits for ever. The moment it
 * turns true is marked in the page's timeline (User Timing, FIRST_PAINT_MARK), where DevTools, a
 * Lighthouse trace and the browser tests see what waited for it.
 */

const MAX_WAIT_MS = 3000;

/** The User Timing mark set when the app takes the page as painted. */
export const FIRST_PAINT_MARK = 'interno:first-paint';

let painted = false;
let watching = false;
let stopWatching = (): void => undefined;
const listeners = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(FIRST_PAINT_MARK);
  for (const listener of [...listeners]) listener();
}

function watch(): void {
  if (watching) return;
  watching = true;
  const paintTiming = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!paintTiming) {
    markPainted();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    markPainted();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = window.setTimeout(markPainted, MAX_WAIT_MS);
  stopWatching = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/** True once the page has painted its first content. */
export function hasFirstPainted(): boolean {
  watch();
  return painted;
}

/** Resolves once the page has painted its first content (at once after that). */
export function whenFirstPainted(): Promise<void> {
  if (hasFirstPainted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      listeners.delete(done);
      resolve();
    };
    listeners.add(done);
  });
}

function subscribe(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** hasFirstPainted as a hook: the component renders again when the first paint comes. */
export function useFirstPainted(): boolean {
  return useSyncExternalStore(subscribe, hasFirstPainted, () => true);
}

/** Tests: forget the first paint, so the next reader watches the page's paint timing again. */
export function resetFirstPaint(): void {
  stopWatching();
  stopWatching = () => undefined;
  painted = false;
  watching = false;
  listeners.clear();
}
