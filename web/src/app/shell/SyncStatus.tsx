import { t } from '../../shared/i18n/t';
import { useOutboxStatus } from '../../shared/offline/useOutboxStatus';
import styles from './SyncStatus.module.css';

/** A slim strip under the top bar: "Sei offline" and how many actions wait, fail or need confirming. */
export function SyncStatus() {
  const status = useOutboxStatus();
  const parts: string[] = [];
  if (!status.online) parts.push(t('shell.offline'));
  if (status.pending > 0) parts.push(t('shell.pendingActions', { count: status.pending }));
  if (status.failed > 0) parts.push(t('shell.failedActions', { count: status.failed }));
  if (status.needsReview > 0) parts.push(t('shell.reviewActions', { count: status.needsReview }));
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {parts.length > 0 ? (
        <p className={`${styles.strip} ${status.online ? styles.waiting : styles.offline}`} data-testid="sync-status">
          <span className={styles.dot} aria-hidden="true" />
          {parts.join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
