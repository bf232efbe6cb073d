import styles from './SlotOptions.module.css';

/** What an offered slot needs to be shown: its instant, and its local date and time. */
export interface OfferedSlot {
  datetime: string;
  date: string;
  time: string;
}

export interface SlotOptionsProps<S extends OfferedSlot> {
  slots: readonly S[];
  /** The long Italian day of a slot ("lunedì 23 novembre 2026"). */
  day: (slot: S) => string;
  /** The accessible name of a slot's button ("Prenota lunedì … alle 10:00"). */
  label: (slot: S) => string;
  onPick: (slot: S) => void;
  disabled?: boolean;
}

/**
 * The nearest free slots offered when the one chosen went (in the booking modal and for a refused
 * request on /appuntamenti): a list of day-and-time pills, one tap picks.
 */
export function SlotOptions<S extends OfferedSlot>({ slots, day, label, onPick, disabled = false }: SlotOptionsProps<S>) {
  return (
    <ul className={styles.list}>
      {slots.map((slot) => (
        <li key={slot.datetime}>
          <button type="button" className={styles.option} disabled={disabled} onClick={() => onPick(slot)} aria-label={label(slot)}>
            <span className={styles.day}>{day(slot)}</span>
            <span className={styles.time}>{slot.time}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
