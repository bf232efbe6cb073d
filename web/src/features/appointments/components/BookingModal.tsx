import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { BUSINESS_TIME_ZONE, formatRelative, formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Button } from '../../../shared/ui/Button';
import { Modal, whileOpen } from '../../../shared/ui/Modal';
import { discardAction } from '../../../shared/offline/outboxService';
import { useAvailableSlotsQuery, type BookingRequest, type CustomerAppointment, type Slot } from '../api/appointmentsApi';
import { useBookingRequests } from '../hooks/useBookingRequests';
import { bookingFailure, type BookingFailure } from '../lib/bookingError';
import { rebook, type QueuedBooking } from '../lib/bookingRequests';
import { useSeenSlots } from '../hooks/useSeenSlots';
import { monthGrid, monthOf, todayIn, type Month } from '../lib/calendar';
import { MAX_LENGTH, formatDateInput, isoToInput, parseDateInput, type DateInputError } from '../lib/dateInput';
import { BookingCalendar } from './BookingCalendar';
import styles from './BookingModal.module.css';
import { SlotOptions } from './SlotOptions';

/** Slots refresh this often while the modal is open (customer spec, section 9). */
export const SLOT_REFRESH_MS = 15_000;

const DATE_ERRORS: Readonly<Record<DateInputError, PlainKey>> = {
  format: 'appointments.date.format',
  invalid: 'appointments.date.invalid',
  past: 'appointments.date.past',
};

/** What a visitor chose before being asked to register: it waits in the journey and comes back. */
export interface BookingDraft {
  appointment_date: string;
  message?: string;
  phone?: string;
}

export interface BookingModalProps {
  open: boolean;
  designerId: number | undefined;
  designerName: string;
  onClose: () => void;
  onBooked: (appointment: CustomerAppointment) => void;
  /** Offline, the booking was queued as a request; the server checks it when the connection returns. */
  onQueued?: (request: BookingRequest) => void;
  /**
   * Visitors: they choose a day and a slot like anyone, and "Prenota" hands the choice over to
   * registration instead of booking.
   */
  onRequireLogin?: (draft: BookingDraft) => void;
  /** Reopened after registration: the slot chosen before (selected again if still free) and what was typed. */
  initial?: Partial<BookingDraft>;
}

function dayLabel(date: string): string {
  return formatWeekdayDate(`${date}T12:00:00Z`, 'UTC');
}

/**
 * "Orari disponibili · <day>"; with no valid day in the field the same text without the day, so the
 * heading never names a day the person is no longer asking for.
 */
function slotsHeading(date: string | null): string {
  return date ? t('appointments.slots.heading', { date: dayLabel(date) }) : t('appointments.slots.headingNoDate');
}

/**
 * Where an opening starts: today (in the business time zone), or the day of the slot chosen before
 * registering when it is not past, with that slot to select again once the slots arrive.
 */
function openingOf(initial: Partial<BookingDraft> | undefined): { today: string; day: string; wanted: string | null } {
  const today = todayIn(BUSINESS_TIME_ZONE);
  const chosen = initial?.appointment_date ? new Date(initial.appointment_date) : null;
  const chosenDay = chosen && !Number.isNaN(chosen.getTime()) ? todayIn(BUSINESS_TIME_ZONE, chosen) : null;
  if (chosenDay && chosenDay >= today) return { today, day: chosenDay, wanted: initial?.appointment_date ?? null };
  return { today, day: today, wanted: null };
}

/** The first day after `from` (or `from` itself when `inclusive`) that has a free slot, or null. */
export function firstDayWithSlots(days: ReadonlySet<string>, from: string, inclusive = true): string | null {
  const sorted = [...days].sort();
  return sorted.find((day) => (inclusive ? day >= from : day > from)) ?? null;
}

/**
 * The booking modal (customer spec, sections 2, 4, 5 and 8): it opens on today's date, takes a
 * gg/mm/aaaa date or a day from the calendar, lists that day's free slots (refreshed every 15 s),
 * clears a chosen slot that someone else took, and books it. When today has no free slot it moves
 * to the first day that has one and says so; a chosen day without slots points to the next one.
 * On a phone the slots come before the calendar, so they are in view when the modal opens.
 */
