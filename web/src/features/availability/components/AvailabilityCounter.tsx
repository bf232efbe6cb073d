import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/availability';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import { useWeeklyAvailabilityQuery } from '../api/availabilityApi';
import { useAvailabilityQueue } from '../hooks/useAvailabilityQueue';
import { slotsOf } from '../lib/queued';
import { activeCount } from '../lib/week';

/**
 * The number of active weekly windows of a designer, for the dashboard: the queued week's while a
 * change waits to be sent (offline), the server's otherwise (so a refused change is rolled back).
 */
export function useAvailabilityCount(designerId: number | undefined): number | undefined {
  const result = useWeeklyAvailabilityQuery(designerId ?? 0, { skip: designerId === undefined });
  const { queued } = useAvailabilityQueue(designerId);
  const queuedSlots = queued ? slotsOf(queued.body) : null;
  if (queuedSlots) return activeCount(queuedSlots);
  return result.data ? activeCount(result.data) : undefined;
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
  const count = useAvailabilityCount(designerId);
  const { refused, conflicts } = useAvailabilityQueue(designerId);
  const refusedNow = refused !== null && conflicts.length > 0;
  return (
    <DashboardCounter
      label={refusedNow ? t('availability.counterRefused') : t('availability.counter')}
      value={count ?? null}
      icon={<ClockIcon />}
      onOpen={onOpen}
      highlight={refusedNow}
    />
  );
}
