import { useState, type FormEvent } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { GoogleSignInButton } from '../../../shared/ui/GoogleSignInButton';
import { MAX_LENGTH } from '../../../shared/lib/limits';
import { checkPassword } from '../lib/form';
import styles from './PasswordStep.module.css';

export interface PasswordStepProps {
  email: string;
  /** Google's client id; '' hides the Google button. */
  googleClientId: string;
  sending: boolean;
  /** 0..1 while sending. */
  progress: number;
  error: string | null;
  offline: boolean;
  onPassword: (password: string) => void;
  onGoogleCredential: (credential: string) => void;
  onBack: () => void;
}

function RevealToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={styles.reveal}
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? t('designers.password.hideLabel') : t('designers.password.showLabel')}
    >
      {shown ? t('designers.password.hide') : t('designers.password.show')}
    </button>
  );
}

/** Step two: a password (at least 8 characters, confirmed) or Google, with the upload's progress. */
export function PasswordStep({ email, googleClientId, sending, progress, error, offline, onPassword, onGoogleCredential, onBack }: PasswordStepProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [shown, setShown] = useState(false);
  const check = checkPassword(password, confirmation);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (check.valid && !sending) onPassword(password);
  };
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.step}>
      <p className={styles.lead}>{googleClientId ? t('designers.password.leadGoogle') : t('designers.password.lead')}</p>
      <p className={styles.account}>{t('designers.password.for', { email })}</p>
      {error ? (
        <Alert tone="error" className={styles.alert}>
          <p>{error}</p>
        </Alert>
      ) : null}
      {offline ? (
        <Alert tone="warning" className={styles.alert}>
          <p>{t('designers.register.offline')}</p>
        </Alert>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('designers.password.password')}
          hint={t('designers.password.hint')}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          maxLength={MAX_LENGTH.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={check.passwordError}
          disabled={sending}
          trailing={<RevealToggle shown={shown} onToggle={() => setShown((value) => !value)} />}
        />
        <TextField
          label={t('designers.password.confirm')}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          maxLength={MAX_LENGTH.password}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={check.confirmError}
          disabled={sending}
        />
        {sending ? (
          <div className={styles.progress}>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label={t('designers.register.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span style={{ width: `${Math.max(4, percent)}%` }} />
            </div>
            <p className={styles.progressText}>{t('designers.register.progress', { percent })}</p>
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onBack} disabled={sending}>
            {t('designers.register.back')}
          </Button>
          <Button type="submit" variant="primary" size="lg" disabled={!check.valid || sending || offline}>
            {sending ? t('designers.register.submitting') : t('designers.register.submit')}
          </Button>
        </div>
      </form>
      {googleClientId && !offline ? (
        <div className={styles.google}>
          <p className={styles.or}>
            <span>{t('designers.password.or')}</span>
          </p>
          <GoogleSignInButton clientId={googleClientId} text="signup_with" onCredential={onGoogleCredential} />
        </div>
      ) : null}
    </div>
  );
}
