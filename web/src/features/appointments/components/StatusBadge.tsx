import { t } from '../../../shared/i18n/t';
import { statusLook } from '../lib/status';
import styles from './StatusBadge.module.css';

/** An appointment status as a coloured label (In attesa, Confermato, Annullato, Completato, Sconosciuto). */
export function StatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  return <span className={`${styles.badge} ${styles[look.tone]}`}>{t(look.label)}</span>;
}
