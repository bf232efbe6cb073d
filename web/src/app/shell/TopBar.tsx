import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { InstallButton } from '../../features/pwa/components/InstallButton';
import { t } from '../../shared/i18n/t';
import { homePathFor, selectIsLoggedIn } from '../../shared/session/sessionSlice';
import { ButtonLink, Button } from '../../shared/ui/Button';
import { Logo } from '../../shared/ui/Logo';
import type { RootState } from '../store';
import { useHideOnScroll } from '../hooks/useHideOnScroll';
import { LogoutConfirm } from './LogoutConfirm';
import { SyncStatus } from './SyncStatus';
import styles from './TopBar.module.css';

/**
 * The top bar: logo (home for visitors, the role's page for signed-in users), Accedi or Esci, and
 * Installa app when possible. On phones it slides away while scrolling down.
 */
export function TopBar() {
  const visible = useHideOnScroll();
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const logoTarget = useSelector((state: RootState) => homePathFor(state));
  const [confirmOpen, setConfirmOpen] = useState(false);
  const navigate = useNavigate();

  return (
    <header className={`${styles.bar} ${visible ? '' : styles.hidden}`} data-visible={visible ? 'true' : 'false'}>
      <div className={styles.inner}>
        <Link to={logoTarget} className={styles.logo} aria-label={t('shell.logoLabel')}>
          <Logo />
        </Link>
        <nav className={styles.actions} aria-label={t('shell.mainNav')}>
          <InstallButton />
          {loggedIn ? (
            <Button variant="secondary" onClick={() => setConfirmOpen(true)}>
              {t('shell.logout')}
            </Button>
          ) : (
            <ButtonLink to="/login" variant="primary">
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
