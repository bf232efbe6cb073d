import { useMemo } from 'react';
import { formatMonthYear, formatWeekdayDate } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { addMonths, monthGrid, sameMonth, type Month } from '../lib/calendar';
import styles from './BookingCalendar.module.css';

export interface BookingCalendarProps {
  month: Month;
  today: string;
  /** The day in the booking's date field, highlighted; null when the field holds no valid day. */
  selected: string | null;
  /** Days with at least one free slot; every other day is disabled. */
  available: ReadonlySet<string>;
  /** Until the first answer arrives, days are not marked unavailable. */
  loading: boolean;
  onMonthChange: (month: Month) => void;
  onSelect: (date: string) => void;
}

/** The 42-cell month view: past days and days without free slots are disabled. */
export function BookingCalendar({ month, today, selected, available, loading, onMonthChange, onSelect }: BookingCalendarProps) {
  const cells = useMemo(() => monthGrid(month), [month]);
  const weekdays = t('appointments.calendar.weekdays').split(' ');
  const atCurrentMonth = sameMonth(month, { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const title = formatMonthYear(new Date(Date.UTC(month.year, month.month - 1, 1)), 'UTC');
  const rows = Array.from({ length: 6 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  return (
    <div className={styles.calendar} role="group" aria-label={t('appointments.calendar.label')}>
      <div className={styles.header}>
        <button
          type="button"
          className={styles.nav}
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={atCurrentMonth}
          aria-label={t('appointments.calendar.previous')}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <p className={styles.month} aria-live="polite">
          {title}
        </p>
        <button type="button" className={styles.nav} onClick={() => onMonthChange(addMonths(month, 1))} aria-label={t('appointments.calendar.next')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      <table className={styles.grid}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" className={styles.weekday}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]?.date}>
              {row.map((cell) => {
                const past = cell.date < today;
                const offered = available.has(cell.date);
                const disabled = past || (!loading && !offered);
                const isSelected = cell.date === selected;
                const classes = [
                  styles.day,
                  cell.inMonth ? '' : styles.outside,
                  offered && !past ? styles.offered : '',
                  isSelected ? styles.selected : '',
                  cell.date === today ? styles.today : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={cell.date} className={styles.cell}>
                    <button
                      type="button"
                      className={classes}
                      disabled={disabled}
                      aria-pressed={isSelected}
                      aria-label={`${formatWeekdayDate(`${cell.date}T12:00:00Z`, 'UTC')}${cell.date === today ? `, ${t('appointments.calendar.today')}` : ''}`}
                      onClick={() => onSelect(cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.legend}>{t('appointments.calendar.legend')}</p>
    </div>
  );
}
