import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGetConfigQuery } from '../../../shared/api/configApi';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import '../../../shared/i18n/parts/designers';
import { styleLabel } from '../../../shared/lib/designStyles';
import { loadQuiz, rememberLead } from '../../../shared/lib/journey';
import { dropLeadQuery } from '../../../shared/lib/lead';
import { PERSISTENT_KEYS, localArea, removeKey } from '../../../shared/lib/storage';
import { useStillShown } from '../../../shared/lib/useStillShown';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { homePathFor, selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import { Alert } from '../../../shared/ui/Alert';
import { GoogleSignInButton } from '../../../shared/ui/GoogleSignInButton';
import { Tabs } from '../../../shared/ui/Tabs';
import { showToast } from '../../../shared/ui/Toast';
import { sentAnswer, useRunCommand } from '../../../shared/offline/command';
import { ANONYMOUS, googleSignIn as googleSignInCommand } from '../commands';
import { parseSignIn, type SignInAnswer } from '../lib/account';
import { googleErrorMessage } from '../lib/authErrors';
import { destinationAfterSignIn, emailHandedTo, keepIntentOnlyFromItsPage, parseLoginQuery, returnsToPreviousEntry } from '../lib/destination';
import { completeSignIn } from '../lib/session';
import styles from './Auth.module.css';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Dispatch = ThunkDispatch<WithSession, unknown, UnknownAction>;

/** A quiet line drawing of a living room, beside the forms on wide screens. */
function RoomArt() {
  return (
    <svg className={styles.art} viewBox="0 0 320 200" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M20 170h280" />
      <path d="M60 170v-50a14 14 0 0 1 14-14h92a14 14 0 0 1 14 14v50" />
      <path d="M50 130h140M50 130v40M190 130v40" />
      <path d="M230 170V72M214 72h32l-8-26h-16z" />
      <rect x="96" y="30" width="52" height="44" rx="4" />
      <path d="M104 66l14-16 10 10 8-8 6 14" />
      <circle cx="262" cy="150" r="14" />
      <path d="M262 136c-6-14 2-26 10-30M262 136c4-10 14-14 20-12" />
    </svg>
  );
}

/**
 * /login (customer spec, section 2): login and registration, remember me, Google sign-in when the
 * deployment has a client id, and the way back to what the person was doing (returnTo, a pending
 * booking or contact) or to their role's home.
 */
export function LoginPage() {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => parseLoginQuery(search), [search]);
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const dispatch = useDispatch<Dispatch>();
  const store = useStore<WithSession>();
  const home = useSelector((state: WithSession) => homePathFor(state));
  const navigate = useNavigate();
  const location = useLocation();
  // A reset request opened from this entry comes back to it with the address it was sent to.
  const [prefill, setPrefill] = useState(() => emailHandedTo(location.key) ?? query.email);
  const online = useOnline();
  // The questionnaire of this journey; a lead the link brings (the results e-mail) joins it first.
  const [quiz] = useState(() => {
    if (query.lead) rememberLead(query.lead);
    return loadQuiz();
  });
  const signingIn = useRef(false);
  const { data: config } = useGetConfigQuery();
  const { run: googleSignIn, busy: googleBusy } = useRunCommand(googleSignInCommand);
  const [googleError, setGoogleError] = useState<string | null>(null);
  // Left with Back while the sign-in was under way: the session is kept, but nobody is moved.
  const shown = useStillShown();

  // Someone already signed in who opens /login goes home (not while this page is signing them in).
  // eslint-disable-next-line react-hooks/refs -- reads the value the ref kept from the first render only (pending rework, issue 18)
  if (loggedIn && !signingIn.current) return <Navigate to={home} replace />;

  const setMode = (mode: 'login' | 'register', email?: string): void => {
    const next = new URLSearchParams(search);
    if (mode === 'register') next.set('mode', 'register');
    else {
      next.delete('mode');
      dropLeadQuery(next);
    }
    if (email !== undefined) setPrefill(email);
    // The entry's state (where the login was opened from) stays with it.
    setSearch(next, { replace: true, state: location.state });
  };

  const finish = (answer: SignInAnswer, rememberMe: boolean, registered: boolean, carriedQuiz = false): void => {
    signingIn.current = true;
    // The account holds the questionnaire now (a customer's registration or sign-in carried it).
    dispatch(completeSignIn(answer, rememberMe, { quizStored: carriedQuiz && answer.user.role === 'user' }));
    const now = homePathFor(store.getState());
    // After registration: admin to /admin, everyone else to /user-profile, unless something waits.
    const roleHome = registered ? (now === '/admin' ? '/admin' : '/user-profile') : now;
    keepIntentOnlyFromItsPage(query);
    const target = destinationAfterSignIn(query, roleHome);
    const firstTime = registered || search.get('welcome') === 'designer';
    showToast(firstTime ? t('auth.registeredToast', { name: answer.user.name }) : t('auth.signedInToast', { name: answer.user.name }), { tone: 'success' });
    if (!shown.current) return;
    if (returnsToPreviousEntry(location.state, location.key, target, now)) navigate(-1);
    else navigate(target, { replace: true });
  };

  const onGoogle = async (credential: string): Promise<void> => {
    setGoogleError(null);
    try {
      const answer = parseSignIn(sentAnswer(await googleSignIn({ credential }, ANONYMOUS)));
      finish(answer, true, false);
    } catch (caught) {
      setGoogleError(googleErrorMessage(caught as AppError));
    }
  };

  const clientId = config?.google_client_id ?? '';
  // A designer who has just registered (DesignerRegistration sends welcome=designer) is greeted as new.
  const welcome = search.get('welcome') === 'designer';
  const register = query.mode === 'register';
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <p className={styles.eyebrow}>{t('auth.eyebrow')}</p>
        <h1 className={styles.title}>{register ? t('auth.register.heading') : welcome ? t('auth.login.headingNewDesigner') : t('auth.login.heading')}</h1>
        <p className={styles.lead}>
          {register && quiz?.style_analysis
            ? t('auth.register.leadWithQuiz', { style: styleLabel(quiz.style_analysis.dominant_style) })
            : register && quiz
              ? t('auth.register.leadWithLead')
              : register
                ? t('auth.register.lead')
                : welcome
                  ? t('auth.login.leadNewDesigner')
                  : t('auth.login.lead')}
        </p>
        <RoomArt />
      </div>
      <div className={styles.card}>
        <Tabs
          label={t('auth.tabs.label')}
          look="segmented"
          className={styles.tabs}
          tabs={[
            { id: 'login', label: t('auth.tabs.login') },
            { id: 'register', label: t('auth.tabs.register') },
          ]}
          selected={register ? 'register' : 'login'}
          onSelect={(mode) => setMode(mode)}
        >
          {register ? (
            <RegisterForm
              key={`register-${prefill}`}
              initialEmail={prefill}
              quiz={quiz}
              onRegistered={(answer, carried) => finish(answer, false, true, carried)}
              onSwitchToLogin={(email) => setMode('login', email)}
            />
          ) : (
            <>
              {welcome ? (
                <Alert tone="success" className={styles.welcome}>
                  {t('designers.register.success')}
                </Alert>
              ) : null}
              <LoginForm
              key={`login-${prefill}`}
              initialEmail={prefill}
              showQuizLink={quiz === null}
              lead={quiz?.lead ?? null}
              onSignedIn={(answer, rememberMe, carriedLead) => finish(answer, rememberMe, false, carriedLead)}
              onBadCredentials={() => {
                const storage = localArea();
                removeKey(storage, PERSISTENT_KEYS.user);
                removeKey(storage, PERSISTENT_KEYS.rememberMe);
              }}
            />
            </>
          )}
          {clientId && online ? (
            <>
              <p className={styles.divider}>{t('auth.or')}</p>
              {googleError ? <Alert tone="error">{googleError}</Alert> : null}
              <div aria-busy={googleBusy}>
                <GoogleSignInButton clientId={clientId} text={register ? 'signup_with' : 'signin_with'} onCredential={(c) => void onGoogle(c)} />
              </div>
            </>
          ) : null}
        </Tabs>
        <div className={styles.footer}>
          <p className={styles.muted}>
            {t('auth.designerPrompt')}{' '}
            <Link className={styles.link} to="/designer-registration">
              {t('auth.designerLink')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
