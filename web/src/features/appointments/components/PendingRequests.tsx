import { useEffect, useId, useRef, useState } from 'react';
import { formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField } from '../../../shared/ui/Field';
import { useDesignerAppointmentsQuery, type DesignerAppointment } from '../api/appointmentsApi';
import { useAppointmentEvents } from '../hooks/useAppointmentEvents';
import { useDesignerActions, type DesignerActions } from '../hooks/useDesignerActions';
import { cardActionState, type CardActionState, type DesignerAction } from '../lib/designerActions';
import { MAX_REASON_LENGTH, pendingCount } from '../lib/pendingRequests';
import styles from './PendingRequests.module.css';

/** How many requests the dashboard lists; the rest are one tap away in 'I Miei Appuntamenti'. */
export const SHOWN_REQUESTS = 3;

/** A fallback for a stream that cannot stay open (a proxy that buffers): the list is asked again. */
const FALLBACK_POLL_MS = 60_000;

const QUEUED_TEXT: Readonly<Record<DesignerAction, PlainKey>> = {
  confirm: 'appointments.designer.confirmQueued',
  reject: 'appointments.designer.rejectQueued',
  complete: 'appointments.designer.completeQueued',
};

const DONE_TEXT: Readonly<Record<'confirm' | 'reject', 'appointments.pending.confirmed' | 'appointments.pending.rejected'>> = {
  confirm: 'appointments.pending.confirmed',
  reject: 'appointments.pending.rejected',
};

interface RequestCardProps {
  appointment: DesignerAppointment;
  queue: CardActionState;
  actions: DesignerActions;
  onActed: (appointment: DesignerAppointment, action: 'confirm' | 'reject') => void;
}

