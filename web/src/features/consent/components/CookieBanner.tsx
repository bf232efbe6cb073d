import { Link } from 'react-router';
import { t } from '../../../shared/i18n/t';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { cookieSettingsOpened } from '../../../shared/shell/shellSlice';
import { Button } from '../../../shared/ui/Button';
import { chooseConsent } from '../consentSlice';
import styles from './CookieBanner.module.css';

/** Asks for consent until a choice is stored: Personalizza, Solo Essenziali, Accetta Tutti. */
export function CookieBanner() {
  const dispatch = useThunkDispatch();
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title" aria-describedby="cookie-banner-body">
      <div className={styles.inner}>
        <svg className={styles.icon} viewBox="0 0 32 32" aria-hidden="true">
          <circle cx="16" cy="16" r="13" fill="var(--color-sand)" />
          <circle cx="11" cy="12" r="2" fill="var(--color-accent)" />
          <circle cx="19" cy="19" r="2.4" fill="var(--color-accent)" />
          <circle cx="20" cy="10" r="1.4" fill="var(--color-accent)" />
          <circle cx="11.5" cy="20.5" r="1.2" fill="var(--color-accent)" />
        </svg>
        <div className={styles.text}>
          <h2 id="cookie-banner-title" className={styles.title}>
            {t('consent.bannerTitle')}
          </h2>
          <p id="cookie-banner-body" className={styles.body}>
            {t('consent.bannerBody')} <Link to="/privacy">{t('consent.readPolicy')}</Link>
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => dispatch(cookieSettingsOpened())}>
            {t('consent.customize')}
          </Button>
          <Button variant="secondary" onClick={() => dispatch(chooseConsent('essential'))}>
            {t('consent.essentialOnly')}
          </Button>
          <Button variant="primary" onClick={() => dispatch(chooseConsent('all'))}>
            {t('consent.acceptAll')}
          </Button>
        </div>
      </div>
    </section>
  );
}
