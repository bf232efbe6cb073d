import { useId, type HTMLAttributes, type ReactNode } from 'react';
import styles from './Panel.module.css';

interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The panel's heading (an h2); it names the region. */
  title: ReactNode;
  children: ReactNode;
}

/**
 * A framed section of a page with its h2, named by it (a landmark region): the notifications
 * opt-in and the designer's "Account e sicurezza" use it. Other attributes go to the section.
 */
export function Panel({ title, children, className, ...rest }: PanelProps) {
  const titleId = useId();
  return (
    <section {...rest} className={className ? `${styles.panel} ${className}` : styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
