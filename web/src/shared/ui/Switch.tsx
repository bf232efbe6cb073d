import { useId } from 'react';
import styles from './Switch.module.css';

export interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** Locked switches show their state and cannot change (essential cookies). */
  locked?: boolean;
  lockedLabel?: string;
}

/** A labelled on/off switch built on a native checkbox, so keyboards and screen readers get it for free. */
export function Switch({ label, description, checked, onChange, locked = false, lockedLabel }: SwitchProps) {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {locked && lockedLabel ? <span className={styles.locked}>{lockedLabel}</span> : null}
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={styles.input}
          checked={checked}
          disabled={locked}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => onChange?.(event.currentTarget.checked)}
        />
      </div>
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
