import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/availability';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import { useWeeklyAvailabilityQuery } from '../api/availabilityApi';
import { useAvailabilityQueue } from '../hooks/useAvailabilityQueue';
import { slotsOf } from '../lib/queued';
import { activeCount } from '../lib/week';

/**
 * The number of active weekly windows of a designer, for the dashboard: the queued week's while a
 * change waits to be sent (offline), the server's otherwise (so a refused change is rolled back);
 * and whether the designer has never saved a week (nothing stored, nothing queued).
 */
function useAvailabilityWeek(designerId: number | undefined): { count: number | undefined; neverSaved: boolean } {
  const result = useWeeklyAvailabilityQuery(designerId ?? 0, { skip: designerId === undefined });
  const { queued } = useAvailabilityQueue(designerId);
  const queuedSlots = queued ? slotsOf(queued.body) : null;
  if (queuedSlots) return { count: activeCount(queuedSlots), neverSaved: false };
  if (!result.data) return { count: undefined, neverSaved: false };
  return { count: activeCount(result.data), neverSaved: result.data.length === 0 };
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}

export interface AvailabilityCounterProps {
  designerId: number | undefined;
  /** Opens 'Gestione Disponibilità'. */
  onOpen?: () => void;
}

/** Dashboard counter 4: availability settings (active weekly windows). */
export function AvailabilityCounter({ designerId, onOpen }: AvailabilityCounterProps) {
  const { count, neverSaved } = useAvailabilityWeek(designerId);
  const { refused, conflicts } = useAvailabilityQueue(designerId);
  const refusedNow = refused !== null && conflicts.length > 0;
  return (
    <DashboardCounter
      label={refusedNow ? t('availability.counterRefused') : neverSaved ? t('availability.counterUnsaved') : t('availability.counter')}
      value={count ?? null}
      icon={<ClockIcon />}
      onOpen={onOpen}
      description={neverSaved ? t('availability.counterUnsavedHint') : undefined}
      highlight={refusedNow || neverSaved}
    />
  );
}
