import { formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import type { CustomerAppointment } from '../api/appointmentsApi';
import styles from './BookingSuccess.module.css';
import badges from './StatusBadge.module.css';

export interface BookingSuccessProps {
  appointment: CustomerAppointment | null;
  onClose: () => void;
  /** Where "Vai ai miei appuntamenti" leads; hidden when absent. */
  appointmentsPath?: string;
}

/** The booking success modal: the request is pending until the designer confirms it. */
export function BookingSuccess({ appointment, onClose, appointmentsPath }: BookingSuccessProps) {
  return (
    <Modal open={appointment !== null} onClose={onClose} title={t('appointments.success.title')} size="sm">
      {appointment ? (
        <div className={styles.body}>
          <div className={styles.ticket}>
            <span className={`${badges.badge} ${badges.orange}`}>{t('appointments.status.pendingNew')}</span>
            <p className={styles.when}>
              {t('appointments.success.when', {
                date: formatWeekdayDate(appointment.appointment_date),
                time: formatTime(appointment.appointment_date),
              })}
            </p>
            <p className={styles.with}>{t('appointments.mine.with', { name: appointment.designer_name })}</p>
          </div>
          <p>{t('appointments.success.body', { name: appointment.designer_name })}</p>
          <div className={styles.actions}>
            {appointmentsPath ? (
              <ButtonLink to={appointmentsPath} variant="secondary" onClick={onClose}>
                {t('appointments.success.viewAll')}
              </ButtonLink>
            ) : null}
            <Button onClick={onClose}>{t('appointments.success.close')}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
