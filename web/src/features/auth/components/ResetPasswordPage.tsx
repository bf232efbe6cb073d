import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import '../../../shared/i18n/parts/reset';
import { MAX_LENGTH } from '../../../shared/lib/limits';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { signOutDevice } from '../../../shared/session/signOutDevice';
import { selectUser, type WithSession } from '../../../shared/session/sessionSlice';
import { Alert } from '../../../shared/ui/Alert';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { useCheckResetTokenQuery } from '../api/authApi';
import { useAuthDispatch } from '../hooks/useAuthDispatch';
import { isOffline, isResetTokenInvalid } from '../lib/authErrors';
import { checkNewPassword, type FieldErrors } from '../lib/validation';
import { sentAnswer, useRunCommand } from '../../../shared/offline/command';
import { ANONYMOUS, resetPassword as resetPasswordCommand } from '../commands';
import styles from './Auth.module.css';
import { ResetWayBack } from './ResetWayBack';
import { PasswordField } from './PasswordField';

/** How long the success message stays before the page goes to /login (designer/admin spec, section 4). */
export const RESET_REDIRECT_MS = 3000;

/**
 * After the reset: to /login after 3 s (the address filled in when known), or, for a person signed
 * in as another account than the link's (or as an account the page could not compare, its check
 * having failed), an offer to sign out and in with the account whose password they just set
 * (/login would send them to the signed-in account's home). Signed in as the link's own account,
 * this device's session ended with the reset (every session does): it is signed out here at once.
 */
type Outcome = { kind: 'toLogin'; email: string | null } | { kind: 'switch'; email: string | null; current: string };

const loginPath = (email: string | null): string => (email ? `/login?email=${encodeURIComponent(email)}` : '/login');

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * A sentence with e-mail addresses in it, allowed to wrap right after each @: on a phone a long
 * address then breaks between its two halves instead of inside the domain (text and name unchanged).
 */
