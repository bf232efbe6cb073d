import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Whether the component is still on screen, for an answer that comes after an await: a page left
 * with Back while its request was under way must not move the person on when the answer comes. A
 * layout effect, so it turns false as the page leaves the screen, not some time after.
 */
export function useStillShown(): RefObject<boolean> {
  const shown = useRef(true);
  useLayoutEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return shown;
}
