import styles from './Logo.module.css';

export interface LogoProps {
  /** Light text for dark backgrounds. */
  tone?: 'ink' | 'light';
  /** Hide the word and keep the mark. */
  compact?: boolean;
}

/** The Interno mark (an open arch with a doorway, the threshold of a home) and the wordmark. */
export function Logo({ tone = 'ink', compact = false }: LogoProps) {
  return (
    <span className={`${styles.logo} ${tone === 'light' ? styles.light : ''}`}>
      <svg className={styles.mark} viewBox="0 0 40 40" aria-hidden="true">
        <rect width="40" height="40" rx="11" fill="var(--color-accent)" />
        <path d="M11 31V19a9 9 0 0 1 18 0v12" fill="none" stroke="#fffdf9" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M17 31v-9a3 3 0 0 1 6 0v9" fill="#fffdf9" />
        <path d="M8 31h24" stroke="#fffdf9" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      {compact ? null : <span className={styles.word}>Interno</span>}
    </span>
  );
}
