import { useSearchParams } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Button } from '../../../shared/ui/Button';
import { Tabs } from '../../../shared/ui/Tabs';
import { ADMIN_CACHE_SECONDS, useAdminAuditQuery, useAdminDesignersQuery, useAdminStatsQuery, useAdminUsersQuery } from '../api/adminApi';
import { AdminStatsHeader } from './AdminStatsHeader';
import { AuditTab } from './AuditTab';
import { DesignersTab } from './DesignersTab';
import { UsersTab } from './UsersTab';
import styles from './AdminPanel.module.css';

const TABS = ['users', 'designers', 'audit'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return value !== null && (TABS as readonly string[]).includes(value);
}

// Lists are cached for five minutes (spec, section 9) and reloaded on demand with Refresh.
const cached = { refetchOnMountOrArgChange: ADMIN_CACHE_SECONDS } as const;

function Panel() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'users';
  const stats = useAdminStatsQuery(undefined, cached);
  const users = useAdminUsersQuery(undefined, cached);
  const designers = useAdminDesignersQuery(undefined, cached);
  const audit = useAdminAuditQuery(undefined, { ...cached, skip: tab !== 'audit' });
  const refreshing = stats.isFetching || users.isFetching || designers.isFetching || audit.isFetching;

  const refresh = () => {
    void stats.refetch();
    void users.refetch();
    void designers.refetch();
    if (tab === 'audit') void audit.refetch();
  };
  const select = (next: Tab) => setParams(next === 'users' ? {} : { tab: next }, { replace: true });
  // Totals appear once known: a loading list never claims "(0)".
  const userCount = users.data?.length ?? stats.data?.total_users;
  const designerCount = designers.data?.length ?? stats.data?.total_designers;
  const label = (name: Tab) => {
    if (name === 'users') return userCount === undefined ? t('admin.tabs.usersLoading') : t('admin.tabs.users', { count: userCount });
    if (name === 'designers') {
      return designerCount === undefined ? t('admin.tabs.designersLoading') : t('admin.tabs.designers', { count: designerCount });
    }
    return t('admin.tabs.audit');
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>{t('admin.eyebrow')}</p>
          <h1 className={styles.title}>{t('admin.heading')}</h1>
          <p className={styles.lead}>{t('admin.lead')}</p>
        </div>
        <Button variant="secondary" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
          {refreshing ? t('admin.refreshing') : t('admin.refresh')}
        </Button>
      </header>
      <AdminStatsHeader query={stats} />
      <Tabs
        label={t('admin.tabs.label')}
        look="underline"
        tabs={TABS.map((name) => ({ id: name, label: label(name) }))}
        selected={tab}
        onSelect={select}
        panelClassName={styles.panel}
      >
        {tab === 'users' ? <UsersTab query={users} /> : tab === 'designers' ? <DesignersTab query={designers} /> : <AuditTab query={audit} />}
      </Tabs>
    </div>
  );
}

/**
 * /admin: the admin panel. The route is behind RequireRole("admin") (visitors to /login, others
 * "Admin access required" and home); the server refuses every admin call to non-admins anyway.
 */
export function AdminPage() {
  return <Panel />;
}
