import { forwardRef, type ReactNode } from 'react';
import styles from './Alert.module.css';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  /** Make it focusable so a form can move focus to it after a failed submit. */
  focusable?: boolean;
  className?: string;
}

/**
 * A message inside the page, next to what it is about: errors are announced at once (role alert),
 * the rest politely (role status). Used instead of window.alert.
 */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { tone = 'error', title, children, focusable = false, className },
  ref,
) {
  return (
    <div
      ref={ref}
      className={`${styles.alert} ${styles[tone]} ${className ?? ''}`}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      tabIndex={focusable ? -1 : undefined}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        {tone === 'success' ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <>
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.8" fill="none" />
            <path d={tone === 'info' ? 'M12 11v6M12 7.5v.01' : 'M12 7v6M12 16.5v.01'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </>
        )}
      </svg>
      <div className={styles.content}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children}
      </div>
    </div>
  );
});
