import { useEffect, useRef, useState } from 'react';
import { INITIAL_BAR_STATE, nextBarState } from '../lib/topBarScroll';

/** True while the top bar should be shown; follows nextBarState on scroll and resize, once per frame. */
export function useHideOnScroll(): boolean {
  const [visible, setVisible] = useState(true);
  const state = useRef(INITIAL_BAR_STATE);

  useEffect(() => {
    let frame = 0;
    const update = (): void => {
      frame = 0;
      state.current = nextBarState(state.current, window.scrollY, window.innerWidth);
      setVisible(state.current.visible);
    };
    const onScroll = (): void => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  return visible;
}
