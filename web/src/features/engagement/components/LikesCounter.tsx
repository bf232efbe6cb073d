import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/engagement';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import { useGetLikeCountQuery } from '../api/engagementApi';
import { DesignerStatsModal, type StatsTab } from './DesignerStatsModal';
import { HeartIcon } from './HeartIcon';

export interface LikesCounterProps {
  designerId: number;
  /** designer.like_count from the dashboard's profile, shown until the live count arrives. */
  initialCount?: number;
  /** Tabs other features add to the statistics modal (messaging's "Messaggi"). */
  extraTabs?: readonly StatsTab[];
}

/** The dashboard's likes counter; it opens the statistics modal. */
export function LikesCounter({ designerId, initialCount, extraTabs }: LikesCounterProps) {
  const [open, setOpen] = useState(false);
  const count = useGetLikeCountQuery(designerId);
  const value = count.data?.like_count ?? initialCount ?? (count.isError ? 0 : null);
  return (
    <>
      <DashboardCounter
        label={t('engagement.stats.counter')}
        value={value}
        icon={<HeartIcon />}
        description={t('engagement.stats.counterDescription')}
        onOpen={() => setOpen(true)}
      />
      {open ? <DesignerStatsModal open={open} designerId={designerId} onClose={() => setOpen(false)} extraTabs={extraTabs} /> : null}
    </>
  );
}