function breakAfterAt(text: string): ReactNode {
  return text.split('@').map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? (
        <>
          @<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/**
 * /reset-password?token=… — the page the reset e-mail links to: a new password typed twice. A
 * missing token says so at once. Online, the page asks the server about the link as it opens
 * (nothing is used): a link used or expired replaces the form with the reason and a way to ask for
 * a new one, before anything is typed; a live one names the account it changes, and says so when
 * the person is signed in as another. The form is there while the answer comes, and stays as it
 * was when the question fails (the submit then says what is wrong). Success shows the spec's message
 * and goes to /login after 3 s.
 */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fields, setFields] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Outcome | null>(null);
  // What the server said of the link, kept: going offline (which stops the check) changes neither.
  const [refused, setRefused] = useState(false);
  const [account, setAccount] = useState<string | null>(null);
  const { run: resetPassword, busy: isLoading } = useRunCommand(resetPasswordCommand);
  const online = useOnline();
  const signedInAs = useSelector((state: WithSession) => selectUser(state)?.email ?? '');
  const check = useCheckResetTokenQuery(token, { skip: token === '' || !online || done !== null, refetchOnMountOrArgChange: true });
  const navigate = useNavigate();
  const dispatch = useAuthDispatch();
  const [switching, setSwitching] = useState(false);
  const [switchFailed, setSwitchFailed] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const checked = check.currentData?.email;
  if (checked !== undefined && checked !== account) setAccount(checked);
  const checkError = check.error as AppError | undefined;
  if (checkError !== undefined && isResetTokenInvalid(checkError) && !refused) setRefused(true);
  const otherAccount = account !== null && signedInAs !== '' && !sameAddress(account, signedInAs) ? signedInAs : null;
  // The footer's way back: the login for a visitor, and after resetting the signed-in account's own
  // password (the device is being signed out); otherwise, signed in, the account (/login would lead there).
  const toLogin = signedInAs === '' || done?.kind === 'toLogin';

  useEffect(() => {
    if (done?.kind !== 'toLogin') return undefined;
    const to = loginPath(done.email);
    const timer = window.setTimeout(() => navigate(to, { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  // The form gave way to the reason (a field may have had the focus): it is read out, and Tab goes on from it.
  useEffect(() => {
    if (refused && done === null) refusalRef.current?.focus();
  }, [refused, done]);

  useEffect(() => {
    if (done?.kind === 'switch') successRef.current?.focus();
  }, [done]);

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
      if (signedInAs === '') {
        setDone({ kind: 'toLogin', email: account });
      } else if (account !== null && otherAccount === null) {
        // The link's own account: the reset ended this session on the server; the device forgets it too.
        void signOutDevice(dispatch);
        setDone({ kind: 'toLogin', email: account });
      } else {
        setDone({ kind: 'switch', email: account, current: signedInAs });
      }
    } catch (caught) {
      const error = caught as AppError;
      if (isResetTokenInvalid(error)) setRefused(true);
      else setFormError(isOffline(error) ? t('auth.offline') : error.message);
    }
  };

  // The app's own sign-out (the server ends the session too), then the login with the address filled in.
  const switchAccount = async (email: string | null): Promise<void> => {
    if (switching) return;
    setSwitching(true);
    setSwitchFailed(false);
    if (!(await signOutDevice(dispatch))) {
      setSwitching(false);
      setSwitchFailed(true);
      return;
    }
    navigate(loginPath(email), { replace: true });
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
        ) : done?.kind === 'switch' ? (
          <div className={styles.form}>
            <Alert ref={successRef} tone="success" focusable>
              {breakAfterAt(
                done.email !== null
                  ? t('reset.form.successOther', { email: done.email, current: done.current })
                  : t('reset.form.successSignedIn', { current: done.current }),
              )}
            </Alert>
            {switchFailed ? <Alert>{t(navigator.onLine ? 'error.network' : 'error.onlineOnly')}</Alert> : null}
            <Button size="lg" block className={styles.address} disabled={switching} aria-busy={switching} onClick={() => void switchAccount(done.email)}>
              {switching
                ? t('reset.form.switching')
                : done.email !== null
                  ? breakAfterAt(t('reset.form.switchAccount', { email: done.email }))
                  : t('reset.form.switchAny')}
            </Button>
            <ButtonLink to="/profile" variant="secondary" size="lg" block className={styles.address}>
              {breakAfterAt(t('reset.form.stay', { current: done.current }))}
            </ButtonLink>
          </div>
        ) : done ? (
          <div className={styles.form}>
            <Alert tone="success">{t('reset.form.success')}</Alert>
          </div>
        ) : refused ? (
          <div className={styles.form}>
            <Alert ref={refusalRef} tone="error" focusable>
              {t('error.resetTokenInvalid')}
            </Alert>
            <ButtonLink to="/request-password-reset" size="lg" block>
              {t('reset.form.requestNew')}
            </ButtonLink>
          </div>
        ) : (
          <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
            {/* The account the new password is for, for password managers (they save it under this name). */}
            {account !== null ? <input type="text" name="username" autoComplete="username" value={account} readOnly hidden /> : null}
            {otherAccount !== null && account !== null ? (
              <Alert tone="warning" className={styles.address}>
                {breakAfterAt(t('reset.form.otherAccount', { current: otherAccount, email: account }))}
              </Alert>
            ) : null}
            <p className={`${styles.muted} ${styles.address}`}>{account !== null ? breakAfterAt(t('reset.form.leadFor', { email: account })) : t('reset.form.lead')}</p>
            {!online ? <Alert tone="warning">{t('auth.offline')}</Alert> : null}
            {formError ? <Alert tone="error">{formError}</Alert> : null}
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
        {/* After a reset for another account the buttons above say where to go. */}
        {done?.kind === 'switch' ? null : (
          <p className={styles.footer}>
            <ResetWayBack toLogin={toLogin} />
          </p>
        )}
      </div>
    </div>
  );
}
