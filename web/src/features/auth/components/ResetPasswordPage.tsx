import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import '../../../shared/i18n/parts/reset';
import { MAX_LENGTH } from '../../../shared/lib/limits';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { isOffline } from '../lib/authErrors';
import { checkNewPassword, type FieldErrors } from '../lib/validation';
import { sentAnswer, useRunCommand } from '../../../shared/offline/command';
import { ANONYMOUS, resetPassword as resetPasswordCommand } from '../commands';
import styles from './Auth.module.css';
import { PasswordField } from './PasswordField';

/** How long the success message stays before the page goes to /login (designer/admin spec, section 4). */
export const RESET_REDIRECT_MS = 3000;

/**
 * /reset-password?token=… — the page the reset e-mail links to: a new password typed twice. A
 * missing token says so at once; success shows the spec's message and goes to /login after 3 s.
 */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fields, setFields] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { run: resetPassword, busy: isLoading } = useRunCommand(resetPasswordCommand);
  const online = useOnline();
  const navigate = useNavigate();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!done) return undefined;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (isLoading || done) return;
    setFormError(null);
    const problems = checkNewPassword(password, confirm);
    setFields(problems);
    if (problems.password) {
      passwordRef.current?.focus();
      return;
    }
    if (problems.confirm) {
      confirmRef.current?.focus();
      return;
    }
    if (!online) {
      setFormError(t('auth.offline'));
      return;
    }
    try {
      sentAnswer(await resetPassword({ token, new_password: password }, ANONYMOUS));
      setDone(true);
    } catch (caught) {
      const error = caught as AppError;
      setFormError(isOffline(error) ? t('auth.offline') : error.message);
    }
  };

  return (
    <div className={styles.narrow}>
      <p className={styles.eyebrow}>{t('auth.eyebrow')}</p>
      <h1 className={styles.title}>{t('reset.title')}</h1>
      <div className={styles.card}>
        {token === '' ? (
          <div className={styles.form}>
            <Alert tone="error">{t('reset.form.missingToken')}</Alert>
            <ButtonLink to="/request-password-reset" size="lg" block>
              {t('reset.form.requestNew')}
            </ButtonLink>
          </div>
        ) : done ? (
          <div className={styles.form}>
            <Alert tone="success">{t('reset.form.success')}</Alert>
          </div>
        ) : (
          <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
            <p className={styles.muted}>{t('reset.form.lead')}</p>
            {!online ? <Alert tone="warning">{t('auth.offline')}</Alert> : null}
            {formError ? (
              <Alert tone="error">
                {formError}{' '}
                {formError === t('error.resetTokenInvalid') ? (
                  <Link className={styles.link} to="/request-password-reset">
                    {t('reset.form.requestNew')}
                  </Link>
                ) : null}
              </Alert>
            ) : null}
            <PasswordField
              ref={passwordRef}
              label={t('reset.form.password')}
              name="new-password"
              autoComplete="new-password"
              hint={t('auth.field.passwordHint')}
              maxLength={MAX_LENGTH.password}
              value={password}
              error={fields.password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordField
              ref={confirmRef}
              label={t('reset.form.confirm')}
              name="confirm-password"
              autoComplete="new-password"
              maxLength={MAX_LENGTH.password}
              value={confirm}
              error={fields.confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" size="lg" block disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? t('reset.form.busy') : t('reset.form.submit')}
            </Button>
          </form>
        )}
        <p className={styles.footer}>
          <Link className={styles.link} to="/login">
            {t('reset.backToLogin')}
          </Link>
        </p>
      </div>
    </div>
  );
}
