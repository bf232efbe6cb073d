import { Outlet, useNavigation } from 'react-router';
import { t } from '../../shared/i18n/t';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import styles from './ShellLayout.module.css';

/** Pages with the top bar and footer (everything but /landing). */
export function ShellLayout() {
  const navigation = useNavigation();
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t('shell.skipToContent')}
      </a>
      {navigation.state === 'loading' ? <div className={styles.progress} aria-hidden="true" /> : null}
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
