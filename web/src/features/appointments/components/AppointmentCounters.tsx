import { t } from '../../../shared/i18n/t';
import { useDesignerSummaryQuery } from '../api/appointmentsApi';
import styles from './Counters.module.css';

/** The dashboard numbers this feature supplies; the summary also carries the profile's designer id. */
export function useSchedulingSummary() {
  const result = useDesignerSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  return {
    designerId: result.data?.designer_id,
    confirmed: result.data?.confirmed_appointments,
    availability: result.data?.availability_settings,
    isLoading: result.isLoading,
  };
}

export interface CounterProps {
  onClick?: () => void;
}

/** Dashboard counter: confirmed appointments; a click opens 'I Miei Appuntamenti'. */
export function ConfirmedAppointmentsCounter({ onClick }: CounterProps) {
  const { confirmed } = useSchedulingSummary();
  return (
    <button type="button" className={styles.counter} onClick={onClick} aria-haspopup={onClick ? 'dialog' : undefined}>
      <span className={styles.value}>{confirmed ?? '–'}</span>
      <span className={styles.label}>{t('appointments.counter.confirmed')}</span>
    </button>
  );
}