function OpenBookingModal({ open, designerId, designerName, onClose, onBooked, onQueued, onRequireLogin, initial }: BookingModalProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const dateId = useId();
  const hintId = useId();
  const errorId = useId();
  const messageId = useId();
  const phoneId = useId();
  const dateRef = useRef<HTMLInputElement>(null);

  // The opening starts from today's date, or from the day of the slot chosen before (registration).
  const [opening] = useState(() => openingOf(initial));
  const { today } = opening;
  const [dateText, setDateText] = useState(() => isoToInput(opening.day));
  const [dateError, setDateError] = useState<DateInputError | null>(null);
  /** The day in the date field; null while the field holds no valid day (empty, incomplete, impossible or past). */
  const [selectedDate, setSelectedDate] = useState<string | null>(opening.day);
  const [month, setMonth] = useState<Month>(() => monthOf(opening.day));
  const [selectedSlot, setSelectedSlot] = useState<Slot | null>(null);
  const [slotGone, setSlotGone] = useState(false);
  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [message, setMessage] = useState(initial?.message ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  /** A booking on its way: sent and awaited online, queued offline (the bookAppointment command). */
  const [sending, setSending] = useState(false);
  /** The day was chosen for the person (today, or the first day with slots), not by them. */
  const autoDay = useRef(opening.wanted === null);
  /** A slot to select again once the slots arrive (reopened after registration). */
  const wanted = useRef<string | null>(opening.wanted);
  const [movedFrom, setMovedFrom] = useState<string | null>(null);
  const requests = useBookingRequests({ designerId, enabled: designerId !== undefined });
  const stale: QueuedBooking | undefined = requests.requests.filter((r) => r.refused).at(-1);
  const waiting: QueuedBooking | undefined = requests.requests.find((r) => !r.refused);

  const cells = useMemo(() => monthGrid(month), [month]);
  const firstCell = cells[0]?.date ?? today;
  const lastCell = cells[cells.length - 1]?.date ?? today;
  const startDate = firstCell < today ? today : firstCell;
  const skip = designerId === undefined || !online || startDate > lastCell;
  const slots = useAvailableSlotsQuery(
    { designerId: designerId ?? 0, startDate, endDate: lastCell },
    { skip, pollingInterval: SLOT_REFRESH_MS, refetchOnMountOrArgChange: true },
  );
  // The slots last seen for this designer: offline, a booking may be requested on one of them.
  const seen = useSeenSlots(designerId, true, slots.isError ? undefined : slots.data);
  const offlineRequest = !online && seen !== null;
  const allSlots = online ? slots.data?.slots : seen?.slots;
  const available = useMemo(() => new Set((allSlots ?? []).map((s) => s.date)), [allSlots]);
  const daySlots = useMemo(() => (allSlots ?? []).filter((s) => s.date === selectedDate), [allSlots, selectedDate]);
  /** Only a slot of the day in the field is shown as chosen and can be booked. */
  const chosenSlot = selectedSlot && selectedSlot.date === selectedDate ? selectedSlot : null;

  // The slot chosen before registering: selected again if it is still free, else the warning.
  useEffect(() => {
    const target = wanted.current;
    if (!target || !slots.data || slots.isFetching) return;
    wanted.current = null;
    const slot = slots.data.slots.find((s) => Date.parse(s.datetime) === Date.parse(target));
    if (slot) setSelectedSlot(slot);
    else setSlotGone(true);
  }, [slots.data, slots.isFetching]);

  // Today without a free slot: move to the first day that has one, once per opening, and say so.
  useEffect(() => {
    if (!autoDay.current || !selectedDate || !slots.data || slots.isFetching) return;
    if (available.has(selectedDate)) {
      autoDay.current = false;
      return;
    }
    const first = firstDayWithSlots(available, selectedDate);
    if (!first) return;
    autoDay.current = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- moves to the first day with slots once per opening, after the slots load (pending rework, issue 18)
    setMovedFrom(selectedDate);
    setDateText(isoToInput(first));
    setSelectedDate(first);
    setMonth(monthOf(first));
  }, [slots.data, slots.isFetching, available, selectedDate]);

  // A chosen slot that a refresh no longer lists was taken meanwhile: clear it and say so.
  useEffect(() => {
    if (!selectedSlot || !slots.data || slots.isFetching) return;
    const { start_date: from, end_date: to } = slots.data;
    if (selectedSlot.date < from || selectedSlot.date > to) return;
    if (!slots.data.slots.some((s) => s.datetime === selectedSlot.datetime)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a refresh that no longer lists the chosen slot clears it (pending rework, issue 18)
      setSelectedSlot(null);
      setSlotGone(true);
    }
  }, [slots.data, slots.isFetching, selectedSlot]);

  /**
   * The person sets the day (null: the field holds none), so nothing chosen for them applies any
   * more: not the automatic day, not the slot from before registering, not a slot of another day.
   * Without a day the calendar keeps its month but highlights nothing.
   */
  const chooseDate = (date: string | null): void => {
    autoDay.current = false;
    wanted.current = null;
    setMovedFrom(null);
    setSelectedDate(date);
    if (date) setMonth(monthOf(date));
    if (selectedSlot && selectedSlot.date !== date) setSelectedSlot(null);
    setSlotGone(false);
  };

  const onDateChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const text = formatDateInput(event.currentTarget.value);
    setDateText(text);
    // The slots, the choice and the heading follow the field: a text that is not a valid day
    // (still being typed, emptied, impossible or past) leaves no day, so the previous one's slots
    // cannot stay on screen and be booked under a date the person did not enter.
    if (text.length < MAX_LENGTH) {
      setDateError(null);
      chooseDate(null);
      return;
    }
    const result = parseDateInput(text, today);
    setDateError(result.ok ? null : result.error);
    chooseDate(result.ok ? result.date : null);
  };

  const onDateBlur = (): void => {
    if (dateText === '') return;
    const result = parseDateInput(dateText, today);
    setDateError(result.ok ? null : result.error);
  };

  const pickDay = (date: string): void => {
    setDateText(isoToInput(date));
    setDateError(null);
    chooseDate(date);
  };

  const pickSlot = (slot: Slot): void => {
    setSelectedSlot(slot);
    setSlotGone(false);
    setFailure(null);
  };

  const pickAlternative = (slot: Slot): void => {
    pickDay(slot.date);
    pickSlot(slot);
  };

  const dropStale = async (): Promise<void> => {
    for (const request of requests.requests) {
      if (request.refused) await requests.dismiss(request);
    }
  };

  /**
   * Books through the bookAppointment command, whatever the connection: online the server's answer
   * comes back at once (the appointment, or a refusal shown here), offline the booking waits in the
   * outbox as a request the server checks when it arrives.
   */
  const send = async (body: BookingRequest): Promise<void> => {
    setFailure(null);
    setSending(true);
    try {
      // A request refused earlier for this designer would hold this booking back (one designer's
      // bookings go out in order); this booking settles it.
      await dropStale();
      // Awaited: a refusal is said here, once (the shell's notices leave it out).
      const outcome = await (await requests.request(body, { designerName }, { awaited: true })).settled;
      if (outcome.status === 'sent') {
        onBooked(outcome.response as CustomerAppointment);
        return;
      }
      if (outcome.status === 'queued') {
        // Offline (or the server out of reach): the server checks the slot when the request arrives.
        onQueued?.(body);
        return;
      }
      // Refused now, with the person here: this screen says why, so it does not stay behind as a request.
      await discardAction(outcome.entry.seq);
      const refusal = bookingFailure(outcome.error);
      setFailure(refusal);
      if (refusal.reloadSlots) {
        // The command's onRefused has asked for the designer's slots again.
        setSelectedSlot(null);
      }
    } finally {
      setSending(false);
    }
  };

  const submit = async (): Promise<void> => {
    if (designerId === undefined || !chosenSlot || sending) return;
    if (onRequireLogin) {
      onRequireLogin({
        appointment_date: chosenSlot.datetime,
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
      });
      return;
    }
    await send({
      designer_id: designerId,
      appointment_date: chosenSlot.datetime,
      message: message.trim() || undefined,
      phone: phone.trim() || undefined,
    });
  };

  const bookAlternative = (slot: Slot): void => {
    if (!stale || sending) return;
    pickAlternative(slot);
    void send(rebook(stale, slot));
  };

  const nextDay = selectedDate ? firstDayWithSlots(available, selectedDate, false) : null;
  const missingDesigner = designerId === undefined;
  const slotsLoading = !skip && (slots.isLoading || (slots.isFetching && !slots.data));
  const canBook = !missingDesigner && (online || offlineRequest) && chosenSlot !== null && !sending;
  const minutes = slots.data?.slot_minutes ?? seen?.slotMinutes ?? 60;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('appointments.book.title')}
      description={designerName ? t('appointments.book.with', { name: designerName, minutes }) : undefined}
      initialFocusRef={dateRef}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('appointments.book.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!canBook} aria-busy={sending}>
            {sending && online
              ? t('appointments.book.submitting')
              : online
                ? t('appointments.book.submit')
                : t('appointments.book.submitOffline')}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        {missingDesigner ? (
          <p className={styles.error} role="alert">
            {t('appointments.book.missingDesigner')}
          </p>
        ) : null}
        {stale ? (
          <div className={styles.stale} role="alert">
            <p className={styles.staleTitle}>
              {t('appointments.book.staleTitle', {
                date: formatWeekdayDate(stale.appointmentDate),
                time: formatTime(stale.appointmentDate),
              })}
            </p>
            {stale.slotGone && stale.alternatives.length > 0 ? (
              <>
                <p>{online ? t('appointments.book.staleOffer') : t('appointments.requests.offlineOffer')}</p>
                <SlotOptions
                  slots={stale.alternatives}
                  day={(slot) => dayLabel(slot.date)}
                  label={(slot) => t('appointments.requests.book', { date: dayLabel(slot.date), time: slot.time })}
                  onPick={bookAlternative}
                  disabled={!online || sending}
                />
              </>
            ) : !stale.slotGone ? (
              <p>{t('appointments.requests.refusedBody', { reason: stale.reason || t('error.unknown') })}</p>
            ) : (
              <p>{t('appointments.requests.noAlternatives')}</p>
            )}
            <Button variant="ghost" onClick={() => void requests.dismiss(stale)}>
              {t('appointments.book.staleDismiss')}
            </Button>
          </div>
        ) : null}
        {waiting ? (
          <p className={styles.offline} role="status">
            {t(online ? 'appointments.book.alreadyQueuedServer' : 'appointments.book.alreadyQueued', {
              date: formatWeekdayDate(waiting.appointmentDate),
              time: formatTime(waiting.appointmentDate),
            })}
          </p>
        ) : null}
        {!online && seen ? (
          <p className={styles.offline} role="status">
            {t('appointments.book.offlineSeen', { when: formatRelative(seen.fetchedAt) })}
          </p>
        ) : !online ? (
          <p className={styles.offline} role="status">
            {t('appointments.book.offline')}
          </p>
        ) : null}

        <div className={styles.field}>
          <label htmlFor={dateId} className={styles.label}>
            {t('appointments.book.dateLabel')}
          </label>
          <input
            ref={dateRef}
            id={dateId}
            className={styles.input}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={MAX_LENGTH}
            placeholder={t('appointments.book.datePlaceholder')}
            value={dateText}
            onChange={onDateChange}
            onBlur={onDateBlur}
            aria-invalid={dateError !== null}
            aria-describedby={dateError ? `${errorId} ${hintId}` : hintId}
          />
          {dateError ? (
            <p id={errorId} className={styles.fieldError} role="alert">
              {t(DATE_ERRORS[dateError])}
            </p>
          ) : null}
          <p id={hintId} className={styles.hint}>
            {t('appointments.book.dateHint')}
          </p>
        </div>

        <div className={styles.picker}>
          <section className={styles.slots} aria-labelledby={`${dateId}-slots`}>
            <h3 id={`${dateId}-slots`} className={styles.slotsTitle}>
              {slotsHeading(selectedDate)}
            </h3>
            {slotGone ? (
              <p className={styles.warning} role="status">
                {t('appointments.slots.gone')}
              </p>
            ) : null}
            {movedFrom && !slotGone ? (
              <p className={styles.moved} role="status">
                {t('appointments.slots.movedToFirst', { date: dayLabel(movedFrom) })}
              </p>
            ) : null}
            {(skip && !missingDesigner && !online && !offlineRequest) || selectedDate === null ? null : slotsLoading ? (
              <p className={styles.muted} role="status">
                {t('appointments.slots.loading')}
              </p>
            ) : online && slots.isError && !slots.data ? (
              <div className={styles.loadError} role="alert">
                <p>{t('appointments.slots.loadError')}</p>
                <Button variant="secondary" onClick={() => void slots.refetch()}>
                  {t('appointments.slots.retry')}
                </Button>
              </div>
            ) : daySlots.length === 0 ? (
              <div className={styles.empty}>
                <p className={styles.emptyTitle}>{t('appointments.slots.empty')}</p>
                <p className={styles.muted}>{t('appointments.slots.emptyHint')}</p>
                {nextDay ? (
                  <Button variant="secondary" onClick={() => pickDay(nextDay)}>
                    {t('appointments.slots.nextDay', { date: dayLabel(nextDay) })}
                  </Button>
                ) : null}
              </div>
            ) : (
              <div className={styles.slotGrid} role="radiogroup" aria-labelledby={`${dateId}-slots`}>
                {daySlots.map((slot) => {
                  const checked = chosenSlot?.datetime === slot.datetime;
                  return (
                    <button
                      key={slot.datetime}
                      type="button"
                      role="radio"
                      aria-checked={checked}
                      className={`${styles.slot} ${checked ? styles.slotSelected : ''}`}
                      onClick={() => pickSlot(slot)}
                    >
                      {slot.time}
                    </button>
                  );
                })}
              </div>
            )}
            {online && slots.isError && slots.data ? (
              <div className={styles.loadError} role="alert">
                <p>{t('appointments.slots.loadError')}</p>
                <Button variant="secondary" onClick={() => void slots.refetch()}>
                  {t('appointments.slots.retry')}
                </Button>
              </div>
            ) : null}
            <p className={styles.zone}>{offlineRequest ? t('appointments.slots.zoneOffline') : t('appointments.slots.zone')}</p>
          </section>
          <div className={styles.calendarWrap}>
            <BookingCalendar
              month={month}
              today={today}
              selected={selectedDate}
              available={available}
              loading={slotsLoading || (skip && !offlineRequest)}
              onMonthChange={setMonth}
              onSelect={pickDay}
            />
          </div>
        </div>

        <p className={styles.choice} aria-live="polite">
          {chosenSlot
            ? t('appointments.book.selected', { date: dayLabel(chosenSlot.date), time: chosenSlot.time })
            : t('appointments.book.chooseSlot')}
        </p>

        <div className={styles.extras}>
          <div className={styles.field}>
            <label htmlFor={messageId} className={styles.label}>
              {t('appointments.book.message')}
            </label>
            <textarea
              id={messageId}
              className={styles.textarea}
              rows={3}
              maxLength={2000}
              value={message}
              placeholder={t('appointments.book.messageHint')}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={phoneId} className={styles.label}>
              {t('appointments.book.phone')}
            </label>
            <input
              id={phoneId}
              className={styles.input}
              type="tel"
              autoComplete="tel"
              maxLength={40}
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
            />
          </div>
        </div>

        {failure ? (
          <div className={styles.failure} role="alert">
            <p>{t(failure.message)}</p>
            {failure.needsLogin ? (
              <Button variant="secondary" onClick={() => navigate(`/login?returnTo=${encodeURIComponent(window.location.pathname)}`)}>
                {t('appointments.book.login')}
              </Button>
            ) : null}
            {failure.alternatives.length > 0 ? (
              <div className={styles.alternatives}>
                <p className={styles.alternativesTitle}>{t('appointments.book.alternatives')}</p>
                <SlotOptions
                  slots={failure.alternatives}
                  day={(slot) => dayLabel(slot.date)}
                  label={(slot) => t('appointments.book.alternative', { date: dayLabel(slot.date), time: slot.time })}
                  onPick={pickAlternative}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * Each opening starts afresh (today, or the slot chosen before registering, and what was typed then)
 * in the render that shows the dialog; nothing of a previous opening is kept.
 */
export const BookingModal = whileOpen(OpenBookingModal);
