import type { ReactNode } from 'react';
import styles from './StatusPanel.module.css';

export interface StatusPanelProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  art?: 'doorway' | 'lock' | 'plan';
  /** role="alert" for failures that appear after an action. */
  alert?: boolean;
}

function Art({ kind }: { kind: NonNullable<StatusPanelProps['art']> }) {
  if (kind === 'lock') {
    return (
      <svg className={styles.art} viewBox="0 0 160 160" aria-hidden="true">
        <circle cx="80" cy="80" r="74" fill="var(--color-accent-soft)" />
        <rect x="48" y="72" width="64" height="50" rx="10" fill="var(--color-surface)" stroke="var(--color-border-strong)" strokeWidth="3" />
        <path d="M60 72V58a20 20 0 0 1 40 0v14" fill="none" stroke="var(--color-text)" strokeWidth="4" strokeLinecap="round" />
        <circle cx="80" cy="94" r="6" fill="var(--color-accent)" />
        <path d="M80 98v10" stroke="var(--color-accent)" strokeWidth="4" strokeLinecap="round" />
      </svg>
    );
  }
  if (kind === 'plan') {
    return (
      <svg className={styles.art} viewBox="0 0 160 160" aria-hidden="true">
        <circle cx="80" cy="80" r="74" fill="var(--color-sage-soft)" />
        <rect x="40" y="42" width="80" height="76" rx="6" fill="var(--color-surface)" stroke="var(--color-border-strong)" strokeWidth="3" />
        <path d="M40 80h40v38M80 62h40M96 62v18" stroke="var(--color-text)" strokeWidth="3" fill="none" />
        <path d="M58 100h8" stroke="var(--color-accent)" strokeWidth="4" strokeLinecap="round" />
        <circle cx="104" cy="100" r="8" fill="none" stroke="var(--color-accent)" strokeWidth="3" strokeDasharray="4 4" />
      </svg>
    );
  }
  return (
    <svg className={styles.art} viewBox="0 0 160 160" aria-hidden="true">
      <circle cx="80" cy="80" r="74" fill="var(--color-sage-soft)" />
      <path d="M42 136V76a38 38 0 0 1 76 0v60z" fill="var(--color-surface)" stroke="var(--color-border-strong)" strokeWidth="3" />
      <path d="M54 136V78a26 26 0 0 1 52 0v58" fill="var(--color-bg-alt)" />
      <circle cx="98" cy="106" r="3.5" fill="var(--color-accent)" />
      <path d="M26 136h108" stroke="var(--color-text)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A full-page message: not found, access denied, load failures. */
export function StatusPanel({ title, children, actions, art = 'doorway', alert = false }: StatusPanelProps) {
  return (
    <section className={styles.panel} role={alert ? 'alert' : undefined}>
      <Art kind={art} />
      <h1 className={styles.title}>{title}</h1>
      {children ? <div className={styles.body}>{children}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
