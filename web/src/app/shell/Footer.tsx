import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { t } from '../../shared/i18n/t';
import { cookieSettingsOpened } from '../../shared/shell/shellSlice';
import { Logo } from '../../shared/ui/Logo';
import styles from './Footer.module.css';

/** The footer: the brand line, the privacy page and the cookie settings. */
export function Footer() {
  const dispatch = useDispatch();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo tone="light" />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.legal')} className={styles.links}>
          <Link to="/privacy" className={styles.link}>
            {t('footer.privacy')}
          </Link>
          <button type="button" className={styles.link} onClick={() => dispatch(cookieSettingsOpened())}>
            {t('footer.cookies')}
          </button>
        </nav>
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</p>
      </div>
    </footer>
  );
}
