import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the value of the last render, for handlers registered once (a document's
 * keydown, a third-party callback, an async task) that must act on what the screen shows now. It is
 * updated in a layout effect, in the same commit as the render: Preact runs ordinary effects only
 * after the next paint, so a ref updated there is a frame old, and a key pressed in that frame acted
 * on the previous state (the gallery viewer's arrows stepped from the picture before).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
