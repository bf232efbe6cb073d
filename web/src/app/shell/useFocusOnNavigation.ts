import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page that is still arriving (a lazy screen, its data) is waited for. */
const WAIT_MS = 3000;

/** The page's main heading, or the main region when it has none. */
function pageTarget(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Whether nothing holds the focus (the element that had it left with the old page). */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/**
 * After a navigation inside the app (a link, Back, Forward; not the first page of the visit), the
 * new page's main heading takes the focus when nothing holds it: the link that had it went with the
 * old page, and the browser left the focus on the document, so the keyboard and a screen reader
 * started again from the top bar. It never takes the focus from anything the person (or a dialog)
 * has moved it to, and it leaves the scroll where the router put it. A heading that gets the focus
 * this way is made focusable from script only (tabindex -1), as the main region already is.
 */
export function useFocusOnNavigation(): void {
  const { key } = useLocation();
  const shown = useRef(key);
  useEffect(() => {
    // The page the visit began on (and a render of the same page again): the browser's own start.
    if (key === shown.current) return;
    shown.current = key;
    let frame = 0;
    const until = performance.now() + WAIT_MS;
    const settle = (): void => {
      if (!focusIsLost()) return;
      const heading = pageTarget();
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (performance.now() < until) frame = requestAnimationFrame(settle);
      else document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [key]);
}
