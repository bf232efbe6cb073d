import { useEffect, useId, useRef, type ComponentType, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/t';
import { useLatest } from '../lib/useLatest';
import styles from './Modal.module.css';
import { closeRequestsByBrowser, useDialogLayer } from './dialogLayer';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown at the bottom. */
  footer?: ReactNode;
  description?: string;
  /** Element to focus on open; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** false: Escape and the backdrop do not close (a choice is required). */
  dismissible?: boolean;
  /** sm 28rem, md 36rem (default), lg 48rem for long forms. */
  size?: 'sm' | 'md' | 'lg';
}

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * The one modal of the app: rendered in a portal, labelled by its title, focus kept inside (Tab and
 * Shift+Tab wrap), Escape (and Back on Android: dialogLayer.ts) closes, the page behind is inert and
 * does not scroll, and focus returns to the element that opened it.
 */
export function Modal({ open, title, onClose, children, footer, description, initialFocusRef, dismissible = true, size = 'md' }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useLatest(onClose);
  const isTop = useDialogLayer(
    open,
    () => {
      const panel = panelRef.current;
      return initialFocusRef?.current ?? (panel ? focusables(panel)[0] : undefined) ?? panel;
    },
    dismissible ? () => onCloseRef.current() : undefined,
  );

  useEffect(() => {
    if (!open) return undefined;
    const panel = panelRef.current;

    const onKeyDown = (event: KeyboardEvent): void => {
      if (!isTop()) return;
      // Where the browser has close requests, Escape is one (useDialogLayer's watcher closes the dialog).
      if (event.key === 'Escape' && dismissible && !closeRequestsByBrowser()) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open, dismissible, onCloseRef, isTop]);

  if (!open) return null;
  return createPortal(
    <div className={styles.layer}>
      <div className={styles.backdrop} aria-hidden="true" onClick={dismissible ? () => onCloseRef.current() : undefined} />
      <div
        ref={panelRef}
        className={`${styles.panel} ${size === 'sm' ? styles.small : size === 'lg' ? styles.large : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label={t('modal.close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
              </svg>
            </button>
          ) : null}
        </header>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        <div className={styles.body}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}

/**
 * A dialog whose state lives only while it is open: `whileOpen(OpenForm)` renders nothing when closed
 * and mounts OpenForm afresh at each opening, so its state starts from the props in the very render
 * that shows it. A form reset by an effect on `open` instead is reset a frame after it appears (Preact
 * runs effects after the next paint), wiping what a quick hand typed into it meanwhile.
 */
export function whileOpen<P extends { open: boolean }>(Open: ComponentType<P>): (props: P) => ReactNode {
  function WhileOpen(props: P): ReactNode {
    return props.open ? <Open {...props} /> : null;
  }
  WhileOpen.displayName = `WhileOpen(${Open.displayName ?? Open.name})`;
  return WhileOpen;
}
