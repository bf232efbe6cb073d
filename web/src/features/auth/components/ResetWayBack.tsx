import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/reset';
import styles from './Auth.module.css';

/**
 * The reset pages' way back: "Torna al Login" for a visitor; for a person signed in, whom /login
 * would only send to their own home, "Torna al tuo account" to /profile (a decision beyond the spec,
 * docs/accounts-web.md).
 */
export function ResetWayBack({ toLogin, onClick }: { toLogin: boolean; onClick?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <Link className={styles.link} to={toLogin ? '/login' : '/profile'} onClick={onClick}>
      {t(toLogin ? 'reset.backToLogin' : 'reset.backToAccount')}
    </Link>
  );
}
