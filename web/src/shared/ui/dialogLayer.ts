import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLatest } from '../lib/useLatest';
import { holdToasts } from './Toast';

/**
 * What every dialog (Modal, FullscreenViewer) does to the page behind it, shared so that dialogs
 * that follow one another agree:
 *
 * - the page (#root) is inert, hidden from assistive technology and kept from scrolling while at
 *   least one dialog is open, and given back when the last one closes. Counted, not saved and put
 *   back by each dialog: when one dialog hands over to another in one render (the compose dialog,
 *   then "Registrazione Richiesta"), their effects run in either order, and a dialog that saved the
 *   page while the other held it put back "hidden" at its close, leaving a page that did not scroll.
 *   Held from a layout effect: a dialog that leaves with its page (the visitor's "Registrati" goes to
 *   /login) gives the next page back in that commit, where a passive cleanup runs after the next
 *   paint (Preact 11), when a tap on the new page found it still inert and lost the text typed;
 * - success and info toasts wait (holdToasts);
 * - focus moves into the dialog, and back to the element that opened it when the focus is lost
 *   with the dialog (never taken from where it has gone since, like the next page's field). The
 *   opener is read in the layout effect, before the page turns inert (the browser then moves the
 *   focus off it). A dialog that hands over to another passes its opener on, so closing the second
 *   returns there;
 * - only the topmost dialog answers the keyboard (isTop), so Escape in a gallery viewer opened from
 *   a dialog closes the viewer alone;
 * - a dismissible dialog answers the browser's close requests where the browser has them
 *   (CloseWatcher: the Back button or gesture on Android, Escape on a computer), so that Back on a
 *   phone closes the dialog and stays on the page, rather than leaving the page and what was typed
 *   in the dialog. The newest watcher is closed first, so Back closes a viewer opened from a dialog
 *   alone. Where the browser has them, dialogs leave Escape to it (closeRequestsByBrowser); the
 *   page's history is not touched (a browser without them keeps its Back as before).
 */
let holders = 0;
let overflowBefore = '';

interface Layer {
  opener: HTMLElement | null;
}
/** Open dialogs, oldest first. */
const layers: Layer[] = [];
/**
 * The opener of a dialog that closed in the effects being flushed, for a dialog opening in the same
 * flush after it (a hand-over whose effects ran in that order): the focus is on the page then.
 */
let handedOver: HTMLElement | null = null;

/** The part of the browser's CloseWatcher (HTML's close requests) that dialogs use. */
interface CloseWatcherLike {
  onclose: ((event: Event) => void) | null;
  destroy(): void;
}

function closeWatcherClass(): (new () => CloseWatcherLike) | null {
  const candidate = (globalThis as { CloseWatcher?: unknown }).CloseWatcher;
  return typeof candidate === 'function' ? (candidate as new () => CloseWatcherLike) : null;
}

/** Whether the browser turns Back (Android) and Escape into close requests: dialogs then leave Escape to it. */
export function closeRequestsByBrowser(): boolean {
  return closeWatcherClass() !== null;
}

function holdPage(): () => void {
  if (holders++ === 0) {
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    root?.setAttribute('aria-hidden', 'true');
    overflowBefore = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  return () => {
    if (--holders > 0) return;
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute('aria-hidden');
    document.body.style.overflow = overflowBefore;
  };
}

function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Called by every dialog with whether it is open, the element to focus when it opens (read then,
 * after the dialog's first render), and, for a dismissible dialog, what closes it (`onCloseRequest`:
 * the browser's close requests call it). Answers isTop (stable): whether this dialog is the topmost
 * open one, the one that answers the keyboard.
 */
export function useDialogLayer(open: boolean, focusOnOpen: () => HTMLElement | null | undefined, onCloseRequest?: () => void): () => boolean {
  const layerRef = useRef<Layer | null>(null);
  useLayoutEffect(() => {
    if (!open) return undefined;
    const layer: Layer = { opener: focusedElement() };
    layers.push(layer);
    layerRef.current = layer;
    const releaseToasts = holdToasts();
    const releasePage = holdPage();
    return () => {
      releasePage();
      releaseToasts();
      const index = layers.indexOf(layer);
      if (index >= 0) layers.splice(index, 1);
    };
  }, [open]);

  const initialFocus = useLatest(focusOnOpen);
  useEffect(() => {
    const layer = layerRef.current;
    if (!open || !layer) return undefined;
    if (!layer.opener?.isConnected && handedOver?.isConnected) layer.opener = handedOver;
    initialFocus.current()?.focus();
    return () => {
      if (focusLost()) {
        // Back to the opener: the page, or the dialog below for one opened from it. A no-op for an
        // opener gone with its page, or kept inert by a dialog opening in this commit.
        layer.opener?.focus();
      } else {
        // Handed over to a dialog that opened first and has the focus: it returns it here.
        const next = layers[layers.length - 1];
        if (next && !next.opener?.isConnected) next.opener = layer.opener;
      }
      handedOver = layer.opener;
      queueMicrotask(() => {
        handedOver = null;
      });
    };
  }, [open, initialFocus]);

  const closeRequest = useLatest(onCloseRequest);
  const dismissible = onCloseRequest !== undefined;
  // A watcher serves one close request: when the dialog stays open after it (busy, or a view of the
  // dialog that goes back to another), a new one is armed, so Back and Escape keep working.
  const [armed, rearm] = useState(0);
  useEffect(() => {
    const Watcher = closeWatcherClass();
    if (!open || !dismissible || !Watcher) return undefined;
    let watcher: CloseWatcherLike;
    try {
      watcher = new Watcher();
    } catch {
      return undefined;
    }
    watcher.onclose = () => {
      closeRequest.current?.();
      rearm((count) => count + 1);
    };
    return () => watcher.destroy();
  }, [open, dismissible, closeRequest, armed]);

  return useCallback(() => layerRef.current !== null && layers[layers.length - 1] === layerRef.current, []);
}
