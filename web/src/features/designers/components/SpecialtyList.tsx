import styles from './SpecialtyList.module.css';

/** Style specialties (or work modes) as quiet tags. */
export function SpecialtyList({ specialties, tone = 'sand' }: { specialties: readonly string[]; tone?: 'sand' | 'sage' }) {
  return (
    <ul className={`${styles.list} ${tone === 'sage' ? styles.sage : ''}`}>
      {specialties.map((specialty) => (
        <li key={specialty} className={styles.tag}>
          {specialty}
        </li>
      ))}
    </ul>
  );
}
