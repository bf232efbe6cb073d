import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import type { QuizResult } from '../../../shared/lib/journey';
import { leadFields } from '../../../shared/lib/lead';
import { MAX_LENGTH, tooLongFields } from '../../../shared/lib/limits';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { Modal } from '../../../shared/ui/Modal';
import { sentAnswer, useRunCommand } from '../../../shared/offline/command';
import type { RegisterArgs } from '../api/authApi';
import { ANONYMOUS, registerAccount } from '../commands';
import { parseSignIn } from '../lib/account';
import type { SignInAnswer } from '../lib/account';
import { isEmailTaken, registerErrorMessage } from '../lib/authErrors';
import { checkRegister, hasErrors, stillWrong, type FieldErrors, type RegisterValues } from '../lib/validation';
import styles from './Auth.module.css';
import { PasswordField } from './PasswordField';

export interface RegisterFormProps {
  initialEmail: string;
  /** The questionnaire of this journey (shared/lib/journey), a link's lead included; null without one. */
  quiz: QuizResult | null;
  onRegistered: (answer: SignInAnswer, carriedQuiz: boolean) => void;
  /** "Accedi" from the already-registered message: login mode with this e-mail filled in. */
  onSwitchToLogin: (email: string) => void;
}

/**
 * Builds the registration payload, carrying the questionnaire when there is one: its lead (the
 * server's stored result wins), else the answers (the server scores them again).
 */
export function registrationPayload(values: RegisterValues, quiz: QuizResult | null): RegisterArgs {
  const body: RegisterArgs = { email: values.email.trim(), password: values.password, name: values.name.trim() };
  if (!quiz) return body;
  if (quiz.lead) Object.assign(body, leadFields(quiz.lead));
  if (quiz.answers.length > 0) body.questionnaire_answers = quiz.answers;
  if (quiz.style_analysis) body.style_analysis = quiz.style_analysis;
  return body;
}

/** The fields of the form, in the order they are shown. */
const FIELD_ORDER = ['name', 'email', 'password', 'confirm'] as const;

/** What the form says above the fields; `local` when it comes from the check, not the server. */
type Problem = { kind: 'message'; text: string; local?: boolean } | { kind: 'emailTaken' };

/** "Registrati": name, email, password twice; the spec's texts; the 'Questionario Richiesto' modal. */
export function RegisterForm({ initialEmail, quiz, onRegistered, onSwitchToLogin }: RegisterFormProps) {
  const [values, setValues] = useState<RegisterValues>({ name: '', email: initialEmail, password: '', confirm: '' });
  const [fields, setFields] = useState<FieldErrors<keyof RegisterValues>>({});
  // The server's refusals of single fields (too long): each goes when its field is edited.
  const [serverFields, setServerFields] = useState<FieldErrors<keyof RegisterValues>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [quizModal, setQuizModal] = useState(false);
  const { run: register, busy: isLoading } = useRunCommand(registerAccount);
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
      const answer = parseSignIn(sentAnswer(await register(registrationPayload(values, quiz), ANONYMOUS)));
      onRegistered(answer, quiz !== null);
    } catch (caught) {
      const error = caught as AppError;
      const tooLong = tooLongFields(error);
      const marked = FIELD_ORDER.filter((name) => tooLong[name] !== undefined);
      if (marked.length > 0) {
        setServerFields(Object.fromEntries(marked.map((name) => [name, tooLong[name]])));
        setProblem(null);
        refs[marked[0] ?? 'name'].current?.focus();
        return;
      }
      setProblem(isEmailTaken(error) ? { kind: 'emailTaken' } : { kind: 'message', text: registerErrorMessage(error) });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const check = checkRegister(values);
    setFields(check.fields);
    setServerFields({});
    setProblem(check.form ? { kind: 'message', text: check.form, local: true } : null);
    if (hasErrors(check)) {
      const first = FIELD_ORDER.find((name) => check.fields[name]);
      if (first) refs[first].current?.focus();
      return;
    }
    // Someone who has a questionnaire result (or a lead from a link) is never asked for one.
    if (quiz === null) {
      setQuizModal(true);
      return;
    }
    void send();
  };

  // Messages go as soon as what they are about is corrected, not at the next submit.
  const set = (name: keyof RegisterValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: e.target.value };
    setValues(next);
    const check = checkRegister(next);
    setFields((shown) => stillWrong(shown, check.fields));
    setServerFields((shown) => (shown[name] === undefined ? shown : { ...shown, [name]: undefined }));
    setProblem((shown) => (shown?.kind === 'message' && shown.local && shown.text !== check.form ? null : shown));
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
      <TextField ref={refs.name} label={t('auth.field.name')} name="name" autoComplete="name" maxLength={MAX_LENGTH.name} value={values.name} error={fields.name ?? serverFields.name} onChange={set('name')} />
      <TextField
        // eslint-disable-next-line react-hooks/refs -- passes a ref object (not its value) for the field to focus (pending rework, issue 18)
        ref={refs.email}
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={MAX_LENGTH.email}
        value={values.email}
        error={fields.email ?? serverFields.email}
        onChange={set('email')}
      />
      <PasswordField
        // eslint-disable-next-line react-hooks/refs -- passes a ref object (not its value) for the field to focus (pending rework, issue 18)
        ref={refs.password}
        label={t('auth.field.password')}
        name="new-password"
        autoComplete="new-password"
        hint={t('auth.field.passwordHint')}
        maxLength={MAX_LENGTH.password}
        value={values.password}
        error={fields.password ?? serverFields.password}
        onChange={set('password')}
      />
      <PasswordField
        // eslint-disable-next-line react-hooks/refs -- passes a ref object (not its value) for the field to focus (pending rework, issue 18)
        ref={refs.confirm}
        label={t('auth.field.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        maxLength={MAX_LENGTH.password}
        value={values.confirm}
        error={fields.confirm ?? serverFields.confirm}
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
