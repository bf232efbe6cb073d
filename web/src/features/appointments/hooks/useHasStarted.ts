import { useEffect, useState } from 'react';

/** The longest a timer is set for; a start further away is looked at again after this. */
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

/**
 * Whether the call starting at `iso` has started, turning true on its own at the start time while
 * the screen stays open (a confirmed call becomes completable the moment it begins). An unreadable
 * date counts as started: the server has the last word anyway.
 */
export function useHasStarted(iso: string, now: () => number = Date.now): boolean {
  const start = Date.parse(iso);
  const [, setTick] = useState(0);
  const started = !Number.isFinite(start) || start <= now();
  useEffect(() => {
    if (started) return undefined;
    const wait = Math.min(Math.max(start - now(), 0) + 50, MAX_WAIT_MS);
    const timer = window.setTimeout(() => setTick((tick) => tick + 1), wait);
    return () => window.clearTimeout(timer);
  }, [started, start, now]);
  return started;
}
