import { useId, useState } from 'react';
import { formatWeekdayDate } from '../../../shared/i18n/dates';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/availability';
import { Button } from '../../../shared/ui/Button';
import type { AvailabilityConflict } from '../lib/queued';
import styles from './ConflictPanel.module.css';

const STATUS_KEYS: Readonly<Record<string, PlainKey>> = {
  pending: 'availability.status.pending',
  confirmed: 'availability.status.confirmed',
};

export interface ConflictPanelProps {
  conflicts: readonly AvailabilityConflict[];
  onKeep: () => Promise<void>;
  onEdit: () => Promise<void>;
  onDiscard: () => Promise<void>;
}

/**
 * A refused week: the bookings it would have left out (customer, long date and time, status), and the
 * three ways on — keep them and save anyway, go back to editing the refused week, or leave the week the
 * server has (which is what every screen shows meanwhile: the optimistic change is rolled back).
 */
export function ConflictPanel({ conflicts, onKeep, onEdit, onDiscard }: ConflictPanelProps) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.panel} role="alert" aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('availability.conflictTitle', { count: conflicts.length })}
      </h3>
      <p className={styles.lead}>{t('availability.conflictLead')}</p>
      <ul className={styles.list} aria-label={t('availability.conflictListLabel')}>
        {conflicts.map((conflict) => {
          const statusKey = STATUS_KEYS[conflict.status];
          return (
            <li key={conflict.id} className={styles.item}>
              <span className={styles.name}>{conflict.customer_name}</span>
              <span className={styles.when}>
                {t('availability.conflictWhen', { date: formatWeekdayDate(conflict.datetime), time: conflict.time })}
              </span>
              {statusKey ? (
                <span className={`${styles.status} ${conflict.status === 'confirmed' ? styles.confirmed : styles.pending}`}>{t(statusKey)}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className={styles.note}>{t('availability.conflictNote')}</p>
      <div className={styles.actions}>
        <Button onClick={() => void run(onKeep)()} disabled={busy}>
          {t('availability.conflictKeep')}
        </Button>
        <Button variant="secondary" onClick={() => void run(onEdit)()} disabled={busy}>
          {t('availability.conflictEdit')}
        </Button>
        <Button variant="ghost" onClick={() => void run(onDiscard)()} disabled={busy}>
          {t('availability.conflictDiscard')}
        </Button>
      </div>
    </section>
  );
}
