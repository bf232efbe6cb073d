import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page that is still arriving (a lazy screen, its data) is waited for. */
const WAIT_MS = 3000;

/** The page's main heading. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Whether nothing holds the focus (the element that had it left with the old page). */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/** Whether the person has pressed a key or a pointer in this document yet. */
let acted = false;
function noteAction(): void {
  acted = true;
}
function listenForAction(): void {
  window.addEventListener('pointerdown', noteAction, { capture: true, once: true });
  window.addEventListener('keydown', noteAction, { capture: true, once: true });
}
if (typeof window !== 'undefined') listenForAction();

/** For tests: a fresh document, in which nobody has acted yet. */
export function forgetActions(): void {
  acted = false;
  listenForAction();
}

/**
 * After a navigation to another page inside the app (a link, Back, Forward, a sign-in that moves on),
 * the new page's main heading takes the focus when nothing holds it: the link that had it went with
 * the old page, and the browser left the focus on the document, so the keyboard and a screen reader
 * started again from the top bar. It never takes the focus from anything the person (or a dialog)
 * has moved it to, and it leaves the scroll where the router put it. A heading that gets the focus
 * this way is made focusable from script only (tabindex -1), as the main region already is.
 *
 * Not a navigation in this sense: the visit's first page, including the redirects that replace it
 * before the person has done anything (a signed-in person sent on from the home page, a guard's way
 * to the login), and a change of the query alone on the same page (tabs, the login's mode).
 */
export function useFocusOnNavigation(): void {
  const { key, pathname } = useLocation();
  const type = useNavigationType();
  const shown = useRef({ key, pathname });
  useEffect(() => {
    const before = shown.current;
    if (key === before.key) return;
    shown.current = { key, pathname };
    if (pathname === before.pathname) return;
    if (type === 'REPLACE' && !acted) return; // still the first page: a redirect on the way in
    let frame = 0;
    const until = performance.now() + WAIT_MS;
    const settle = (): void => {
      if (!focusIsLost()) return;
      const heading = pageHeading();
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        if (document.activeElement === heading) return;
      }
      // No heading yet, or one that cannot take the focus now (behind an open dialog): later.
      if (performance.now() < until) frame = requestAnimationFrame(settle);
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [key, pathname, type]);
}
