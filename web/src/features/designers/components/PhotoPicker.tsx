import { useId } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import type { PhotoPicker as PhotoPickerState } from '../hooks/usePicturePicker';
import styles from './PhotoPicker.module.css';

export interface PhotoPickerProps {
  picker: PhotoPickerState;
  id: string;
  disabled?: boolean;
}

/** The optional profile photo: a round preview, choose or change, remove. */
export function PhotoPicker({ picker, id, disabled = false }: PhotoPickerProps) {
  const hintId = useId();
  const errorId = useId();
  const has = picker.value !== '';
  return (
    <div className={styles.picker} role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className={styles.label}>
        {t('designers.field.photo')} <span className={styles.optional}>{t('form.optional')}</span>
      </p>
      <div className={styles.row}>
        <span className={styles.preview}>
          {has ? (
            <ResponsiveImage path={picker.value} alt={t('designers.photo.preview')} width={88} height={88} className={styles.image} />
          ) : (
            <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
              <circle cx="24" cy="18" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M9 40c2.5-7.5 8.2-11 15-11s12.5 3.5 15 11" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          )}
        </span>
        <div className={styles.actions}>
          <label className={`${styles.pick} ${disabled || picker.processing ? styles.disabled : ''}`}>
            <input
              id={id}
              type="file"
              accept="image/*"
              className="visually-hidden"
              disabled={disabled || picker.processing}
              aria-describedby={`${hintId}${picker.problem ? ` ${errorId}` : ''}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void picker.choose(file);
              }}
            />
            {picker.processing ? t('designers.photo.processing') : has ? t('designers.photo.change') : t('designers.photo.choose')}
          </label>
          {has ? (
            <button type="button" className={styles.remove} onClick={picker.clear} disabled={disabled}>
              {t('designers.photo.remove')}
            </button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className={styles.hint}>
        {t('designers.field.photoHint')}
      </p>
      {picker.problem ? (
        <p id={errorId} className={styles.error} role="alert">
          {picker.problem}
        </p>
      ) : null}
    </div>
  );
}
