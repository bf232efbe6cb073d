import type { OutboxEntry } from '../hooks/useOutboxEntries';
import { confirmOldAction, discardAction, drainOutbox, retryAction } from '../../../shared/offline/outboxService';
import { useOutboxStatus } from '../../../shared/offline/useOutboxStatus';
import { formatDateTime, formatTime } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/sync';
import { Button } from '../../../shared/ui/Button';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useOutboxEntries } from '../hooks/useOutboxEntries';
import { entryActions, entryLabelKey, entryState, type EntryState } from '../lib/entries';
import styles from './SyncPage.module.css';

const STATE_LABELS = {
  pending: 'sync.state.pending',
  sending: 'sync.state.sending',
  sent: 'sync.state.sent',
  failed: 'sync.state.failed',
  review: 'sync.state.review',
} as const satisfies Record<EntryState, string>;

function EntryRow({ entry }: { entry: OutboxEntry }) {
  const state = entryState(entry);
  const actions = entryActions(state);
  const label = t(entryLabelKey(entry));
  return (
    <li className={styles.entry} data-testid="sync-entry" data-state={state}>
      <div className={styles.entryMain}>
        <p className={styles.entryLabel}>{label}</p>
        <p className={styles.entryMeta}>
          {t('sync.createdAt', { when: formatDateTime(entry.createdAt) })}
          {entry.attempts > 0 ? ` · ${t('sync.attempts', { count: entry.attempts })}` : ''}
        </p>
        {state === 'failed' && entry.lastError ? (
          <p className={styles.reason}>{t('sync.reason', { reason: entry.lastError.message })}</p>
        ) : null}
        {state === 'review' ? <p className={styles.reason}>{t('sync.reviewHint')}</p> : null}
      </div>
      <span className={`${styles.badge} ${styles[state]}`}>{t(STATE_LABELS[state])}</span>
      {actions.retry || actions.discard || actions.confirm ? (
        <div className={styles.entryActions}>
          {actions.confirm ? (
            <Button variant="secondary" onClick={() => void confirmOldAction(entry.seq)}>
              {t('sync.confirm')}
            </Button>
          ) : null}
          {actions.retry ? (
            <Button variant="secondary" onClick={() => void retryAction(entry.seq)}>
              {t('sync.retry')}
            </Button>
          ) : null}
          {actions.discard ? (
            <Button variant="ghost" onClick={() => void discardAction(entry.seq)} aria-label={`${t('sync.discard')}: ${label}`}>
              {t('sync.discard')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * /sincronizzazione: every action this device still has to send, sent recently or could not send,
 * with its state, the reason of a refusal, and retry or discard.
 */
export function SyncPage() {
  const status = useOutboxStatus();
  const sorted = useOutboxEntries() ?? null;
  const waiting = status.pending + status.needsReview;
  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={t('sync.eyebrow')}
        title={t('sync.heading')}
        leadTestId="sync-connection"
        lead={`${status.online ? t('sync.online') : t('sync.offline')}${
          status.lastSyncAt !== null ? ` · ${t('sync.lastUpdate', { time: formatTime(status.lastSyncAt) })}` : ''
        }`}
      >
        {status.online && waiting > 0 ? (
          <div>
            <Button variant="secondary" onClick={() => void drainOutbox()}>
              {t('sync.sendNow')}
            </Button>
          </div>
        ) : null}
      </PageHeader>
      {sorted === null ? null : sorted.length === 0 ? (
        <p className={styles.empty}>{t('sync.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('sync.heading')}>
          {sorted.map((entry) => (
            <EntryRow key={entry.seq} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}
