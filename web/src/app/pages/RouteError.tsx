import { isRouteErrorResponse, useRouteError } from 'react-router';
import { t } from '../../shared/i18n/t';
import { Button } from '../../shared/ui/Button';
import { Logo } from '../../shared/ui/Logo';
import { NotFoundPage } from './NotFoundPage';
import styles from './StatusPage.module.css';

/**
 * Shown when a screen fails to load or render, most often a lazy chunk that could not arrive
 * offline. Reloading lets the service worker serve a fresh shell.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main className={styles.page} id="main">
      <Logo />
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p className={styles.body}>{t('routeError.body')}</p>
      <div className={styles.actions}>
        <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
          {t('routeError.retry')}
        </Button>
      </div>
    </main>
  );
}
