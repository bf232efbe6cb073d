import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { api } from '../../../shared/api/api';
import { useStaleness } from '../../../shared/api/staleSlice';
import { formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { Tabs } from '../../../shared/ui/Tabs';
import { useRunCommand } from '../../../shared/offline/command';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import {
  useDesignerAppointmentsQuery,
  type DesignerAppointment,
  type DesignerAppointmentsPage,
  type DesignerTab,
} from '../api/appointmentsApi';
import { deleteAppointment } from '../commands';
import { useAppointmentEvents } from '../hooks/useAppointmentEvents';
import { useDesignerActions } from '../hooks/useDesignerActions';
import { useHasStarted } from '../hooks/useHasStarted';
import { applyQueuedActions, cardActionState, type CardActionState, type DesignerAction, type QueuedStep } from '../lib/designerActions';
import styles from './Appointments.module.css';
import { StatusBadge } from './StatusBadge';

const TABS: ReadonlyArray<{ id: DesignerTab; label: PlainKey; empty: PlainKey }> = [
  { id: 'all', label: 'appointments.designer.tabAll', empty: 'appointments.designer.emptyAll' },
  { id: 'pending', label: 'appointments.designer.tabPending', empty: 'appointments.designer.emptyPending' },
  { id: 'confirmed', label: 'appointments.designer.tabConfirmed', empty: 'appointments.designer.emptyConfirmed' },
  { id: 'completed', label: 'appointments.designer.tabCompleted', empty: 'appointments.designer.emptyCompleted' },
];

type Busy = DesignerAction | 'delete';

const QUEUED_TEXT: Readonly<Record<DesignerAction, PlainKey>> = {
  confirm: 'appointments.designer.confirmQueued',
  reject: 'appointments.designer.rejectQueued',
  complete: 'appointments.designer.completeQueued',
};

function when(appointment: DesignerAppointment): string {
  return t('appointments.designer.when', {
    time: formatTime(appointment.appointment_date),
    date: formatWeekdayDate(appointment.appointment_date),
  });
}

interface CardProps {
  appointment: DesignerAppointment;
  /** The steps queued in the outbox for this card. */
  queue: CardActionState;
  deleting: boolean;
  error: string | null;
  onAction: (action: DesignerAction) => void;
  onDelete: () => void;
  onDismiss: (entry: QueuedStep) => void;
}

function DesignerCard({ appointment, queue, deleting, error, onAction, onDelete, onDismiss }: CardProps) {
  const titleId = useId();
  const status = queue.status;
  const busy: Busy | null = deleting ? 'delete' : queue.busy;
  const anyBusy = busy !== null || queue.queued !== null;
  const refused = queue.failed;
  // "Segna Completato" only from the call's start on (the server refuses it before, too).
  const started = useHasStarted(appointment.appointment_date);
  return (
    <li className={styles.card} aria-labelledby={titleId} aria-busy={anyBusy}>
      <div className={styles.cardHead}>
        <Avatar name={appointment.user_name} size="md" />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            {appointment.user_name}
          </h3>
          <p className={styles.contact}>
            <a className={styles.email} href={`mailto:${appointment.user_email}`}>
              {appointment.user_email}
            </a>
            {appointment.user_phone ? (
              <>
                <span className={styles.contactSeparator} aria-hidden="true">
                  {' · '}
                </span>
                <a className={styles.phone} href={`tel:${appointment.user_phone.replace(/[^\d+]/g, '')}`}>
                  {appointment.user_phone}
                </a>
              </>
            ) : null}
          </p>
        </div>
        <StatusBadge status={status} />
      </div>
      <p className={styles.whenLine}>{when(appointment)}</p>
      {appointment.message ? (
        <p className={styles.note}>
          <span className={styles.noteLabel}>{t('appointments.designer.customerMessage')}</span> {appointment.message}
        </p>
      ) : null}
      {appointment.designer_notes ? (
        <p className={styles.note}>
          <span className={styles.noteLabel}>{t('appointments.designer.notes')}</span> {appointment.designer_notes}
        </p>
      ) : null}
      {status === 'cancelled' && appointment.cancelled_by === 'customer' ? (
        <p className={styles.muted}>
          {t('appointments.designer.cancelledByCustomer')}
          {appointment.reason ? ` · ${t('appointments.designer.reason')} ${appointment.reason}` : ''}
        </p>
      ) : null}
      {error ? (
        <p className={styles.actionError} role="alert">
          {t('appointments.designer.actionFailed', { reason: error })}
        </p>
      ) : null}
      {refused ? (
        <div className={styles.inlineAlert} role="alert">
          <p>{t('appointments.designer.actionFailed', { reason: refused.error.message || t('error.unknown') })}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => onDismiss(refused.entry)}>
              {t('appointments.designer.dismiss')}
            </Button>
          </div>
        </div>
      ) : null}
      {queue.queued ? (
        <p className={styles.queued} role="status">
          {t(QUEUED_TEXT[queue.queued])}
        </p>
      ) : null}
      {status === 'pending' ? (
        <div className={styles.actions}>
          <Button onClick={() => onAction('confirm')} disabled={anyBusy} aria-busy={busy === 'confirm'}>
            {busy === 'confirm' ? t('appointments.designer.confirming') : t('appointments.designer.confirm')}
          </Button>
          <Button variant="secondary" onClick={() => onAction('reject')} disabled={anyBusy} aria-busy={busy === 'reject'}>
            {busy === 'reject' ? t('appointments.designer.rejecting') : t('appointments.designer.reject')}
          </Button>
        </div>
      ) : status === 'confirmed' ? (
        <div className={styles.actions}>
          {appointment.call_link ? (
            <a className={styles.join} href={appointment.call_link} target="_blank" rel="noopener noreferrer">
              {t('appointments.designer.join')}
            </a>
          ) : null}
          {started ? (
            <Button variant="secondary" onClick={() => onAction('complete')} disabled={anyBusy} aria-busy={busy === 'complete'}>
              {busy === 'complete' ? t('appointments.designer.completing') : t('appointments.designer.complete')}
            </Button>
          ) : (
            <p className={styles.muted}>{t('appointments.designer.completeLater')}</p>
          )}
        </div>
      ) : status === 'cancelled' ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onDelete} disabled={anyBusy} aria-busy={busy === 'delete'}>
            {busy === 'delete' ? t('appointments.designer.deleting') : t('appointments.designer.delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

interface DeleteConfirmProps {
  appointment: DesignerAppointment;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The 'Conferma Eliminazione' dialog, shown in place of the list so focus stays in one modal. */
function DeleteConfirm({ appointment, onCancel, onConfirm }: DeleteConfirmProps) {
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className={styles.confirmDialog} role="alertdialog" aria-modal="false" aria-labelledby={titleId} aria-describedby={bodyId}>
      <h3 id={titleId} className={styles.confirmTitle}>
        {t('appointments.designer.deleteTitle')}
      </h3>
      <p id={bodyId}>{t('appointments.designer.deleteBody')}</p>
      <div className={styles.confirmSummary}>
        <p className={styles.name}>{appointment.user_name}</p>
        <p className={styles.muted}>{when(appointment)}</p>
      </div>
      <div className={styles.actions}>
        <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
          {t('appointments.designer.deleteCancel')}
        </Button>
        <Button onClick={onConfirm}>{t('appointments.designer.deleteConfirm')}</Button>
      </div>
    </div>
  );
}

/**
 * 'I Miei Appuntamenti' (designer spec, section 2): tabs with counts, the designer's cards and the
 * lifecycle actions with their busy labels. Confirm, reject and complete go through the outbox, so
 * they work on a building site with no signal: the card moves at once and says the step waits for
 * the connection; a refusal on replay puts it back and says why. A button stays disabled while its
 * step is on its way, so a double click confirms once (the server refuses a second one too).
 */
export function DesignerAppointmentsPanel({ initialTab = 'all' }: { initialTab?: DesignerTab }) {
  const [tab, setTab] = useState<DesignerTab>(initialTab);
  useAppointmentEvents();
  const result = useDesignerAppointmentsQuery(tab, { refetchOnMountOrArgChange: true });
  const { stale, fetchedAt } = useStaleness(result);
  const { run: remove } = useRunCommand(deleteAppointment);
  const online = useOnline();
  const actions = useDesignerActions();
  const [removing, setRemoving] = useState<Record<number, true>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [deleting, setDeleting] = useState<DesignerAppointment | null>(null);
  // Every designer list already loaded (any tab): a card confirmed offline can appear under Confermati.
  const queries = useSelector((state: { api: ReturnType<typeof api.reducer> }) => state.api.queries);
  const known = useMemo(
    () =>
      Object.values(queries).flatMap((query) =>
        query?.endpointName === 'designerAppointments' && query.data ? (query.data as DesignerAppointmentsPage).appointments : [],
      ),
    [queries],
  );

  const act = (appointment: DesignerAppointment, action: DesignerAction): void => {
    const id = appointment.appointment_id;
    setErrors(({ [id]: _dropped, ...rest }) => rest);
    void actions.run(id, action);
  };

  const removeAppointment = async (appointment: DesignerAppointment): Promise<void> => {
    const id = appointment.appointment_id;
    if (removing[id]) return;
    setRemoving((r) => ({ ...r, [id]: true }));
    setErrors(({ [id]: _dropped, ...rest }) => rest);
    try {
      const outcome = await remove({ appointmentId: id });
      if (outcome.status === 'refused') {
        const error = outcome.error;
        // Already deleted elsewhere (another tab, a double click): the fresh list says so.
        if (error.status === 409 || error.status === 404) void result.refetch();
        else setErrors((e) => ({ ...e, [id]: error.message }));
      }
    } finally {
      setRemoving(({ [id]: _done, ...rest }) => rest);
    }
  };

  const view = applyQueuedActions(tab, result.data?.appointments ?? [], result.data?.counts, known, actions.entries, online);
  const counts = view.counts;
  const list = view.appointments;
  const current = TABS.find((item) => item.id === tab) ?? TABS[0];

  if (deleting) {
    return (
      <DeleteConfirm
        appointment={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          void removeAppointment(target);
        }}
      />
    );
  }

  return (
    <div className={styles.panel}>
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}
      <Tabs
        label={t('appointments.designer.tabs')}
        pairsWhenNarrow
        tabs={TABS.map((item) => ({
          id: item.id,
          label: (
            <>
              {t(item.label)}
              <span className={styles.count}>{counts ? counts[item.id] : '–'}</span>
            </>
          ),
        }))}
        selected={tab}
        onSelect={setTab}
        panelClassName={styles.tabPanel}
      >
        {result.isLoading || (result.isFetching && !result.data) ? (
          <p className={styles.muted} role="status">
            {t('appointments.designer.loading')}
          </p>
        ) : result.isError && !result.data ? (
          <div className={styles.inlineAlert} role="alert">
            <p>{t('appointments.designer.error')}</p>
            <Button variant="secondary" onClick={() => void result.refetch()}>
              {t('appointments.designer.retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{t(current?.empty ?? 'appointments.designer.emptyAll')}</p>
            <p className={styles.muted}>{t('appointments.designer.emptyHint')}</p>
          </div>
        ) : (
          <ul className={styles.list}>
            {list.map((appointment) => (
              <DesignerCard
                key={appointment.appointment_id}
                appointment={appointment}
                queue={cardActionState(appointment, actions.entries, online)}
                deleting={removing[appointment.appointment_id] === true}
                error={errors[appointment.appointment_id] ?? null}
                onAction={(action) => act(appointment, action)}
                onDelete={() => setDeleting(appointment)}
                onDismiss={(entry) => void actions.dismiss(entry)}
              />
            ))}
          </ul>
        )}
      </Tabs>
    </div>
  );
}

export interface DesignerAppointmentsModalProps {
  open: boolean;
  onClose: () => void;
  /** The tab it opens on (the dashboard's pending requests open it on "In attesa"). */
  initialTab?: DesignerTab;
}

/** The dashboard's 'I Miei Appuntamenti' modal. */
export function DesignerAppointmentsModal({ open, onClose, initialTab }: DesignerAppointmentsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={t('appointments.designer.title')}>
      {open ? <DesignerAppointmentsPanel initialTab={initialTab} /> : null}
    </Modal>
  );
}