/** One request: who, when, their message, and Conferma / Rifiuta right here (Rifiuta asks for an optional reason). */
function RequestCard({ appointment, queue, actions, onActed }: RequestCardProps) {
  const titleId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (rejecting) reasonRef.current?.focus();
  }, [rejecting]);
  const busy = queue.busy;
  const waiting = busy !== null || queue.queued !== null;
  const act = (action: 'confirm' | 'reject'): void => {
    onActed(appointment, action);
    setRejecting(false);
    void actions.run(appointment.appointment_id, action, action === 'reject' ? reason : '');
  };
  return (
    <li className={styles.card} aria-labelledby={titleId} aria-busy={waiting}>
      <div className={styles.head}>
        <Avatar name={appointment.user_name} size="sm" tone="accent" />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            {appointment.user_name}
          </h3>
          <p className={styles.when}>
            {t('appointments.pending.when', {
              date: formatWeekdayDate(appointment.appointment_date),
              time: formatTime(appointment.appointment_date),
            })}
          </p>
        </div>
      </div>
      {appointment.message ? <p className={styles.message}>{appointment.message}</p> : null}
      {queue.failed ? (
        <div className={styles.refused} role="alert">
          <p>{t('appointments.designer.actionFailed', { reason: queue.failed.error.message || t('error.unknown') })}</p>
          <Button variant="secondary" onClick={() => queue.failed && void actions.dismiss(queue.failed.entry)}>
            {t('appointments.designer.dismiss')}
          </Button>
        </div>
      ) : null}
      {queue.queued ? (
        <p className={styles.queued} role="status">
          {t(QUEUED_TEXT[queue.queued])}
        </p>
      ) : rejecting ? (
        <div className={styles.reject} role="group" aria-label={t('appointments.pending.rejectGroup', { name: appointment.user_name })}>
          <TextAreaField
            ref={reasonRef}
            label={t('appointments.pending.reasonLabel')}
            optional
            hint={t('appointments.pending.reasonHint')}
            value={reason}
            maxLength={MAX_REASON_LENGTH}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              {t('appointments.pending.keep')}
            </Button>
            <Button variant="secondary" onClick={() => act('reject')}>
              {t('appointments.pending.rejectConfirm')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => act('confirm')} disabled={waiting} aria-busy={busy === 'confirm'}>
            {busy === 'confirm' ? t('appointments.designer.confirming') : t('appointments.designer.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => setRejecting(true)} disabled={waiting} aria-busy={busy === 'reject'}>
            {busy === 'reject' ? t('appointments.designer.rejecting') : t('appointments.designer.reject')}
          </Button>
        </div>
      )}
    </li>
  );
}

export interface PendingRequestsProps {
  /** Opens 'I Miei Appuntamenti' on its pending tab, for the requests beyond the first few. */
  onOpenAll?: () => void;
  /** Opens 'I Miei Appuntamenti' on every appointment: where a confirmed call's link is. */
  onOpenAppointments?: () => void;
}

/**
 * The designer dashboard's first section: how many booking requests wait for an answer and the next
 * ones, each confirmed or turned down right here. A booking made anywhere reaches it within a moment
 * through the event stream (no reload); the list is kept on the device, so the installed app opens
 * it offline, and Conferma / Rifiuta go through the outbox like in 'I Miei Appuntamenti'.
 */
export function PendingRequests({ onOpenAll, onOpenAppointments }: PendingRequestsProps) {
  const titleId = useId();
  useAppointmentEvents();
  const online = useOnline();
  const actions = useDesignerActions();
  const result = useDesignerAppointmentsQuery('pending', { refetchOnMountOrArgChange: true, pollingInterval: FALLBACK_POLL_MS });
  const [done, setDone] = useState<{ id: number; name: string; action: 'confirm' | 'reject' } | null>(null);

  const list = result.data?.appointments ?? [];
  const states = new Map(list.map((appointment) => [appointment.appointment_id, cardActionState(appointment, actions.entries, online)]));
  const count = pendingCount(result.data?.counts.pending ?? list.length, [...states.values()]);
  // The server lists upcoming requests soonest first.
  const shown = list.slice(0, SHOWN_REQUESTS);
  // Say what happened once the request has left the list (the server has it, or it waits offline).
  const finished = done !== null && result.data !== undefined && !list.some((a) => a.appointment_id === done.id);
  // The card that had the focus (its Conferma or Rifiuta) has gone: the focus goes to what replaced it,
  // the notice's button or the notice, unless it has already moved on elsewhere.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const notice = noticeRef.current;
    if (!finished || !notice) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    (notice.querySelector<HTMLElement>('button') ?? notice).focus();
  }, [finished, done]);

  return (
    <section className={`${styles.section} ${count > 0 ? styles.urgent : ''}`} aria-labelledby={titleId}>
      <div className={styles.top}>
        <h2 id={titleId} className={styles.title}>
          {t('appointments.pending.title')}
        </h2>
        {result.data ? (
          <span className={styles.badge} aria-hidden="true">
            {count}
          </span>
        ) : null}
      </div>
      <p className={styles.summary} aria-live="polite">
        {!result.data
          ? result.isError
            ? t('appointments.designer.error')
            : t('appointments.designer.loading')
          : count === 0
            ? t('appointments.pending.none')
            : t('appointments.pending.count', { count })}
      </p>
      {finished && done ? (
        <div ref={noticeRef} className={styles.done} tabIndex={-1}>
          <p role="status">{t(DONE_TEXT[done.action], { name: done.name })}</p>
          {done.action === 'confirm' && onOpenAppointments ? (
            <button type="button" className={styles.doneAction} onClick={onOpenAppointments} aria-haspopup="dialog">
              {t('appointments.pending.openConfirmed')}
            </button>
          ) : null}
        </div>
      ) : null}
      {result.data && count === 0 ? <p className={styles.hint}>{t('appointments.pending.noneHint')}</p> : null}
      {result.isError && !result.data ? (
        <Button variant="secondary" onClick={() => void result.refetch()}>
          {t('appointments.designer.retry')}
        </Button>
      ) : null}
      {shown.length > 0 ? (
        <ul className={styles.list}>
          {shown.map((appointment) => (
            <RequestCard
              key={appointment.appointment_id}
              appointment={appointment}
              queue={states.get(appointment.appointment_id) ?? cardActionState(appointment, actions.entries, online)}
              actions={actions}
              onActed={(a, action) => setDone({ id: a.appointment_id, name: a.user_name, action })}
            />
          ))}
        </ul>
      ) : null}
      {count > shown.length && onOpenAll ? (
        <Button variant="ghost" className={styles.all} onClick={onOpenAll}>
          {t('appointments.pending.all', { count })}
        </Button>
      ) : null}
    </section>
  );
}
