import { useId, useState } from 'react';
import { formatTime, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import { useStaleness } from '../../../shared/api/staleSlice';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { useCustomerAppointmentsQuery, type CustomerAppointment } from '../api/appointmentsApi';
import { useCancellations, type Cancellations } from '../hooks/useCancellations';
import { buildIcs } from '../lib/ics';
import { initials, thumbnail } from '../lib/status';
import { nextTab } from '../../../shared/lib/tabs';
import styles from './Appointments.module.css';
import { StatusBadge } from './StatusBadge';

type Tab = 'confirmed' | 'pending';

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

function Avatar({ name, picture }: { name: string; picture: string }) {
  const [broken, setBroken] = useState(false);
  if (picture && !broken) {
    return <img className={styles.avatar} src={thumbnail(picture)} alt="" width={48} height={48} loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initials(name)}
    </span>
  );
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
        <Avatar name={appointment.designer_name} picture={appointment.designer_profile_picture} />
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

/**
 * The customer's appointments with the two tabs of the spec, Confermati and In Attesa. The list is
 * the last copy in IndexedDB when offline; cancelling a pending request works offline too.
 */
export function CustomerAppointmentsPanel() {
  const [tab, setTab] = useState<Tab>('confirmed');
  const online = useOnline();
  const result = useCustomerAppointmentsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { stale, fetchedAt } = useStaleness(result);
  const cancellations = useCancellations();
  const tabsId = useId();
  const list = result.data?.appointments ?? [];
  const byTab: Record<Tab, CustomerAppointment[]> = {
    confirmed: list.filter((a) => a.status === 'confirmed'),
    pending: list.filter((a) => a.status === 'pending'),
  };
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: 'confirmed', label: t('appointments.mine.tabConfirmed') },
    { id: 'pending', label: t('appointments.mine.tabPending') },
  ];
  const shown = byTab[tab];
  return (
    <div className={styles.panel}>
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={t('appointments.mine.tabs')}
        onKeyDown={(event) => {
          const next = nextTab(event, ['confirmed', 'pending'] as const, tab);
          if (next) {
            setTab(next);
            document.getElementById(`${tabsId}-${next}`)?.focus();
          }
        }}
      >
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${tabsId}-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            aria-selected={tab === item.id}
            aria-controls={`${tabsId}-panel`}
            className={`${styles.tab} ${tab === item.id ? styles.tabActive : ''}`}
            onClick={() => setTab(item.id)}
          >
            {item.label}
            <span className={styles.count}>{byTab[item.id].length}</span>
          </button>
        ))}
      </div>
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} className={styles.tabPanel}>
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
            <p className={styles.emptyTitle}>{tab === 'confirmed' ? t('appointments.mine.emptyConfirmed') : t('appointments.mine.emptyPending')}</p>
            <p className={styles.muted}>{t('appointments.mine.emptyHint')}</p>
          </div>
        ) : (
          <ul className={styles.list}>
            {shown.map((appointment) => (
              <CustomerCard key={appointment.appointment_id} appointment={appointment} cancellations={cancellations} online={online} />
            ))}
          </ul>
        )}
      </div>
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
