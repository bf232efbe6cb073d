import { t } from '../../../shared/i18n/t';
import { useUpdating } from '../hooks/useInstall';
import styles from './UpdateToast.module.css';

/** Tells people why the page is about to reload after a new version arrived. */
export function UpdateToast() {
  const updating = useUpdating();
  if (!updating) return null;
  return (
    <p className={styles.toast} role="status">
      {t('pwa.updating')}
    </p>
  );
}
