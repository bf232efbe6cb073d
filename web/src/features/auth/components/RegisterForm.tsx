import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import type { QuizResult } from '../../../shared/lib/quizResult';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { Modal } from '../../../shared/ui/Modal';
import { useRegisterMutation, type RegisterArgs } from '../api/authApi';
import type { SignInAnswer } from '../lib/account';
import { isEmailTaken, registerErrorMessage } from '../lib/authErrors';
import { checkRegister, hasErrors, type FieldErrors, type RegisterValues } from '../lib/validation';
import styles from './Auth.module.css';
import { PasswordField } from './PasswordField';

export interface RegisterFormProps {
  initialEmail: string;
  /** leadId from the query (a questionnaire taken elsewhere, e.g. from an e-mail). */
  leadId: number | null;
  /** The questionnaire result kept on this device, if any. */
  quiz: QuizResult | null;
  onRegistered: (answer: SignInAnswer, carriedQuiz: boolean) => void;
  /** "Accedi" from the already-registered message: login mode with this e-mail filled in. */
  onSwitchToLogin: (email: string) => void;
}

/**
 * Builds the registration payload, carrying the questionnaire's result when there is one. The lead is
 * attached only with its token, kept with the result on this device; a lead id from elsewhere (the
 * link of an e-mail) goes without it, and the server then scores the answers sent alongside.
 */
export function registrationPayload(values: RegisterValues, leadId: number | null, quiz: QuizResult | null): RegisterArgs {
  const body: RegisterArgs = { email: values.email.trim(), password: values.password, name: values.name.trim() };
  const lead = leadId ?? (quiz && quiz.lead_id > 0 ? quiz.lead_id : null);
  if (lead !== null) body.lead_id = lead;
  if (lead !== null && quiz && quiz.lead_id === lead && quiz.lead_token !== '') body.lead_token = quiz.lead_token;
  if (quiz) {
    body.questionnaire_answers = quiz.answers;
    body.style_analysis = quiz.style_analysis;
  }
  return body;
}

type Problem = { kind: 'message'; text: string } | { kind: 'emailTaken' };

/** "Registrati": name, email, password twice; the spec's texts; the 'Questionario Richiesto' modal. */
export function RegisterForm({ initialEmail, leadId, quiz, onRegistered, onSwitchToLogin }: RegisterFormProps) {
  const [values, setValues] = useState<RegisterValues>({ name: '', email: initialEmail, password: '', confirm: '' });
  const [fields, setFields] = useState<FieldErrors<keyof RegisterValues>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [quizModal, setQuizModal] = useState(false);
  const [register, { isLoading }] = useRegisterMutation();
  const online = useOnline();
  const navigate = useNavigate();
  const alertRef = useRef<HTMLDivElement>(null);
  const goRef = useRef<HTMLButtonElement>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  const send = async (): Promise<void> => {
    if (isLoading) return;
    if (!online) {
      setProblem({ kind: 'message', text: t('auth.offline') });
      return;
    }
    try {
      const answer = await register(registrationPayload(values, leadId, quiz)).unwrap();
      onRegistered(answer, quiz !== null);
    } catch (caught) {
      const error = caught as AppError;
      setProblem(isEmailTaken(error) ? { kind: 'emailTaken' } : { kind: 'message', text: registerErrorMessage(error) });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const check = checkRegister(values);
    setFields(check.fields);
    setProblem(check.form ? { kind: 'message', text: check.form } : null);
    if (hasErrors(check)) {
      const first = (['name', 'email', 'password', 'confirm'] as const).find((name) => check.fields[name]);
      if (first) refs[first].current?.focus();
      return;
    }
    if (quiz === null && leadId === null) {
      setQuizModal(true);
      return;
    }
    void send();
  };

  const set = (name: keyof RegisterValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="register-title">
      <h2 id="register-title" className={styles.formTitleHidden}>
        {t('auth.register.heading')}
      </h2>
      {!online ? <Alert tone="warning">{t('auth.offline')}</Alert> : null}
      {problem?.kind === 'message' ? (
        <Alert ref={alertRef} tone="error" focusable>
          {problem.text}
        </Alert>
      ) : null}
      {problem?.kind === 'emailTaken' ? (
        <Alert ref={alertRef} tone="error" focusable>
          {t('auth.register.emailTaken')}{' '}
          <button type="button" className={styles.inlineAction} onClick={() => onSwitchToLogin(values.email.trim())}>
            {t('auth.register.goToLogin')}
          </button>
        </Alert>
      ) : null}
      <TextField ref={refs.name} label={t('auth.field.name')} name="name" autoComplete="name" value={values.name} error={fields.name} onChange={set('name')} />
      <TextField
        ref={refs.email}
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={fields.email}
        onChange={set('email')}
      />
      <PasswordField
        ref={refs.password}
        label={t('auth.field.password')}
        name="new-password"
        autoComplete="new-password"
        hint={t('auth.field.passwordHint')}
        value={values.password}
        error={fields.password}
        onChange={set('password')}
      />
      <PasswordField
        ref={refs.confirm}
        label={t('auth.field.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        value={values.confirm}
        error={fields.confirm}
        onChange={set('confirm')}
      />
      <Button type="submit" size="lg" block disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? t('auth.register.busy') : t('auth.register.submit')}
      </Button>
      <p className={styles.muted}>
        {t('auth.register.privacy')}{' '}
        <Link className={styles.link} to="/privacy">
          {t('auth.register.privacyLink')}
        </Link>
      </p>
      <Modal
        open={quizModal}
        onClose={() => setQuizModal(false)}
        title={t('auth.quizRequired.title')}
        size="sm"
        initialFocusRef={goRef}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setQuizModal(false);
                void send();
              }}
            >
              {t('auth.quizRequired.continue')}
            </Button>
            <Button ref={goRef} variant="primary" onClick={() => navigate('/?openQuestionnaire=true')}>
              {t('auth.quizRequired.go')}
            </Button>
          </>
        }
      >
        <p>{t('auth.quizRequired.body')}</p>
      </Modal>
    </form>
  );
}
