import { useState } from 'react';
import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { cookieSettingsClosed, selectCookieSettingsOpen, type WithShell } from '../../../shared/shell/shellSlice';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { Switch } from '../../../shared/ui/Switch';
import { chooseConsent, selectConsentLevel, type WithConsent } from '../consentSlice';
import { levelFromToggles, type ConsentLevel } from '../lib/consent';
import styles from './CookieSettingsModal.module.css';

/**
 * Cookie preferences: essential locked on, analytics and marketing switches, and the actions
 * Solo Essenziali, Salva Preferenze and Accetta Tutti. Opened from the banner, the footer and /privacy.
 */
export function CookieSettingsModal() {
  const dispatch = useThunkDispatch();
  const open = useSelector((state: WithShell) => selectCookieSettingsOpen(state));
  const level = useSelector((state: WithConsent) => selectConsentLevel(state));
  const [analytics, setAnalytics] = useState(level === 'all');
  const [marketing, setMarketing] = useState(level === 'all');

  // Opening the settings (or a new choice while open) shows the stored choice: adjusted during render.
  const [shownFor, setShownFor] = useState<{ open: boolean; level: typeof level } | null>(null);
  if (shownFor === null || shownFor.open !== open || shownFor.level !== level) {
    setShownFor({ open, level });
    if (open) {
      setAnalytics(level === 'all');
      setMarketing(level === 'all');
    }
  }

  const close = (): void => {
    dispatch(cookieSettingsClosed());
  };
  const choose = (chosen: ConsentLevel): void => {
    dispatch(chooseConsent(chosen));
    close();
  };
  const summary = levelFromToggles(analytics, marketing) === 'all' ? t('consent.summaryAll') : t('consent.summaryEssential');

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('consent.settingsTitle')}
      description={t('consent.settingsIntro')}
      footer={
        <>
          <Button variant="ghost" onClick={() => choose('essential')}>
            {t('consent.essentialOnly')}
          </Button>
          <Button variant="secondary" onClick={() => choose(levelFromToggles(analytics, marketing))}>
            {t('consent.save')}
          </Button>
          <Button variant="primary" onClick={() => choose('all')}>
            {t('consent.acceptAll')}
          </Button>
        </>
      }
    >
      <div className={styles.list}>
        <Switch
          label={t('consent.essentialTitle')}
          description={t('consent.essentialBody')}
          checked
          locked
          lockedLabel={t('consent.alwaysOn')}
        />
        <Switch label={t('consent.analyticsTitle')} description={t('consent.analyticsBody')} checked={analytics} onChange={setAnalytics} />
        <Switch label={t('consent.marketingTitle')} description={t('consent.marketingBody')} checked={marketing} onChange={setMarketing} />
      </div>
      <p className={styles.note}>{t('consent.together')}</p>
      <p className={styles.summary} aria-live="polite">
        {summary}
      </p>
    </Modal>
  );
}
