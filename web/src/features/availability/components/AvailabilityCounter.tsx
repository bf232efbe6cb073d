import { t } from '../../../shared/i18n/t';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import { useWeeklyAvailabilityQuery } from '../api/availabilityApi';
import { activeCount } from '../lib/week';

/** The number of active weekly windows of a designer, for the dashboard. */
export function useAvailabilityCount(designerId: number | undefined): number | undefined {
  const result = useWeeklyAvailabilityQuery(designerId ?? 0, { skip: designerId === undefined });
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
  return <DashboardCounter label={t('availability.counter')} value={count ?? null} icon={<ClockIcon />} onOpen={onOpen} />;
}
