import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import { useDesignerSummaryQuery } from '../api/appointmentsApi';

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

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4M9 15l2 2 4-4" />
    </svg>
  );
}

export interface ConfirmedAppointmentsCounterProps {
  /** Opens 'I Miei Appuntamenti'. */
  onOpen?: () => void;
}

/** Dashboard counter 3: confirmed appointments. */
export function ConfirmedAppointmentsCounter({ onOpen }: ConfirmedAppointmentsCounterProps) {
  const { confirmed } = useSchedulingSummary();
  return <DashboardCounter label={t('appointments.counter.confirmed')} value={confirmed ?? null} icon={<CalendarIcon />} onOpen={onOpen} />;
}
