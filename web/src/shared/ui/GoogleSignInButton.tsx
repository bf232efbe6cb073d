import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/t';
import { renderGoogleButton } from '../lib/googleIdentity';
import { useLatest } from '../lib/useLatest';
import styles from './GoogleSignInButton.module.css';

export interface GoogleSignInButtonProps {
  clientId: string;
  onCredential: (credential: string) => void;
  text?: 'signin_with' | 'signup_with' | 'continue_with';
}

/**
 * Google's sign-in button (Google Identity Services). Shown only when the deployment has a client
 * id; if Google cannot be reached the person is told so, and the password route stays open.
 */
export function GoogleSignInButton({ clientId, onCredential, text = 'continue_with' }: GoogleSignInButtonProps) {
  const host = useRef<HTMLDivElement>(null);
  const callback = useLatest(onCredential);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    renderGoogleButton({
      clientId,
      element,
      text,
      width: Math.min(360, Math.max(220, Math.round(element.clientWidth || 320))),
      onCredential: (credential) => callback.current(credential),
    }).catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [clientId, text, callback]);
  return (
    <div className={styles.wrap}>
      <div ref={host} className={styles.host} />
      {failed ? <p className={styles.failed}>{t('google.unavailable')}</p> : null}
    </div>
  );
}
