import { useState, type DragEvent } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { Alert } from '../../../shared/ui/Alert';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import type { GalleryPicker as GalleryPickerState } from '../hooks/usePicturePicker';
import { MAX_GALLERY } from '../lib/designer';
import { itemSource } from '../lib/gallery';
import styles from './GalleryPicker.module.css';

export interface GalleryPickerProps {
  picker: GalleryPickerState;
  id: string;
  disabled?: boolean;
  error?: string | null;
}

/**
 * Picks up to 12 project pictures: previews in order (the first is the cover), remove and reorder,
 * add by button or by dropping files. Files that are not pictures are reported by name.
 */
export function GalleryPicker({ picker, id, disabled = false, error }: GalleryPickerProps) {
  const [dragging, setDragging] = useState(false);
  const { items, processing, problems } = picker;
  const room = MAX_GALLERY - items.length - processing;
  // "Nuova" helps only when new pictures sit next to stored ones (editing).
  const mixed = items.some((item) => item.kind === 'stored');
  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) void picker.addFiles(event.dataTransfer.files);
  };
  return (
    <div
      className={`${styles.picker} ${dragging ? styles.dragging : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-hint`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className={styles.head}>
        <p id={`${id}-label`} className={styles.label}>
          {t('designers.field.gallery')}
        </p>
        <p className={styles.count} aria-live="polite">
          {t('designers.gallery.count', { count: items.length, max: MAX_GALLERY })}
        </p>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('designers.field.galleryHint')}
      </p>
      {problems.length > 0 ? (
        <Alert tone="error">
          <ul className={styles.problems}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <ol className={styles.grid}>
        {items.map((item, i) => (
          <li key={item.key} className={styles.item}>
            <ResponsiveImage
              className={styles.image}
              path={itemSource(item)}
              alt={t('designers.gallery.imageAlt', { n: i + 1 })}
              width={240}
              height={180}
              minWidth={160}
              sizes="(min-width: 720px) 240px, 50vw"
            />
            {i === 0 ? <span className={styles.badge}>{t('designers.gallery.cover')}</span> : null}
            {mixed && item.kind === 'new' && i !== 0 ? <span className={`${styles.badge} ${styles.newBadge}`}>{t('designers.gallery.new')}</span> : null}
            <div className={styles.tools}>
              <button
                type="button"
                className={styles.tool}
                onClick={() => picker.move(item.key, -1)}
                disabled={disabled || i === 0}
                aria-label={t('designers.gallery.moveEarlier', { n: i + 1 })}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button
                type="button"
                className={styles.tool}
                onClick={() => picker.move(item.key, 1)}
                disabled={disabled || i === items.length - 1}
                aria-label={t('designers.gallery.moveLater', { n: i + 1 })}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button
                type="button"
                className={`${styles.tool} ${styles.removeTool}`}
                onClick={() => picker.remove(item.key)}
                disabled={disabled}
                aria-label={t('designers.gallery.remove', { n: i + 1 })}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
                </svg>
              </button>
            </div>
          </li>
        ))}
        {Array.from({ length: processing }, (_, i) => (
          <li key={`processing-${i}`} className={`${styles.item} ${styles.processing}`} aria-hidden="true" />
        ))}
        {room > 0 ? (
          <li className={styles.addItem}>
            <label className={`${styles.add} ${disabled ? styles.disabled : ''}`}>
              <input
                id={id}
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                disabled={disabled}
                onChange={(event) => {
                  const files = event.target.files ? Array.from(event.target.files) : [];
                  event.target.value = '';
                  if (files.length > 0) void picker.addFiles(files);
                }}
              />
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
              <span className={styles.addText}>{t('designers.gallery.add')}</span>
              <span className={styles.dropText}>{t('designers.gallery.drop')}</span>
            </label>
          </li>
        ) : null}
      </ol>
      {processing > 0 ? (
        <p className={styles.status} role="status">
          {t('designers.gallery.processing', { count: processing })}
        </p>
      ) : null}
      {room <= 0 && processing === 0 ? <p className={styles.status}>{t('designers.gallery.full')}</p> : null}
      {items.length === 0 && processing === 0 ? <p className={styles.empty}>{t('designers.gallery.empty')}</p> : null}
    </div>
  );
}
