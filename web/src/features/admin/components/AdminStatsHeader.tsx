import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import type { AdminQueryState, AdminStats } from '../api/adminApi';
import { adminErrorMessage, asAppError } from '../lib/errors';
import styles from './AdminPanel.module.css';

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const PEOPLE = 'M16 19v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 17.5V19M10 10.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6M20 19v-1.4a3.4 3.4 0 0 0-2.5-3.3M15.5 4.6a3 3 0 0 1 0 5.8';
const SOFA = 'M4 11V8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3M3 13a2 2 0 0 1 4 0v2h10v-2a2 2 0 0 1 4 0v5H3zM6 18v2M18 18v2';
const BADGE = 'M12 3l2.3 1.7 2.9.1.9 2.7 2.3 1.8-.9 2.7.9 2.7-2.3 1.8-.9 2.7-2.9.1L12 21l-2.3-1.7-2.9-.1-.9-2.7-2.3-1.8.9-2.7-.9-2.7 2.3-1.8.9-2.7 2.9-.1zM8.5 12l2.3 2.3 4.7-4.8';
const SPARK = 'M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8';

const APPOINTMENT_STATUSES = [
  ['pending', 'admin.stats.pending'],
  ['confirmed', 'admin.stats.confirmed'],
  ['completed', 'admin.stats.completed'],
  ['cancelled', 'admin.stats.cancelled'],
] as const;

/** The panel header: totals, what is new this week, and appointments by status. */
export function AdminStatsHeader({ query }: { query: AdminQueryState<AdminStats> }) {
  const stats = query.data;
  if (query.isError && !stats) {
    return (
      <Alert tone="error" className={styles.statsError}>
        <p>{adminErrorMessage(asAppError(query.error), 'admin.error.loadData')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('admin.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <section className={styles.stats} aria-label={t('admin.stats.label')}>
      <div className={styles.counters}>
        <DashboardCounter label={t('admin.stats.totalUsers')} value={stats?.total_users ?? null} icon={icon(PEOPLE)} />
        <DashboardCounter label={t('admin.stats.totalDesigners')} value={stats?.total_designers ?? null} icon={icon(SOFA)} />
        <DashboardCounter label={t('admin.stats.verified')} value={stats?.verified_designers ?? null} icon={icon(BADGE)} />
        <DashboardCounter
          label={t('admin.stats.newThisWeek')}
          value={stats ? stats.new_users_week + stats.new_designers_week : null}
          icon={icon(SPARK)}
          description={
            stats
              ? `${t('admin.stats.newUsers', { count: stats.new_users_week })}, ${t('admin.stats.newDesigners', { count: stats.new_designers_week })}`
              : undefined
          }
        />
      </div>
      {stats?.messages_today !== undefined ? (
        <dl className={styles.appointments}>
          <dt className={styles.appointmentsTitle}>{t('admin.stats.activity')}</dt>
          <dd className={styles.appointmentStatus}>
            <span className={styles.appointmentCount}>{stats.messages_today}</span> {t('admin.stats.messagesToday')}
          </dd>
          <dd className={styles.appointmentStatus}>
            <span className={styles.appointmentCount}>{stats.total_conversations ?? 0}</span> {t('admin.stats.conversations')}
          </dd>
          <dd className={styles.appointmentStatus}>
            <span className={styles.appointmentCount}>{stats.total_likes ?? 0}</span> {t('admin.stats.likes')}
          </dd>
        </dl>
      ) : null}
      {stats?.appointments_by_status ? (
        <dl className={styles.appointments}>
          <dt className={styles.appointmentsTitle}>{t('admin.stats.appointments')}</dt>
          {APPOINTMENT_STATUSES.map(([status, label]) => (
            <dd key={status} className={styles.appointmentStatus}>
              <span className={styles.appointmentCount}>{stats.appointments_by_status?.[status] ?? 0}</span> {t(label)}
            </dd>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
