import { formatCompactDateTime } from '../../../shared/i18n/dates';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import type { AdminQueryState, AuditEntry } from '../api/adminApi';
import { adminErrorMessage, asAppError } from '../lib/errors';
import styles from './AdminPanel.module.css';

const ACTION_LABELS: Readonly<Record<string, PlainKey>> = {
  'user.update': 'admin.audit.user.update',
  'user.delete': 'admin.audit.user.delete',
  'designer.update': 'admin.audit.designer.update',
  'designer.delete': 'admin.audit.designer.delete',
  'designer.verify': 'admin.audit.designer.verify',
  'designer.unverify': 'admin.audit.designer.unverify',
};

/** The audit log: who did what to which account, and when (newest first). */
export function AuditTab({ query }: { query: AdminQueryState<{ entries: AuditEntry[]; total: number }> }) {
  if (query.isError && !query.data) {
    return (
      <Alert tone="error">
        <p>{adminErrorMessage(asAppError(query.error), 'admin.error.loadAudit')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('admin.retry')}
        </Button>
      </Alert>
    );
  }
  const entries: AuditEntry[] = query.data?.entries ?? [];
  if (query.data && entries.length === 0) return <p className={styles.auditEmpty}>{t('admin.audit.empty')}</p>;
  return (
    <ol className={styles.audit} aria-busy={query.isFetching}>
      {entries.map((entry) => {
        const label = ACTION_LABELS[entry.action];
        return (
          <li key={entry.id} className={styles.auditEntry}>
            <time dateTime={entry.created_at} className={styles.auditWhen}>
              {formatCompactDateTime(entry.created_at)}
            </time>
            <p className={styles.auditWhat}>
              <strong>{label ? t(label) : entry.action}</strong> <span>{`${entry.target_label} (#${entry.target_id})`}</span>
            </p>
            <p className={styles.auditWho}>
              {entry.actor_email}
              {entry.details && entry.action.endsWith('.update') ? ` · ${t('admin.audit.fields', { fields: entry.details })}` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
