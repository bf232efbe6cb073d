import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import styles from './VerifiedBadge.module.css';

/** Shown when an admin has verified the designer. */
export function VerifiedBadge() {
  return (
    <span className={styles.badge} title={t('designers.verifiedLabel')}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M12 2.5l2.4 1.8 3 .1.9 2.8 2.4 1.8-.9 2.8.9 2.8-2.4 1.8-.9 2.8-3 .1L12 21.5l-2.4-1.8-3-.1-.9-2.8-2.4-1.8.9-2.8-.9-2.8 2.4-1.8.9-2.8 3-.1z"
          fill="currentColor"
        />
        <path d="M8.3 12.2l2.5 2.5 4.9-5" stroke="#fff" strokeWidth="1.9" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{t('designers.verified')}</span>
      <span className="visually-hidden">{`: ${t('designers.verifiedLabel')}`}</span>
    </span>
  );
}
