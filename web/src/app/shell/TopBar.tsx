import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginFromState } from '../../shared/lib/journey';
import { InstallButton } from '../../features/pwa/components/InstallButton';
import { t } from '../../shared/i18n/t';
import { homePathFor, selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { PlainKey } from '../../shared/i18n/t';
import { ButtonLink, Button } from '../../shared/ui/Button';
import { Logo } from '../../shared/ui/Logo';
import type { RootState } from '../store';
import { useHideOnScroll } from '../hooks/useHideOnScroll';
import { LogoutConfirm } from './LogoutConfirm';
import { SyncStatus } from './SyncStatus';
import styles from './TopBar.module.css';

/** The signed-in person's page, named by role. */
const HOME_LABEL: Record<string, PlainKey> = {
  '/user-profile': 'account.nav.user',
  '/designer-profile': 'account.nav.designer',
  '/admin': 'account.nav.admin',
};

/**
 * Where "Accedi" brings a visitor back to after signing in: the designer page, booking link or
 * privacy page they are reading. Elsewhere (home, sign-in pages) they go to their home.
 */
export function loginLinkFrom(pathname: string, search: string): string {
  return comesBackAfterLogin(pathname) ? `/login?returnTo=${encodeURIComponent(pathname + search)}` : '/login';
}

function comesBackAfterLogin(pathname: string): boolean {
  return /^\/(profile|designer)\/\d+$|^\/appuntamenti\/prenota\/\d+$|^\/privacy$/.test(pathname);
}

function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" />
    </svg>
  );
}

/**
 * The top bar: logo (home for visitors, the role's page for signed-in users), Accedi, or the person's page (named by role) and Esci, and
 * Installa app when possible. On phones it slides away while scrolling down.
 */
export function TopBar() {
  const visible = useHideOnScroll();
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const logoTarget = useSelector((state: RootState) => homePathFor(state));
  const [confirmOpen, setConfirmOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <header className={`${styles.bar} ${visible ? '' : styles.hidden}`} data-visible={visible ? 'true' : 'false'}>
      <div className={styles.inner}>
        <Link to={logoTarget} className={styles.logo} aria-label={t('shell.logoLabel')}>
          <Logo />
        </Link>
        <nav className={styles.actions} aria-label={t('shell.mainNav')}>
          <InstallButton />
          {loggedIn ? (
            <>
              <ButtonLink to={logoTarget} variant="ghost" className={styles.home} icon={<PersonIcon />}>
                <span className={styles.homeText}>{t(HOME_LABEL[logoTarget] ?? 'account.nav.user')}</span>
              </ButtonLink>
              <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
                {t('shell.logout')}
              </Button>
            </>
          ) : (
            <ButtonLink
              to={loginLinkFrom(location.pathname, location.search)}
              // The sign-in then goes back to this entry rather than opening the page a second time.
              state={comesBackAfterLogin(location.pathname) || location.pathname === '/' ? loginFromState(location.pathname + location.search) : undefined}
              variant="primary"
            >
              {t('shell.login')}
            </ButtonLink>
          )}
        </nav>
      </div>
      <SyncStatus />
      <LogoutConfirm
        open={confirmOpen}
        onCancel={() => setConfirmOpen(false)}
        onDone={() => {
          setConfirmOpen(false);
          navigate('/', { replace: true });
        }}
      />
    </header>
  );
}
