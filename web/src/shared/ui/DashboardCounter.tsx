import type { ReactNode } from 'react';
import { formatNumber } from '../i18n/numbers';
import styles from './DashboardCounter.module.css';

export interface DashboardCounterProps {
  label: string;
  /** The number, or null while it loads. */
  value: number | null;
  icon: ReactNode;
  /** Opens the feature's modal (statistics, chat, appointments, availability). */
  onOpen?: () => void;
  /** Extra words for screen readers ("3 non letti"). */
  description?: string;
  highlight?: boolean;
}

/**
 * One of the designer dashboard's four counters (likes, messages, confirmed appointments,
 * availability settings). Each feature renders its own counter with this tile so the row looks like
 * one piece; a counter with onOpen is a button that opens the feature's modal.
 */
export function DashboardCounter({ label, value, icon, onOpen, description, highlight = false }: DashboardCounterProps) {
  const content = (
    <>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.value} aria-busy={value === null ? true : undefined}>
        {value === null ? '·' : formatNumber(value)}
      </span>
      <span className={styles.label}>{label}</span>
      {description ? <span className="visually-hidden">{description}</span> : null}
    </>
  );
  const className = `${styles.counter} ${highlight ? styles.highlight : ''}`;
  return onOpen ? (
    <button type="button" className={`${className} ${styles.action}`} onClick={onOpen}>
      {content}
    </button>
  ) : (
    <div className={className}>{content}</div>
  );
}
