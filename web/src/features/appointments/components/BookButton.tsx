import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import { selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import type { BookingRequest, CustomerAppointment } from '../api/appointmentsApi';
import { registrationPath, rememberPendingBooking, takePendingBooking } from '../lib/pendingBooking';
import { BookingModal } from './BookingModal';
import { BookingSuccess } from './BookingSuccess';
import successStyles from './BookingSuccess.module.css';

export interface BookButtonProps {
  designerId: number | undefined;
  designerName?: string;
  /** Button text; "Prenota videochiamata" by default. */
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
  /** A page that shows its own 'Registrazione Richiesta' modal handles anonymous visitors here. */
  onRequireLogin?: () => void;
  onBooked?: (appointment: CustomerAppointment) => void;
  /** Open the booking at once (a booking link); visitors get the registration prompt. */
  autoOpen?: boolean;
  /** Where the success modal's "Vai ai miei appuntamenti" leads. */
  appointmentsPath?: string;
}

/**
 * The "book a video call" action for a designer card's action slot and for designer pages. Signed-in
 * people get the booking modal; visitors are asked to register first, and the booking opens again
 * when they return (session storage pendingAppointment / returnAfterRegistration).
 */
export function BookButton({
  designerId,
  designerName = '',
  label,
  variant = 'primary',
  size,
  block,
  className,
  onRequireLogin,
  onBooked,
  autoOpen = false,
  appointmentsPath = '/appuntamenti',
}: BookButtonProps) {
  const navigate = useNavigate();
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const [open, setOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [booked, setBooked] = useState<CustomerAppointment | null>(null);
  const [queued, setQueued] = useState<BookingRequest | null>(null);

  const askToRegister = (): void => {
    if (onRequireLogin) onRequireLogin();
    else setRegisterOpen(true);
  };

  // Back from registration (or a booking link): open the booking for this designer.
  useEffect(() => {
    if (designerId === undefined) return;
    if (loggedIn && takePendingBooking(designerId)) {
      setOpen(true);
      return;
    }
    if (autoOpen) {
      if (loggedIn) setOpen(true);
      else askToRegister();
    }
    // Decided once per designer and session state.
  }, [designerId, loggedIn, autoOpen]);

  const start = (): void => {
    if (!loggedIn) askToRegister();
    else setOpen(true);
  };

  const register = (): void => {
    if (designerId !== undefined) {
      rememberPendingBooking({ designer_id: designerId, designer_name: designerName }, window.location.pathname + window.location.search);
    }
    setRegisterOpen(false);
    navigate(registrationPath());
  };

  return (
    <>
      <Button variant={variant} size={size} block={block} className={className} onClick={start} aria-haspopup="dialog">
        {label ?? t('appointments.book.button')}
      </Button>
      <BookingModal
        open={open}
        designerId={designerId}
        designerName={designerName}
        onClose={() => setOpen(false)}
        onBooked={(appointment) => {
          setOpen(false);
          setBooked(appointment);
          onBooked?.(appointment);
        }}
        onQueued={(request) => {
          setOpen(false);
          setQueued(request);
        }}
      />
      <Modal open={queued !== null} onClose={() => setQueued(null)} title={t('appointments.book.queuedTitle')} size="sm">
        {queued ? (
          <div className={successStyles.body}>
            <p>
              {t('appointments.book.queuedBody', {
                name: designerName,
                date: formatWeekdayDate(queued.appointment_date),
                time: formatTime(queued.appointment_date),
              })}
            </p>
            <div className={successStyles.actions}>
              {appointmentsPath ? (
                <ButtonLink to={appointmentsPath} variant="secondary" onClick={() => setQueued(null)}>
                  {t('appointments.success.viewAll')}
                </ButtonLink>
              ) : null}
              <Button onClick={() => setQueued(null)}>{t('appointments.book.queuedClose')}</Button>
            </div>
          </div>
        ) : null}
      </Modal>
      <BookingSuccess appointment={booked} onClose={() => setBooked(null)} appointmentsPath={appointmentsPath} />
      <Modal
        open={registerOpen}
        onClose={() => setRegisterOpen(false)}
        title={t('appointments.register.title')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRegisterOpen(false)}>
              {t('appointments.register.cancel')}
            </Button>
            <Button onClick={register}>{t('appointments.register.register')}</Button>
          </>
        }
      >
        <p>{t('appointments.register.body')}</p>
      </Modal>
    </>
  );
}
