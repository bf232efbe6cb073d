import { useEffect, useId, useRef, useState } from 'react';
import { useStaleness } from '../../../shared/api/staleSlice';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/availability';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Button } from '../../../shared/ui/Button';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { useWeeklyAvailabilityQuery, type AvailabilityWindow } from '../api/availabilityApi';
import { useQueuedEntry } from '../../../shared/offline/useQueued';
import { useAvailabilityQueue } from '../hooks/useAvailabilityQueue';
import { useEditorOnScreen } from '../lib/editorsOnScreen';
import { slotsOf } from '../lib/queued';
import { ConflictPanel } from './ConflictPanel';
import {
  QUARTERS,
  addSlot,
  fromServer,
  hhmm,
  invalidSlots,
  overlappingDays,
  overlappingSlots,
  removeSlot,
  setActive,
  setEnd,
  setStart,
  toPayload,
  type EditorSlot,
  type EditorWeek,
} from '../lib/week';
import styles from './AvailabilityEditor.module.css';

const DAY_KEYS: readonly PlainKey[] = [
  'availability.day0',
  'availability.day1',
  'availability.day2',
  'availability.day3',
  'availability.day4',
  'availability.day5',
  'availability.day6',
];

function dayName(day: number): string {
  return t(DAY_KEYS[day] ?? 'availability.day0');
}

interface TimeProps {
  value: number;
  label: string;
  onChange: (minutes: number) => void;
  invalid?: boolean;
}

/** Built once: the editor has fourteen or more selects, and re-creating 96 options each render is costly. */
const QUARTER_OPTIONS = QUARTERS.map((minutes) => (
  <option key={minutes} value={minutes}>
    {hhmm(minutes)}
  </option>
));

/** One select of quarter hours (00:00–23:45): only the spec's hours and minutes can be chosen. */
function TimeInput({ value, label, onChange, invalid = false }: TimeProps) {
  return (
    <select
      className={styles.select}
      aria-label={label}
      aria-invalid={invalid}
      value={value}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    >
      {QUARTER_OPTIONS}
    </select>
  );
}

interface RowProps {
  day: number;
  index: number;
  slot: EditorSlot;
  only: boolean;
  invalid: boolean;
  clash: boolean;
  onChange: (week: (week: EditorWeek) => EditorWeek) => void;
}

function SlotRow({ day, index, slot, only, invalid, clash, onChange }: RowProps) {
  const vars = { day: dayName(day), n: index + 1 };
  const errorId = useId();
  return (
    <li className={[styles.row, slot.active ? '' : styles.inactive, clash ? styles.clash : ''].filter(Boolean).join(' ')}>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={slot.active}
          aria-label={t('availability.activeLabel', vars)}
          onChange={(event) => {
            const active = event.currentTarget.checked;
            onChange((w) => setActive(w, day, index, active));
          }}
        />
        <span aria-hidden="true">{t('availability.active')}</span>
      </label>
      <span className={styles.range} aria-describedby={invalid ? errorId : undefined}>
        <span className={styles.word}>{t('availability.from')}</span>
        <TimeInput value={slot.start} invalid={clash} label={t('availability.start', vars)} onChange={(start) => onChange((w) => setStart(w, day, index, start))} />
        <span className={styles.word}>{t('availability.to')}</span>
        <TimeInput
          value={slot.end}
          invalid={invalid || clash}
          label={t('availability.end', vars)}
          onChange={(end) => onChange((w) => setEnd(w, day, index, end))}
        />
      </span>
      <button
        type="button"
        className={styles.remove}
        onClick={() => onChange((w) => removeSlot(w, day, index))}
        disabled={only}
        aria-label={t('availability.removeLabel', vars)}
        title={only ? t('availability.keepOne') : undefined}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
        </svg>
      </button>
      {invalid ? (
        <p id={errorId} className={styles.rowError}>
          {t('availability.endBeforeStart')}
        </p>
      ) : null}
    </li>
  );
}

