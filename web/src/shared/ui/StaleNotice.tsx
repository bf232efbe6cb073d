import { formatRelative } from '../i18n/dates';
import { t } from '../i18n/t';
import styles from './StaleNotice.module.css';

export interface StaleNoticeProps {
  /** When the copy on screen was fetched; shown as "Ultimo aggiornamento 2 ore fa". */
  fetchedAt: number | null;
}

/** Says a screen shows its last saved copy because the device is offline. Pair it with useStaleness. */
export function StaleNotice({ fetchedAt }: StaleNoticeProps) {
  return (
    <p className={styles.notice} role="status">
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M3 9.5a13 13 0 0 1 18 0M6.5 13a8 8 0 0 1 11 0M10 16.5a3 3 0 0 1 4 0M4 4l16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <span>
        <strong>{t('offline.stale')}</strong>
        {fetchedAt !== null ? <span> · {t('offline.staleSince', { when: formatRelative(fetchedAt) })}</span> : null}
      </span>
    </p>
  );
}
