import { useEffect, useId, useState } from 'react';
import type { AppError } from '../../../shared/api/errors';
import { t, type PlainKey } from '../../../shared/i18n/t';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Button } from '../../../shared/ui/Button';
import { useSaveAvailabilityMutation, useWeeklyAvailabilityQuery, type AvailabilityWindow } from '../api/availabilityApi';
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
      {QUARTERS.map((minutes) => (
        <option key={minutes} value={minutes}>
          {hhmm(minutes)}
        </option>
      ))}
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
 */
export function AvailabilityEditor({ designerId, onSaved, onError }: AvailabilityEditorProps) {
  const online = useOnline();
  const result = useWeeklyAvailabilityQuery(designerId, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveAvailabilityMutation();
  const [week, setWeek] = useState<EditorWeek | null>(null);
  const [dirty, setDirty] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const headingPrefix = useId();

  useEffect(() => {
    if (result.data && !dirty) setWeek(fromServer(result.data));
  }, [result.data, dirty]);

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
    setWeek((current) => (current ? edit(current) : current));
    setDirty(true);
    setFeedback(null);
  };
  const invalid = invalidSlots(week);
  const overlaps = overlappingDays(week);
  const clashing = overlappingSlots(week);
  const blocked = invalid.size > 0 || overlaps.length > 0;

  const submit = async (): Promise<void> => {
    if (blocked || saving.isLoading || !online) return;
    try {
      const stored = await save({ designerId, slots: toPayload(week) }).unwrap();
      setDirty(false);
      setWeek(fromServer(stored));
      setFeedback({ tone: 'ok', text: t('availability.saved') });
      onSaved?.(stored);
    } catch (caught) {
      const error = caught as AppError;
      const text = error.reason === 'availability_overlap' ? t('availability.fixErrors') : t('availability.error');
      setFeedback({ tone: 'error', text });
      onError?.(text);
    }
  };

  return (
    <div className={styles.editor}>
      <p className={styles.lead}>{t('availability.lead')}</p>
      {!online ? (
        <p className={styles.offline} role="status">
          {t('availability.offline')}
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
        <Button onClick={() => void submit()} disabled={blocked || saving.isLoading || !online} aria-busy={saving.isLoading}>
          {saving.isLoading ? t('availability.saving') : t('availability.save')}
        </Button>
      </div>
    </div>
  );
}
