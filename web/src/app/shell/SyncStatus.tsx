import { Link, useLocation } from 'react-router';
import { formatTime } from '../../shared/i18n/dates';
import { t } from '../../shared/i18n/t';
import { useOptionalModule } from '../../shared/lib/useOptionalModule';
import { useOfflineLoaded } from '../../shared/offline/lazy';
import { useOutboxStatus } from '../../shared/offline/useOutboxStatus';
import styles from './SyncStatus.module.css';

export const SYNC_PAGE_PATH = '/sincronizzazione';

const loadRefusalNotices = () => import('../../features/sync/hooks/useRefusalNotices');

/** The refusal toasts read the outbox live (Dexie): mounted once the offline runtime has loaded. */
function RefusalNotices() {
  // An extra of the shell: if its chunk cannot arrive (offline before the service worker serves it),
  // the page goes on without it, and it comes with the connection.
  const notices = useOptionalModule(loadRefusalNotices);
  return notices ? <RefusalNoticesOf useNotices={notices.useRefusalNotices} /> : null;
}

function RefusalNoticesOf({ useNotices }: { useNotices: () => void }) {
  useNotices();
  return null;
}

/**
 * A slim strip under the top bar: "Sei offline" with the last update, and how many actions wait, fail
 * or need confirming, with a link to the page that lists them. A refusal arriving while the app is
 * open is also announced in a toast wherever the person is.
 */
export function SyncStatus() {
  const status = useOutboxStatus();
  const { pathname } = useLocation();
  const offlineLoaded = useOfflineLoaded();
  const parts: string[] = [];
  if (!status.online) {
    parts.push(t('shell.offline'));
    if (status.lastSyncAt !== null) parts.push(t('shell.lastUpdate', { time: formatTime(status.lastSyncAt) }));
  }
  if (status.pending > 0) parts.push(t('shell.pendingActions', { count: status.pending }));
  if (status.failed > 0) parts.push(t('shell.failedActions', { count: status.failed }));
  if (status.needsReview > 0) parts.push(t('shell.reviewActions', { count: status.needsReview }));
  const queued = status.pending + status.failed + status.needsReview > 0;
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {offlineLoaded ? <RefusalNotices /> : null}
      {parts.length > 0 ? (
        <p className={`${styles.strip} ${status.online ? styles.waiting : styles.offline}`} data-testid="sync-status">
          <span className={styles.dot} aria-hidden="true" />
          <span>{parts.join(' · ')}</span>
          {queued && pathname !== SYNC_PAGE_PATH ? (
            <Link className={styles.link} to={SYNC_PAGE_PATH}>
              {t('shell.syncDetails')}
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
