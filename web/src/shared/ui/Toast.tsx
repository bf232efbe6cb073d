import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/t';
import styles from './Toast.module.css';

export type ToastTone = 'success' | 'info' | 'error';

export interface ToastMessage {
  id: number;
  message: string;
  tone: ToastTone;
  /** A second, smaller line (technical details of an error). */
  detail?: string;
}

/** How long a toast stays at least before it leaves by itself. */
export const TOAST_DURATION_MS = 6000;
/** Reading time per word: a longer message stays longer (2 s to notice it, then about 200 words a minute). */
const NOTICE_MS = 2000;
const MS_PER_WORD = 300;

/**
 * How long a toast stays on screen while the page is in front and the focus is not in it: at least
 * TOAST_DURATION_MS, and long enough to read its words.
 */
export function toastDuration(toast: Pick<ToastMessage, 'message' | 'detail'>): number {
  const words = `${toast.message} ${toast.detail ?? ''}`.trim().split(/\s+/).length;
  return Math.max(TOAST_DURATION_MS, NOTICE_MS + words * MS_PER_WORD);
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
/** Dialogs open now (Modal, FullscreenViewer): while there is one, only errors are shown. */
let openDialogs = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Shows a short message at the edge of the screen that survives navigation (e.g. "Account eliminato
 * con successo." after leaving the dashboard). Errors are announced assertively, the rest politely.
 */
export function showToast(message: string, options: { tone?: ToastTone; detail?: string } = {}): number {
  const toast: ToastMessage = { id: nextId++, message, tone: options.tone ?? 'info', detail: options.detail };
  toasts = [...toasts.slice(-2), toast];
  emit();
  return toast.id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Takes every toast away (a test's fresh screen: the list outlives the viewport that shows it). */
export function dismissAllToasts(): void {
  toasts = [];
  emit();
}

/**
 * Held by every open dialog (dialogLayer.ts, from its layout effect, so no frame shows both). A
 * toast never covers a dialog's title or its buttons (a tall booking dialog reaches both edges of
 * the screen): while one is open, success and info toasts wait, and show with their full time once
 * the last dialog has closed; errors show at once, since they say what just failed. Returns the
 * release.
 */
export function holdToasts(): () => void {
  openDialogs += 1;
  emit();
  return () => {
    openDialogs -= 1;
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): readonly ToastMessage[] => toasts;
const dialogsSnapshot = (): boolean => openDialogs > 0;

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const pageHidden = (): boolean => document.visibilityState === 'hidden';

/**
 * One toast. Its time runs only while it can be read: it stops while the focus is in it (a keyboard
 * or screen-reader user on its close button: WCAG 2.2.1, timing adjustable) and while the page is in
 * the background, and goes on with what was left. (Not while the mouse is over it: a toast that
 * appeared under a resting pointer would then stay over what is below it.)
 */
function ToastItem({ toast }: { toast: ToastMessage }) {
  const [focused, setFocused] = useState(false);
  const hidden = useSyncExternalStore(subscribeVisibility, pageHidden, () => false);
  const left = useRef(toastDuration(toast));
  const held = focused || hidden;
  useEffect(() => {
    if (held) return undefined;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      window.clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [toast.id, held]);
  return (
    <div
      className={`${styles.toast} ${styles[toast.tone]}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget as Node | null))}
    >
      <div className={styles.text}>
        <p className={styles.message}>{toast.message}</p>
        {toast.detail ? <p className={styles.detail}>{toast.detail}</p> : null}
      </div>
      <button type="button" className={styles.close} onClick={() => dismissToast(toast.id)} aria-label={t('modal.close')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
        </svg>
      </button>
    </div>
  );
}

/**
 * Where toasts appear; rendered once by the app around every page. It lives in a portal outside
 * #root, so a toast stays announced and closable while a modal makes the page inert.
 */
export function ToastViewport() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  const dialogOpen = useSyncExternalStore(subscribe, dialogsSnapshot, dialogsSnapshot);
  const shown = dialogOpen ? items.filter((toast) => toast.tone === 'error') : items;
  // Always present, so assistive technology is listening before the first message arrives.
  return createPortal(
    // A plain container: each toast carries its own status or alert role (a list item may not).
    <div className={styles.viewport} aria-live="polite">
      {shown.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>,
    document.body,
  );
}