export interface AvailabilityEditorProps {
  designerId: number;
  /** Raised after a successful save with the stored week. */
  onSaved?: (windows: AvailabilityWindow[]) => void;
  /** Raised when a save fails, with the Italian message shown. */
  onError?: (message: string) => void;
}

/**
 * 'Gestione Disponibilità': the designer's week, day by day. Each day keeps at least one slot (turn
 * it off for a day without calls); overlapping active slots and ends before starts are caught here,
 * before the server refuses them.
 *
 * Saving goes through the outbox ('availability.update', one entity per designer), so it works
 * offline: the queued week shows at once (here and on the dashboard counter) and is sent when the
 * connection returns. A week that leaves out upcoming bookings is refused: the editor then lists them
 * and lets the designer keep them and save anyway, go back to editing, or keep the old week.
 */
export function AvailabilityEditor({ designerId, onSaved, onError }: AvailabilityEditorProps) {
  const online = useOnline();
  const result = useWeeklyAvailabilityQuery(designerId, { refetchOnMountOrArgChange: true });
  const { stale, fetchedAt } = useStaleness(result);
  const queue = useAvailabilityQueue(designerId);
  useEditorOnScreen();
  const [week, setWeek] = useState<EditorWeek | null>(null);
  const [dirty, setDirty] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  /** The outbox entry of this editor's last save, followed until the server answers. */
  const [sentSeq, setSentSeq] = useState<number | null>(null);
  const headingPrefix = useId();
  const tracked = useQueuedEntry(sentSeq);
  /**
   * Counts the person's edits. A save marks the editor clean only if nothing was edited while it was
   * being queued: a fast refusal can bring back the conflict view, and "Modifica la settimana" there,
   * before the save's own continuation runs, and that draft must not be replaced by the server's week.
   */
  const edits = useRef(0);
  const callbacks = useRef({ onSaved, onError });
  // eslint-disable-next-line react-hooks/refs -- keeps the latest callbacks for the outbox effect below without re-running it; never read during render
  callbacks.current = { onSaved, onError };

  const queuedSlots = queue.queued ? slotsOf(queue.queued.body) : null;
  const shown = queuedSlots ?? result.data;
  // While clean, the editor follows the stored (or queued) week. Adjusted during render, not in an
  // effect, so a new week never shows the old one for a commit first.
  const [followed, setFollowed] = useState<{ shown: readonly AvailabilityWindow[] | undefined; dirty: boolean }>({ shown: undefined, dirty: false });
  if (followed.shown !== shown || followed.dirty !== dirty) {
    setFollowed({ shown, dirty });
    if (shown && !dirty) setWeek(fromServer(shown));
  }

  useEffect(() => {
    if (!tracked || sentSeq === null) return;
    if (tracked.state === 'sent') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- reacts to the outbox entry's state arriving from IndexedDB (an external store)
      setSentSeq(null);
      setFeedback({ tone: 'ok', text: t('availability.saved') });
      const stored = slotsOf(tracked.response);
      if (stored) callbacks.current.onSaved?.(stored);
    } else if (tracked.state === 'failed') {
      setSentSeq(null);
      const text = tracked.lastError?.message ?? t('availability.error');
      if (tracked.lastError?.reason !== 'availability_conflict') setFeedback({ tone: 'error', text });
      callbacks.current.onError?.(text);
    }
  }, [tracked, sentSeq]);

  const refusal = queue.refused;
  if (refusal && queue.conflicts.length > 0) {
    const refusedSlots = slotsOf(refusal.body);
    return (
      <ConflictPanel
        conflicts={queue.conflicts}
        onKeep={async () => {
          if (!refusedSlots) return;
          const before = edits.current;
          const { entry } = await queue.save(refusedSlots, queue.conflicts.map((conflict) => conflict.id));
          setSentSeq(entry.seq);
          if (edits.current !== before) return;
          setDirty(false);
          setFeedback(null);
        }}
        onEdit={async () => {
          edits.current += 1;
          if (refusedSlots) setWeek(fromServer(refusedSlots));
          setDirty(true);
          setFeedback(null);
          await queue.discard();
        }}
        onDiscard={async () => {
          edits.current += 1;
          setDirty(false);
          setFeedback(null);
          await queue.discard();
        }}
      />
    );
  }

  if (!week) {
    if (result.isError) {
      return (
        <div className={styles.alert} role="alert">
          <p>{t('availability.loadError')}</p>
          <Button variant="secondary" onClick={() => void result.refetch()}>
            {t('availability.retry')}
          </Button>
        </div>
      );
    }
    return (
      <p className={styles.muted} role="status">
        {t('availability.loading')}
      </p>
    );
  }

  const change = (edit: (week: EditorWeek) => EditorWeek): void => {
    edits.current += 1;
    setWeek((current) => (current ? edit(current) : current));
    setDirty(true);
    setFeedback(null);
  };
  const invalid = invalidSlots(week);
  const overlaps = overlappingDays(week);
  const clashing = overlappingSlots(week);
  const blocked = invalid.size > 0 || overlaps.length > 0;
  const sending = queue.queued !== null && online;

  const submit = async (): Promise<void> => {
    if (blocked) return;
    const before = edits.current;
    const { entry } = await queue.save(toPayload(week));
    setSentSeq(entry.seq);
    if (edits.current !== before) return;
    setDirty(false);
    setFeedback(null);
  };

  // Nothing stored and nothing waiting to be sent: the week below is only a proposal, and customers
  // find no slot until it is saved.
  const neverSaved = shown !== undefined && shown.length === 0;
  let status: string | null = null;
  if (queue.queued && !online) status = t('availability.queued');
  else if (!online) status = t('availability.offlineEdit');

  return (
    <div className={styles.editor}>
      <p className={styles.lead}>{t('availability.lead')}</p>
      {neverSaved ? <p className={styles.offline}>{t('availability.unsaved')}</p> : null}
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}
      {status ? (
        <p className={styles.offline} role="status">
          {status}
        </p>
      ) : null}
      <div className={styles.days}>
        {week.map((slots, day) => {
          const off = slots.every((s) => !s.active);
          const headingId = `${headingPrefix}-day-${day}`;
          return (
            <section key={day} className={styles.day} aria-labelledby={headingId}>
              <div className={styles.dayHead}>
                <h3 id={headingId} className={styles.dayName}>
                  {dayName(day)}
                </h3>
                {off ? <span className={styles.dayOff}>{t('availability.dayOff')}</span> : null}
              </div>
              <ul className={styles.rows}>
                {slots.map((slot, index) => (
                  <SlotRow
                    key={slot.key}
                    day={day}
                    index={index}
                    slot={slot}
                    only={slots.length === 1}
                    invalid={invalid.has(slot.key)}
                    clash={clashing.has(slot.key)}
                    onChange={change}
                  />
                ))}
              </ul>
              {overlaps.includes(day) ? (
                <p className={styles.dayError} role="alert">
                  {t('availability.overlap', { day: dayName(day) })}
                </p>
              ) : null}
              <button
                type="button"
                className={styles.add}
                onClick={() => change((w) => addSlot(w, day))}
                aria-label={t('availability.addLabel', { day: dayName(day) })}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
                </svg>
                {t('availability.add')}
              </button>
            </section>
          );
        })}
      </div>
      <p className={styles.muted}>{t('availability.keepOne')}</p>
      <div className={styles.footer}>
        {feedback ? (
          <p className={feedback.tone === 'ok' ? styles.saved : styles.error} role={feedback.tone === 'ok' ? 'status' : 'alert'}>
            {feedback.text}
          </p>
        ) : blocked ? (
          <p className={styles.error}>{t('availability.fixErrors')}</p>
        ) : null}
        <Button onClick={() => void submit()} disabled={blocked || sending} aria-busy={sending}>
          {sending ? t('availability.sending') : t('availability.save')}
        </Button>
      </div>
    </div>
  );
}
