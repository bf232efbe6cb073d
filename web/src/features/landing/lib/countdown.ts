/** The landing page counts down to a moment this long after it loads. */
export const COUNTDOWN_SPAN_MS = 30 * 24 * 60 * 60 * 1000;

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** The target for a page loaded at loadedAt. */
export function countdownTarget(loadedAt: number): number {
  return loadedAt + COUNTDOWN_SPAN_MS;
}

/**
 * Whole days, hours, minutes and seconds left until target, never negative. Seconds are rounded
 * up, so the display shows 30 giorni at load and reaches 0 exactly at the target.
 */
export function remainingUntil(target: number, now: number): Remaining {
  const totalSeconds = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    done: totalSeconds === 0,
  };
}

/** "07" for the two-digit cells; days may have more digits. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
