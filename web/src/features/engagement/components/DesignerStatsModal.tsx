import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/engagement';
import { Button } from '../../../shared/ui/Button';
import { Avatar } from '../../../shared/ui/Avatar';
import { Modal } from '../../../shared/ui/Modal';
import { Tabs } from '../../../shared/ui/Tabs';
import { SHARE_PLATFORMS, useGetLikeStatsQuery, useGetShareStatsQuery, type SharePlatform } from '../api/engagementApi';
import { platformRows } from '../lib/platforms';
import styles from './DesignerStatsModal.module.css';

/** A tab another feature adds to the statistics (messaging adds "Messaggi"). */
export interface StatsTab {
  id: string;
  label: string;
  /** A number shown beside the label, if any. */
  badge?: number;
  /** Draws the tab; close() shuts the statistics (e.g. before opening the chat). */
  render: (close: () => void) => ReactNode;
}

export interface DesignerStatsModalProps {
  open: boolean;
  designerId: number;
  onClose: () => void;
  /** Extra tabs, placed between Liked and Shared (the spec's order: Liked, Messages, Shared). */
  extraTabs?: readonly StatsTab[];
  initialTab?: string;
}

const ALL_PLATFORMS: readonly SharePlatform[] = [...SHARE_PLATFORMS, 'link'];

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.alert} role="alert">
      <p>{t('engagement.stats.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('engagement.stats.retry')}
      </Button>
    </div>
  );
}

function LikedTab({ designerId }: { designerId: number }) {
  const stats = useGetLikeStatsQuery(designerId, { refetchOnMountOrArgChange: true });
  if (stats.isLoading) return <p className={styles.muted} role="status">…</p>;
  if (!stats.data) return <LoadFailed onRetry={() => void stats.refetch()} />;
  const { total_likes: total, liked_by_users: users } = stats.data;
  return (
    <>
      <p className={styles.summary}>{t('engagement.stats.totalLikes', { count: total })}</p>
      {users.length === 0 ? (
        <p className={styles.muted}>{t('engagement.stats.noLikes')}</p>
      ) : (
        <ul className={styles.list} data-testid="likers">
          {users.map((user) => (
            <li key={user.user_id} className={styles.row}>
              <span className={styles.who}>
                <Avatar name={user.user_name} size="xs" tone="neutral" />
                <span className={styles.name}>{user.user_name}</span>
              </span>
              <time className={styles.when} dateTime={user.liked_at}>
                {formatDateTime(user.liked_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SharedTab({ designerId }: { designerId: number }) {
  const stats = useGetShareStatsQuery(designerId, { refetchOnMountOrArgChange: true });
  if (stats.isLoading) return <p className={styles.muted} role="status">…</p>;
  if (!stats.data) return <LoadFailed onRetry={() => void stats.refetch()} />;
  const { total_shares: total, shares_by_platform: byPlatform, shared_by_users: users } = stats.data;
  return (
    <>
      <p className={styles.summary}>{t('engagement.stats.totalShares', { count: total })}</p>
      {total === 0 ? <p className={styles.muted}>{t('engagement.stats.noShares')}</p> : null}
      <h3 className={styles.heading}>{t('engagement.stats.byPlatform')}</h3>
      <ul className={styles.platforms} data-testid="share-platforms">
        {platformRows(byPlatform, ALL_PLATFORMS).map(({ platform, count }) => (
          <li key={platform} className={`${styles.platform} ${count === 0 ? styles.zero : ''}`} data-platform={platform}>
            <span>{t(`engagement.platform.${platform}`)}</span>
            <span className={styles.platformCount}>{count}</span>
          </li>
        ))}
      </ul>
      {users.length > 0 ? (
        <>
          <h3 className={styles.heading}>{t('engagement.stats.whoShared')}</h3>
          <ul className={styles.list} data-testid="sharers">
            {users.map((user, index) => (
              <li key={`${user.user_id}-${user.shared_at}-${index}`} className={styles.row}>
                <span className={styles.who}>
                  <Avatar name={user.user_name} size="xs" tone="neutral" />
                  <span className={styles.whoText}>
                    <span className={styles.name}>{user.user_name}</span>
                    <span className={styles.email}>
                      {user.user_email} · {t(`engagement.platform.${user.platform}`)}
                    </span>
                  </span>
                </span>
                <time className={styles.when} dateTime={user.shared_at}>
                  {formatDateTime(user.shared_at)}
                </time>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className={styles.note}>{t('engagement.stats.anonymousNote')}</p>
    </>
  );
}

/**
 * The designer's statistics (designer-admin spec, section 2): who liked the profile and when, and
 * the shares per platform and by whom. Other features add tabs through extraTabs.
 */
export function DesignerStatsModal({ open, designerId, onClose, extraTabs = [], initialTab = 'liked' }: DesignerStatsModalProps) {
  const [tab, setTab] = useState(initialTab);
  const tabs: StatsTab[] = [
    { id: 'liked', label: t('engagement.stats.liked'), render: () => <LikedTab designerId={designerId} /> },
    ...extraTabs,
    { id: 'shared', label: t('engagement.stats.shared'), render: () => <SharedTab designerId={designerId} /> },
  ];
  const current = tabs.find((item) => item.id === tab) ?? tabs[0];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('engagement.stats.title')}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('engagement.stats.close')}
        </Button>
      }
    >
      <Tabs
        label={t('engagement.stats.tabs')}
        tabs={tabs.map((item) => ({
          id: item.id,
          label: (
            <>
              {item.label}
              {item.badge !== undefined ? <span className={styles.badge}>{item.badge}</span> : null}
            </>
          ),
        }))}
        selected={current?.id ?? 'liked'}
        onSelect={setTab}
        panelClassName={styles.panel}
      >
        {current?.render(onClose)}
      </Tabs>
    </Modal>
  );
}
