import { useEffect, useState } from 'react';
import { countdownTarget, remainingUntil, type Remaining } from '../lib/countdown';

/** Ticks every second towards a target fixed when the page loaded; stops at zero. */
export function useCountdown(now: () => number = Date.now): Remaining {
  const [target] = useState(() => countdownTarget(now()));
  const [remaining, setRemaining] = useState(() => remainingUntil(target, now()));

  useEffect(() => {
    if (remaining.done) return undefined;
    const id = window.setInterval(() => {
      setRemaining(remainingUntil(target, now()));
    }, 1000);
    return () => window.clearInterval(id);
  }, [target, now, remaining.done]);

  return remaining;
}
