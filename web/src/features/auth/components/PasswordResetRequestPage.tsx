import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import '../../../shared/i18n/parts/reset';
import { MAX_LENGTH } from '../../../shared/lib/limits';
import { useStillShown } from '../../../shared/lib/useStillShown';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { selectUser, type WithSession } from '../../../shared/session/sessionSlice';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { showToast } from '../../../shared/ui/Toast';
import { sentAnswer, useRunCommand } from '../../../shared/offline/command';
import { ANONYMOUS, requestPasswordReset } from '../commands';
import { isOffline } from '../lib/authErrors';
import { handEmailToLogin, resetReturnsToAccount, resetReturnsToLogin } from '../lib/destination';
import { isEmail } from '../lib/validation';
import styles from './Auth.module.css';
import { ResetWayBack } from './ResetWayBack';

/**
 * /request-password-reset (designer/admin spec, "Password reset"): one e-mail field. The server
 * answers the same whether or not the address has an account, so the page says the same too, and a
 * successful request goes back to /login: to the login entry it was opened from when that is behind it
 * (with its journey: a message or a booking waiting for the sign-in, the page to return to), the
 * address filled in. A person signed in (the customer profile's "Ricevi un link via email" leads
 * here, and so can the reset page's "Richiedi un nuovo link") goes back to their account instead,
 * and the footer's link says so.
 */
export function PasswordResetRequestPage() {
  const [search] = useSearchParams();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { run: requestReset, busy: isLoading } = useRunCommand(requestPasswordReset);
  const online = useOnline();
  const signedIn = useSelector((state: WithSession) => selectUser(state) !== null);
  const store = useStore<WithSession>();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a login entry just behind this one: go back to it (what the login was for stays with it).
  const loginEntry = resetReturnsToLogin(location.state, location.key);
  // Opened from the account's page just behind this one: go back to it rather than open it again.
  const accountEntry = resetReturnsToAccount(location.state, location.key);
  const inputRef = useRef<HTMLInputElement>(null);
  // Left (Back, "Torna al Login") while the request was under way: its answer moves nobody.
  const shown = useStillShown();
  // Set when the page goes back: the request's answer arriving before the page is gone moves nobody
  // (a second step back would pass the entry it came from).
  const wentBack = useRef(false);
  const answerWanted = (): boolean => shown.current && !wentBack.current;
  const goBack = (): void => {
    wentBack.current = true;
    navigate(-1);
  };

  /** Back to the login this page was opened from, with the address typed here. */
  const backToLogin = (from: string): void => {
    const address = email.trim();
    if (address !== '') handEmailToLogin(from, address);
    goBack();
  };

  const onBackLink = (event: MouseEvent<HTMLAnchorElement>): void => {
    // A plain click only: a click asking for a new tab or window opens the link's page there.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (signedIn) {
      if (!accountEntry) return;
      event.preventDefault();
      goBack();
    } else {
      if (!loginEntry) return;
      event.preventDefault();
      backToLogin(loginEntry);
    }
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(null);
    const value = email.trim();
    const problem = value === '' ? t('auth.validation.emailRequired') : isEmail(value) ? null : t('auth.validation.emailFormat');
    setFieldError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    if (!online) {
      setFormError(t('auth.offline'));
      return;
    }
    try {
      sentAnswer(await requestReset({ email: value }, ANONYMOUS));
      showToast(t('reset.request.sent'), { tone: 'success' });
      if (!answerWanted()) return;
      if (loginEntry) backToLogin(loginEntry);
      // Whether they are still signed in when the answer comes (a refused token signs them out here).
      else if (selectUser(store.getState()) !== null) {
        if (accountEntry) goBack();
        else navigate('/profile', { replace: true });
      } else navigate(`/login?email=${encodeURIComponent(value)}`, { replace: true });
    } catch (caught) {
      if (!answerWanted()) return;
      const error = caught as AppError;
      setFormError(isOffline(error) ? t('auth.offline') : error.message);
    }
  };

  return (
    <div className={styles.narrow}>
      <p className={styles.eyebrow}>{t('auth.eyebrow')}</p>
      <h1 className={styles.title}>{t('reset.title')}</h1>
      <div className={styles.card}>
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <p className={styles.muted}>{t('reset.request.lead')}</p>
          {!online ? <Alert tone="warning">{t('auth.offline')}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <TextField
            ref={inputRef}
            label={t('auth.field.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_LENGTH.email}
            value={email}
            error={fieldError}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" size="lg" block disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t('reset.request.busy') : t('reset.request.submit')}
          </Button>
          <ResetWayBack toLogin={!signedIn} onClick={onBackLink} />
        </form>
      </div>
    </div>
  );
}
