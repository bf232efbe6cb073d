import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useCustomerAppointmentsQuery } from '../../features/appointments/api/appointmentsApi';
import { ConfirmedAppointmentsCounter, useSchedulingSummary } from '../../features/appointments/components/AppointmentCounters';
import { CustomerAppointmentsPanel, type CustomerAppointmentsTab } from '../../features/appointments/components/CustomerAppointments';
import { DesignerAppointmentsModal, DesignerAppointmentsPanel } from '../../features/appointments/components/DesignerAppointments';
import { AvailabilityCounter } from '../../features/availability/components/AvailabilityCounter';
import { useBookingRequests } from '../../features/appointments/hooks/useBookingRequests';
import { AvailabilityModal } from '../../features/availability/components/AvailabilityModal';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/appointments';
import { selectIsDesigner, selectIsLoggedIn } from '../../shared/session/sessionSlice';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { PageHeader } from '../../shared/ui/PageHeader';
import type { RootState } from '../store';
import styles from './AppointmentsPage.module.css';

/** The designer's side: the two dashboard counters, the availability editor and the appointments. */
function DesignerSide() {
  const { designerId } = useSchedulingSummary();
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  const [appointmentsOpen, setAppointmentsOpen] = useState(false);
  return (
    <>
      <div className={styles.counters}>
        <ConfirmedAppointmentsCounter onOpen={() => setAppointmentsOpen(true)} />
        <AvailabilityCounter designerId={designerId} onOpen={() => setAvailabilityOpen(true)} />
        <Button variant="secondary" onClick={() => setAvailabilityOpen(true)} disabled={designerId === undefined} aria-haspopup="dialog">
          {t('appointments.page.manageAvailability')}
        </Button>
      </div>
      <section className={styles.section} aria-label={t('appointments.designer.title')}>
        <h2 className={styles.sectionTitle}>{t('appointments.designer.title')}</h2>
        <DesignerAppointmentsPanel />
      </section>
      <OwnBookings />
      <AvailabilityModal open={availabilityOpen} designerId={designerId} onClose={() => setAvailabilityOpen(false)} />
      <DesignerAppointmentsModal open={appointmentsOpen} onClose={() => setAppointmentsOpen(false)} />
    </>
  );
}

/**
 * The calls a designer booked with other designers (as a customer would), below their own: the
 * booking's "Vai ai miei appuntamenti" leads here. Shown only when there is one, or a request of
 * theirs waits on the device.
 */
function OwnBookings() {
  const result = useCustomerAppointmentsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { requests } = useBookingRequests();
  const list = result.data?.appointments ?? [];
  const any = list.length > 0 || requests.length > 0;
  // Once shown, the section stays while the page is open (a request discarded inside it must not take
  // the section, and the focus, away), and it opens on the tab with something in it.
  const [first, setFirst] = useState<CustomerAppointmentsTab | null>(null);
  if (any && first === null) setFirst(list.some((a) => a.status === 'confirmed') ? 'confirmed' : 'pending');
  if (first === null) return null;
  return (
    <section className={styles.section} aria-label={t('appointments.page.ownBookings')}>
      <h2 className={styles.sectionTitle}>{t('appointments.page.ownBookings')}</h2>
      <CustomerAppointmentsPanel initialTab={first} />
    </section>
  );
}

/**
 * /appuntamenti: where the appointment e-mails lead. Customers see their confirmed calls and pending
 * requests; designers manage requests and their weekly availability.
 */
export function AppointmentsPage() {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const designer = useSelector((state: RootState) => selectIsDesigner(state));
  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={t('appointments.page.eyebrow')}
        title={t('appointments.page.heading')}
        lead={loggedIn ? (designer ? t('appointments.page.designerLead') : t('appointments.page.customerLead')) : null}
      />
      {!loggedIn ? (
        <div className={styles.login}>
          <p>{t('appointments.page.loginNeeded')}</p>
          <ButtonLink to="/login?returnTo=%2Fappuntamenti">{t('appointments.page.login')}</ButtonLink>
        </div>
      ) : designer ? (
        <DesignerSide />
      ) : (
        <section className={styles.section} aria-label={t('appointments.mine.title')}>
          <CustomerAppointmentsPanel />
        </section>
      )}
    </div>
  );
}
