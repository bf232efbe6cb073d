import { t } from '../../../shared/i18n/t';
import { useWeeklyAvailabilityQuery } from '../api/availabilityApi';
import { activeCount } from '../lib/week';
import styles from './AvailabilityCounter.module.css';

/** The number of active weekly windows of a designer, for the dashboard. */
export function useAvailabilityCount(designerId: number | undefined): number | undefined {
  const result = useWeeklyAvailabilityQuery(designerId ?? 0, { skip: designerId === undefined });
  return result.data ? activeCount(result.data) : undefined;
}

export interface AvailabilityCounterProps {
  designerId: number | undefined;
  onClick?: () => void;
}

/** Dashboard counter: availability settings; a click opens 'Gestione Disponibilità'. */
export function AvailabilityCounter({ designerId, onClick }: AvailabilityCounterProps) {
  const count = useAvailabilityCount(designerId);
  return (
    <button type="button" className={styles.counter} onClick={onClick} aria-haspopup={onClick ? 'dialog' : undefined}>
      <span className={styles.value}>{count ?? '–'}</span>
      <span className={styles.label}>{t('availability.counter')}</span>
    </button>
  );
}
