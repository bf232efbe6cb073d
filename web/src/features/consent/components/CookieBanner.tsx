import { useRef } from 'react';
import { Link } from 'react-router';
import { t } from '../../../shared/i18n/t';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { cookieSettingsOpened } from '../../../shared/shell/shellSlice';
import { Button } from '../../../shared/ui/Button';
import { chooseConsent } from '../consentSlice';
import type { ConsentLevel } from '../lib/consent';
import styles from './CookieBanner.module.css';

/** Asks for consent until a choice is stored: Personalizza, Solo Essenziali, Accetta Tutti. */
export function CookieBanner() {
  const dispatch = useThunkDispatch();
  const banner = useRef<HTMLElement>(null);
  // A choice made from the keyboard takes the banner, and the focus with it, away: the focus goes to
  // the page's main region (where the skip link leads), not back to the start of the document.
  const choose = (level: ConsentLevel): void => {
    const hadFocus = banner.current?.contains(document.activeElement) ?? false;
    dispatch(chooseConsent(level));
    if (hadFocus) document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
  };
  return (
    <section ref={banner} className={styles.banner} aria-labelledby="cookie-banner-title" aria-describedby="cookie-banner-body">
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
          <Button variant="secondary" onClick={() => choose('essential')}>
            {t('consent.essentialOnly')}
          </Button>
          <Button variant="primary" onClick={() => choose('all')}>
            {t('consent.acceptAll')}
          </Button>
        </div>
      </div>
    </section>
  );
}
