import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import { leadFields, type Lead } from '../../../shared/lib/lead';
import { MAX_LENGTH } from '../../../shared/lib/limits';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { sentAnswer, useRunCommand } from '../../../shared/offline/command';
import { ANONYMOUS, signIn } from '../commands';
import { parseSignIn } from '../lib/account';
import type { SignInAnswer } from '../lib/account';
import { isBadCredentials, loginErrorMessage } from '../lib/authErrors';
import { passwordResetLink } from '../lib/destination';
import { checkLogin, hasErrors, stillWrong, type FieldErrors, type LoginValues } from '../lib/validation';
import styles from './Auth.module.css';
import { PasswordField } from './PasswordField';

export interface LoginFormProps {
  initialEmail: string;
  /** A questionnaire taken before signing in: sent along, a customer's account adopts it. */
  lead: Lead | null;
  /** Called with the session once the server accepted the credentials (and whether a lead went along). */
  onSignedIn: (answer: SignInAnswer, rememberMe: boolean, carriedLead: boolean) => void;
  /** Called when bad credentials were reported: the device forgets any half-stored session. */
  onBadCredentials: () => void;
  /** Shows the questionnaire link for people who have not taken it on this device. */
  showQuizLink: boolean;
}

/** "Accedi": email, password, remember me; the spec's bad-credentials text on a refusal. */
export function LoginForm({ initialEmail, lead, onSignedIn, onBadCredentials, showQuizLink }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: initialEmail, password: '' });
  const [rememberMe, setRememberMe] = useState(false);
  const [fields, setFields] = useState<FieldErrors<keyof LoginValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { run: login, busy: isLoading } = useRunCommand(signIn);
  const online = useOnline();
  const location = useLocation();
  const alertRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // A field's message goes as soon as the field is corrected.
  const change = (next: LoginValues): void => {
    setValues(next);
    setFields((shown) => stillWrong(shown, checkLogin(next).fields));
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (isLoading) return;
    const check = checkLogin(values);
    setFields(check.fields);
    setFormError(null);
    if (hasErrors(check)) {
      (check.fields.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    if (!online) {
      setFormError(t('auth.offline'));
      return;
    }
    try {
      const result = await login(
        {
          email: values.email.trim(),
          password: values.password,
          remember_me: rememberMe,
          ...(lead ? leadFields(lead) : {}),
        },
        ANONYMOUS,
      );
      const answer = parseSignIn(sentAnswer(result));
      onSignedIn(answer, rememberMe, lead !== null);
    } catch (caught) {
      const error = caught as AppError;
      if (isBadCredentials(error)) onBadCredentials();
      setFormError(loginErrorMessage(error));
      setValues((v) => ({ ...v, password: '' }));
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
      <h2 id="login-title" className={styles.formTitleHidden}>
        {t('auth.login.heading')}
      </h2>
      {!online ? <Alert tone="warning">{t('auth.offline')}</Alert> : null}
      {formError ? (
        <Alert ref={alertRef} tone="error" focusable>
          {formError}
        </Alert>
      ) : null}
      <TextField
        ref={emailRef}
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_LENGTH.email}
        value={values.email}
        error={fields.email}
        onChange={(e) => change({ ...values, email: e.target.value })}
      />
      <PasswordField
        ref={passwordRef}
        label={t('auth.field.password')}
        name="password"
        autoComplete="current-password"
        maxLength={MAX_LENGTH.password}
        value={values.password}
        error={fields.password}
        onChange={(e) => change({ ...values, password: e.target.value })}
      />
      <div className={styles.row}>
        <label className={styles.check}>
          <input type="checkbox" name="remember_me" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          {t('auth.field.rememberMe')}
        </label>
        <Link className={styles.link} {...passwordResetLink(values.email, location.key)}>
          {t('auth.login.forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" block disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? t('auth.login.busy') : t('auth.login.submit')}
      </Button>
      {showQuizLink ? (
        <p className={styles.muted}>
          {t('auth.login.noQuiz')}{' '}
          <Link className={styles.link} to="/?openQuestionnaire=true">
            {t('auth.login.takeQuiz')}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
