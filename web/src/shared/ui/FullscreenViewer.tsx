import { useEffect, useId, useRef, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/t';
import { swipeOutcome } from '../lib/swipe';
import { useLatest } from '../lib/useLatest';
import { ResponsiveImage } from './ResponsiveImage';
import styles from './FullscreenViewer.module.css';
import { closeRequestsByBrowser, useDialogLayer } from './dialogLayer';

export interface ViewerImage {
  /** The image field as the API sends it. */
  path: string;
  alt: string;
}

export interface FullscreenViewerProps {
  images: readonly ViewerImage[];
  /** The picture shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Names the dialog ("Galleria di Maria Rossi"). */
  label: string;
}

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Wraps around the ends, so "next" on the last picture shows the first. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * Pictures at full screen: previous and next buttons, arrow keys, Home and End, a row of thumbnails
 * to go straight to one, and a sideways swipe of at least 50 px on touch screens. Escape, Back on
 * Android (dialogLayer.ts) or the close button closes it; focus stays inside while it is open and returns to the opener afterwards.
 */
export function FullscreenViewer({ images, index, onIndexChange, onClose, label }: FullscreenViewerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const latest = useLatest({ index, count: images.length, onIndexChange, onClose });
  const open = index !== null && images.length > 0;
  const isTop = useDialogLayer(
    open,
    () => closeRef.current,
    () => latest.current.onClose(),
  );

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent): void => {
      const { index: current, count, onIndexChange: go, onClose: close } = latest.current;
      if (current === null || !isTop()) return;
      switch (event.key) {
        case 'Escape':
          // Where the browser has close requests, Escape is one (useDialogLayer's watcher closes it).
          if (closeRequestsByBrowser()) return;
          event.preventDefault();
          event.stopPropagation();
          close();
          return;
        case 'ArrowRight':
          event.preventDefault();
          go(stepIndex(current, 1, count));
          return;
        case 'ArrowLeft':
          event.preventDefault();
          go(stepIndex(current, -1, count));
          return;
        case 'Home':
          event.preventDefault();
          go(0);
          return;
        case 'End':
          event.preventDefault();
          go(count - 1);
          return;
        case 'Tab': {
          const panel = panelRef.current;
          if (!panel) return;
          const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
          const first = items[0];
          const last = items[items.length - 1];
          if (!first || !last) return;
          const active = document.activeElement;
          if (event.shiftKey && (active === first || !panel.contains(active))) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
            event.preventDefault();
            first.focus();
          }
          return;
        }
        default:
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open, latest, isTop]);

  if (!open || index === null) return null;
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return null;
  const count = images.length;

  const onTouchStart = (event: TouchEvent): void => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent): void => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const outcome = swipeOutcome(touch.clientX - start.x, touch.clientY - start.y);
    if (outcome === 'next') onIndexChange(stepIndex(index, 1, count));
    if (outcome === 'previous') onIndexChange(stepIndex(index, -1, count));
  };

  return createPortal(
    <div className={styles.layer}>
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {label}
          </h2>
          <p className={styles.position} aria-live="polite">
            {t('viewer.position', { current: index + 1, total: count })}
          </p>
          <button ref={closeRef} type="button" className={styles.close} onClick={onClose} aria-label={t('modal.close')}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </header>
        {/* touch-action: pan-y in the CSS leaves sideways movement to the swipe. */}
        <div className={styles.stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          <ResponsiveImage
            key={current.path}
            className={styles.image}
            path={current.path}
            alt={current.alt}
            width={1200}
            height={900}
            minWidth={480}
            sizes="100vw"
            priority
          />
          {count > 1 ? (
            <>
              <button
                type="button"
                className={`${styles.nav} ${styles.previous}`}
                onClick={() => onIndexChange(stepIndex(index, -1, count))}
                aria-label={t('viewer.previous')}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" fill="none" />
                </svg>
              </button>
              <button
                type="button"
                className={`${styles.nav} ${styles.next}`}
                onClick={() => onIndexChange(stepIndex(index, 1, count))}
                aria-label={t('viewer.next')}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" fill="none" />
                </svg>
              </button>
            </>
          ) : null}
        </div>
        {count > 1 ? (
          <ol className={styles.thumbs} aria-label={t('viewer.thumbnails')}>
            {images.map((image, i) => (
              <li key={`${image.path}-${i}`}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-label={t('viewer.goTo', { n: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => onIndexChange(i)}
                >
                  <ResponsiveImage path={image.path} alt="" width={64} height={48} />
                </button>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
