import { useEffect, useId, useState } from 'react';
import { formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { useStaleness } from '../../../shared/api/staleSlice';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { Tabs } from '../../../shared/ui/Tabs';
import { useCustomerAppointmentsQuery, type CustomerAppointment, type Slot } from '../api/appointmentsApi';
import { useAppointmentEvents } from '../hooks/useAppointmentEvents';
import { useBookingRequests, type BookingRequests } from '../hooks/useBookingRequests';
import { useCancellations, type Cancellations } from '../hooks/useCancellations';
import { rebook, type QueuedBooking } from '../lib/bookingRequests';
import { buildIcs } from '../lib/ics';
import styles from './Appointments.module.css';
import { SlotOptions } from './SlotOptions';
import { StatusBadge } from './StatusBadge';
import badges from './StatusBadge.module.css';

export type CustomerAppointmentsTab = 'confirmed' | 'pending' | 'completed' | 'cancelled';
type Tab = CustomerAppointmentsTab;

/**
 * The spec's two tabs (Confermati, In Attesa), then the history: calls held and requests that were
 * cancelled or turned down, so nothing booked disappears from the customer's view.
 */
const TABS: ReadonlyArray<{ id: Tab; label: PlainKey; empty: PlainKey; hint: PlainKey }> = [
  { id: 'confirmed', label: 'appointments.mine.tabConfirmed', empty: 'appointments.mine.emptyConfirmed', hint: 'appointments.mine.emptyHint' },
  { id: 'pending', label: 'appointments.mine.tabPending', empty: 'appointments.mine.emptyPending', hint: 'appointments.mine.emptyHint' },
  { id: 'completed', label: 'appointments.mine.tabCompleted', empty: 'appointments.mine.emptyCompleted', hint: 'appointments.mine.emptyHistoryHint' },
  { id: 'cancelled', label: 'appointments.mine.tabCancelled', empty: 'appointments.mine.emptyCancelled', hint: 'appointments.mine.emptyHistoryHint' },
];

function downloadIcs(appointment: CustomerAppointment): void {
  const text = buildIcs({
    uid: `appointment-${appointment.appointment_id}@${window.location.hostname}`,
    start: appointment.appointment_date,
    end: appointment.end_date,
    summary: t('appointments.mine.calendarSummary', { name: appointment.designer_name }),
    description: t('appointments.mine.calendarDescription', { name: appointment.designer_name, link: appointment.call_link }),
    location: appointment.call_link,
    url: appointment.call_link,
  });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `appuntamento-interno-${appointment.appointment_id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function CustomerCard({ appointment, cancellations, online }: { appointment: CustomerAppointment; cancellations: Cancellations; online: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const queued = cancellations.byAppointment.get(appointment.appointment_id);
  const titleId = useId();
  const confirmed = appointment.status === 'confirmed';
  const pending = appointment.status === 'pending';
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <Avatar name={appointment.designer_name} picture={appointment.designer_profile_picture} size="md" />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            {t('appointments.mine.with', { name: appointment.designer_name })}
          </h3>
          <p className={styles.when}>
            {t('appointments.mine.when', {
              date: formatWeekdayDate(appointment.appointment_date),
              time: formatTime(appointment.appointment_date),
            })}
          </p>
        </div>
        <StatusBadge status={appointment.status} />
      </div>
      {appointment.message ? (
        <p className={styles.note}>
          <span className={styles.noteLabel}>{t('appointments.mine.message')}</span> {appointment.message}
        </p>
      ) : null}
      {appointment.designer_notes ? (
        <p className={styles.note}>
          <span className={styles.noteLabel}>{t('appointments.mine.notes')}</span> {appointment.designer_notes}
        </p>
      ) : null}
      {appointment.status === 'cancelled' ? (
        <p className={styles.muted}>
          {appointment.cancelled_by === 'designer'
            ? t('appointments.mine.rejected')
            : appointment.cancelled_by === 'customer'
              ? t('appointments.mine.cancelledByYou')
              : t('appointments.mine.cancelledOther')}
          {appointment.reason ? ` ${t('appointments.mine.reason')} ${appointment.reason}` : ''}
        </p>
      ) : null}
      {confirmed && appointment.call_link ? (
        <div className={styles.actions}>
          <a className={styles.join} href={appointment.call_link} target="_blank" rel="noopener noreferrer">
            {t('appointments.mine.join')}
          </a>
          <Button variant="secondary" onClick={() => downloadIcs(appointment)}>
            {t('appointments.mine.addToCalendar')}
          </Button>
          {!online ? <p className={styles.muted}>{t('appointments.mine.offlineLink')}</p> : null}
        </div>
      ) : null}
      {pending && queued?.state === 'failed' ? (
        <div className={styles.inlineAlert} role="alert">
          <p>{t('appointments.mine.cancelFailed', { reason: queued.lastError?.message ?? t('error.unknown') })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void cancellations.retry(queued)}>
              {t('appointments.mine.cancelRetry')}
            </Button>
            <Button variant="ghost" onClick={() => void cancellations.discard(queued)}>
              {t('appointments.mine.cancelDiscard')}
            </Button>
          </div>
        </div>
      ) : pending && queued ? (
        <p className={styles.queued} role="status">
          {t('appointments.mine.cancelQueued')}
        </p>
      ) : pending && confirming ? (
        <div className={styles.confirmRow} role="group" aria-label={t('appointments.mine.cancelConfirm')}>
          <p>{t('appointments.mine.cancelConfirm')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('appointments.mine.cancelNo')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                void cancellations.cancel(appointment.appointment_id);
              }}
            >
              {t('appointments.mine.cancelYes')}
            </Button>
          </div>
        </div>
      ) : pending ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('appointments.mine.cancel')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function slotLabel(slot: Slot): { date: string; time: string } {
  return { date: formatWeekdayDate(`${slot.date}T12:00:00Z`, 'UTC'), time: slot.time };
}

/**
 * A booking chosen offline that the server has not accepted yet: waiting for the connection (it can
 * be withdrawn), or refused on arrival, with the nearest free slots to book in one tap.
 */
function BookingRequestCard({ request, requests, online }: { request: QueuedBooking; requests: BookingRequests; online: boolean }) {
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const [notWritten, setNotWritten] = useState(false);
  const alternatives = request.alternatives;
  const slotGone = request.slotGone;

  /**
   * Books one of the offered slots through the bookAppointment command. The new request takes the
   * refused one's place in one step (replaces: one IndexedDB transaction), so it is not held back
   * behind it (one designer's bookings go out in order), the list never shows both, and if it cannot
   * be written the refused request and its offers stay. If the server refuses this booking too, it
   * takes this card's place with the slots free now.
   */
  const bookSlot = async (slot: Slot): Promise<void> => {
    if (sending) return;
    setSending(true);
    setNotWritten(false);
    try {
      await (await requests.request(rebook(request, slot), { designerName: request.designerName }, { replaces: request.entry.seq })).settled;
    } catch (error) {
      console.error('The booking could not be written', error);
      setNotWritten(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <li className={styles.card} aria-labelledby={titleId} data-testid="booking-request">
      <div className={styles.cardHead}>
        <Avatar name={request.designerName} size="md" />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            {t('appointments.mine.with', { name: request.designerName })}
          </h3>
          <p className={styles.when}>
            {t('appointments.mine.when', { date: formatWeekdayDate(request.appointmentDate), time: formatTime(request.appointmentDate) })}
          </p>
        </div>
        <span className={`${badges.badge} ${request.refused ? badges.red : badges.orange}`}>
          {request.refused ? t('appointments.requests.notSent') : t('appointments.requests.waiting')}
        </span>
      </div>
      {request.message ? (
        <p className={styles.note}>
          <span className={styles.noteLabel}>{t('appointments.mine.message')}</span> {request.message}
        </p>
      ) : null}
      {!request.refused ? (
        <>
          <p className={styles.queued} role="status">
            {t(online ? 'appointments.requests.waitingBodyServer' : 'appointments.requests.waitingBody')}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void requests.dismiss(request)}>
              {t('appointments.requests.withdraw')}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.inlineAlert} role="alert">
          {slotGone ? <p>{t('appointments.requests.goneBody')}</p> : <p>{t('appointments.requests.refusedBody', { reason: request.reason || t('error.unknown') })}</p>}
          {slotGone && alternatives.length > 0 ? (
            <>
              <p>{online ? t('appointments.requests.offer') : t('appointments.requests.offlineOffer')}</p>
              <SlotOptions
                slots={alternatives}
                day={(slot) => slotLabel(slot).date}
                label={(slot) => t('appointments.requests.book', slotLabel(slot))}
                onPick={(slot) => void bookSlot(slot)}
                disabled={!online || sending}
              />
            </>
          ) : slotGone ? (
            <p>{t('appointments.requests.noAlternatives')}</p>
          ) : null}
          {sending ? <p role="status">{t('appointments.requests.booking')}</p> : null}
          {notWritten ? <p>{t('error.unknown')}</p> : null}
          <Button variant="ghost" onClick={() => void requests.dismiss(request)}>
            {t('appointments.requests.dismiss')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The customer's appointments: the spec's two tabs, Confermati and In Attesa, then Completati and
 * Annullati for the history (with who cancelled and why). The list is the last copy in IndexedDB when
 * offline; cancelling a pending request works offline too.
 */
export function CustomerAppointmentsPanel({ initialTab = 'confirmed' }: { initialTab?: Tab } = {}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  // A confirmation or a refusal shows while the list is open.
  useAppointmentEvents();
  const online = useOnline();
  const result = useCustomerAppointmentsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { stale, fetchedAt } = useStaleness(result);
  const cancellations = useCancellations();
  const requests = useBookingRequests();
  const tabsId = useId();
  const list = result.data?.appointments ?? [];
  const byTab: Record<Tab, CustomerAppointment[]> = {
    confirmed: list.filter((a) => a.status === 'confirmed'),
    pending: list.filter((a) => a.status === 'pending'),
    completed: list.filter((a) => a.status === 'completed'),
    cancelled: list.filter((a) => a.status === 'cancelled'),
  };
  const current = TABS.find((item) => item.id === tab) ?? TABS[0];
  const shown = byTab[tab];
  // A list that failed offline (never seen on this device) loads as soon as the connection is back.
  const { isError, refetch } = result;
  useEffect(() => {
    if (online && isError) void refetch();
  }, [online, isError, refetch]);
  return (
    <div className={styles.panel}>
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}
      {requests.requests.length > 0 ? (
        <section aria-labelledby={`${tabsId}-requests`}>
          <h3 id={`${tabsId}-requests`} className={styles.requestsTitle}>
            {t('appointments.requests.title')}
          </h3>
          <ul className={styles.list}>
            {requests.requests.map((request) => (
              <BookingRequestCard key={request.entry.key} request={request} requests={requests} online={online} />
            ))}
          </ul>
        </section>
      ) : null}
      <Tabs
        label={t('appointments.mine.tabs')}
        pairsWhenNarrow
        tabs={TABS.map((item) => ({
          id: item.id,
          label: (
            <>
              {t(item.label)}
              <span className={styles.count}>{byTab[item.id].length}</span>
            </>
          ),
        }))}
        selected={tab}
        onSelect={setTab}
        panelClassName={styles.tabPanel}
      >
        {result.isLoading ? (
          <p className={styles.muted} role="status">
            {t('appointments.mine.loading')}
          </p>
        ) : result.isError && !result.data ? (
          <div className={styles.inlineAlert} role="alert">
            <p>{t('appointments.mine.error')}</p>
            <Button variant="secondary" onClick={() => void result.refetch()}>
              {t('appointments.mine.retry')}
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{t(current?.empty ?? 'appointments.mine.emptyConfirmed')}</p>
            <p className={styles.muted}>{t(current?.hint ?? 'appointments.mine.emptyHint')}</p>
          </div>
        ) : (
          <ul className={styles.list}>
            {shown.map((appointment) => (
              <CustomerCard key={appointment.appointment_id} appointment={appointment} cancellations={cancellations} online={online} />
            ))}
          </ul>
        )}
      </Tabs>
    </div>
  );
}

export interface CustomerAppointmentsModalProps {
  open: boolean;
  onClose: () => void;
}

/** The customer profile's appointments modal. */
export function CustomerAppointmentsModal({ open, onClose }: CustomerAppointmentsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={t('appointments.mine.title')}>
      {open ? <CustomerAppointmentsPanel /> : null}
    </Modal>
  );
}
