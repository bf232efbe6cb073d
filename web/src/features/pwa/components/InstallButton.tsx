import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { useInstallMode } from '../hooks/useInstall';
import styles from './InstallButton.module.css';

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19.5h14" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.stepIcon}>
      <path d="M12 3v12M12 3L8 7m4-4l4 4M6 11H5v9h14v-9h-1" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * "Installa app" in the top bar: the browser's own dialog where it allows one; on iPhone and iPad,
 * the manual Condividi → Aggiungi a Home steps. Hidden once installed or in standalone mode.
 */
export function InstallButton() {
  const { mode, prompt } = useInstallMode();
  const [iosOpen, setIosOpen] = useState(false);
  if (mode === 'none') return null;
  const onClick = (): void => {
    if (mode === 'ios') setIosOpen(true);
    else void prompt();
  };
  return (
    <>
      <Button variant="ghost" icon={<DownloadIcon />} onClick={onClick} className={styles.button}>
        {t('shell.install')}
      </Button>
      <Modal
        open={iosOpen}
        onClose={() => setIosOpen(false)}
        title={t('pwa.iosTitle')}
        description={t('pwa.iosIntro')}
        size="sm"
        footer={
          <Button variant="primary" onClick={() => setIosOpen(false)}>
            {t('pwa.iosDone')}
          </Button>
        }
      >
        <ol className={styles.steps}>
          <li>
            <ShareIcon />
            <span>{t('pwa.iosStep1')}</span>
          </li>
          <li>
            <span className={styles.plus} aria-hidden="true">
              +
            </span>
            <span>{t('pwa.iosStep2')}</span>
          </li>
          <li>
            <span className={styles.check} aria-hidden="true">
              ✓
            </span>
            <span>{t('pwa.iosStep3')}</span>
          </li>
        </ol>
        <p className={styles.push}>{t('pwa.iosPush')}</p>
      </Modal>
    </>
  );
}
