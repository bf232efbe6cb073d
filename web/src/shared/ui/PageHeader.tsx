import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

export interface PageHeaderProps {
  eyebrow: string;
  title: string;
  /** The sentence under the title; omitted when null. */
  lead?: ReactNode;
  /** Test id of the lead paragraph. */
  leadTestId?: string;
  /** Actions under the lead. */
  children?: ReactNode;
}

/** The head of a simple page: a small capitalised eyebrow, the h1 and a lead sentence. */
export function PageHeader({ eyebrow, title, lead, leadTestId, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.title}>{title}</h1>
      {lead != null ? (
        <p className={styles.lead} data-testid={leadTestId}>
          {lead}
        </p>
      ) : null}
      {children}
    </header>
  );
}
