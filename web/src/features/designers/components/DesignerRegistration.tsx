import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { useGetConfigQuery } from '../../../shared/api/configApi';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { entryState, pushEntry, replaceEntry } from '../../../shared/lib/historyEntry';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { homePathFor, selectUser, type WithSession } from '../../../shared/session/sessionSlice';
import { showToast } from '../../../shared/ui/Toast';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { useGalleryPicker, usePhotoPicker } from '../hooks/usePicturePicker';
import { registrationPayload, useDesignerRegistration, type RegistrationOutcome } from '../hooks/useRegistration';
import { galleryPayload } from '../lib/gallery';
import { googleRegistrationErrorText, registrationErrorText } from '../lib/errors';
import { EMPTY_REGISTRATION, errorsByField, validateRegistration, type FormError, type FormField, type RegistrationForm } from '../lib/form';
import { ErrorSummary } from './ErrorSummary';
import { GalleryPicker } from './GalleryPicker';
import { PasswordStep } from './PasswordStep';
import { PhotoPicker } from './PhotoPicker';
import { ProfileFields } from './ProfileFields';
import styles from './DesignerRegistration.module.css';

const ID_PREFIX = 'designer-registration';
const fieldId = (field: FormField | string): string => `${ID_PREFIX}-${field}`;

const KNOWN_FIELDS: readonly FormField[] = [
  'name',
  'email',
  'phone',
  'city',
  'bio',
  'website',
  'portfolio',
  'social_instagram',
  'social_facebook',
  'social_youtube',
  'social_tiktok',
  'specialties',
  'design_style',
  'prima_proposta',
  'work_preferences',
  'privacy_consent',
];

/** Server-side field errors the form can show next to its fields (e-mail taken, invalid link). */
function serverFieldErrors(error: AppError): FormError[] {
  const out: FormError[] = [];
  for (const field of error.fields) {
    const known = KNOWN_FIELDS.find((name) => name === field.field);
    if (known) out.push({ field: known, message: field.detail });
  }
  if (error.reason === 'email_taken') out.push({ field: 'email', message: t('designers.register.emailTaken') });
  return out;
}

/** The history entry's key for the registration's second step. */
const STEP_KEY = 'internoDesignerRegistrationStep';

/**
 * /designer-registration: step one is the profile form (checked with the spec's English alerts),
 * step two a password or Google. Pictures are resized on the device; the upload shows its progress.
 * Success resets the form and leads to /login; a failure keeps everything typed.
 */
export function DesignerRegistration() {
  const navigate = useNavigate();
  const online = useOnline();
  // Someone signed in (a customer, say) who creates a designer account makes a second account: they
  // are told so before, and afterwards stay signed in as they were, told how to use the new one.
  const signedIn = useSelector((state: WithSession) => selectUser(state));
  const home = useSelector((state: WithSession) => homePathFor(state));
  const config = useGetConfigQuery();
  const googleClientId = config.data?.google_client_id ?? '';
  const registration = useDesignerRegistration();
  const gallery = useGalleryPicker();
  const photo = usePhotoPicker();
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [step, setStep] = useState<'form' | 'access'>('form');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusSummary = useRef(false);
  const moved = useRef(false);

  useEffect(() => {
    if (focusSummary.current && errors.length > 0) {
      focusSummary.current = false;
      summaryRef.current?.focus();
      summaryRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }
  }, [errors]);

  useEffect(() => {
    if (!moved.current) return;
    // Focus the new step's heading for screen readers without jumping; the page glides to the top.
    stepHeadingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [step]);

  const change = (patch: Partial<RegistrationForm>): void => {
    setForm((current) => ({ ...current, ...patch }));
    if (errors.length > 0) {
      const touched = Object.keys(patch);
      setErrors((current) => current.filter((error) => !touched.includes(error.field)));
    }
  };

  const goTo = (next: 'form' | 'access'): void => {
    moved.current = true;
    setStep(next);
  };

  // Step two is a history entry of its own (same address): the phone's Back goes to step one with
  // everything kept, and Forward comes back to step two while the profile still holds.
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  }, [form]);
  useEffect(() => {
    // A page that opens on an entry marked as step two (a reload there, Back from /login) starts at
    // step one with an empty form: the entry says so too, so that Continua's entry follows it.
    if (entryState()?.[STEP_KEY] === 'access') replaceEntry({ [STEP_KEY]: 'form' });
    const onPop = (event: PopStateEvent): void => {
      const wanted = entryState(event.state)?.[STEP_KEY] === 'access' && validateRegistration(formRef.current).length === 0 ? 'access' : 'form';
      setSubmitError(null);
      moved.current = true;
      setStep(wanted);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const continueToAccess = (event: FormEvent): void => {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (found.length > 0) {
      focusSummary.current = true;
      return;
    }
    setSubmitError(null);
    goTo('access');
    pushEntry({ [STEP_KEY]: 'access' });
  };

  /** The provider and password routes check the whole form again first. */
  const formReady = (): boolean => {
    const found = validateRegistration(form);
    if (found.length > 0 || gallery.processing > 0 || photo.processing) {
      setErrors(found);
      setSubmitError(t('designers.alert.formFirst'));
      return false;
    }
    return true;
  };

  const finish = (outcome: RegistrationOutcome, explain: (error: AppError) => string): void => {
    if (outcome.ok) {
      // With Google the account's address is Google's, not the form's.
      const email = outcome.designer.email || form.email.trim();
      setForm(EMPTY_REGISTRATION);
      setErrors([]);
      setSubmitError(null);
      gallery.reset();
      photo.reset();
      if (signedIn) {
        // The login page would send a signed-in person on at once: they go home, told what to do.
        showToast(t('designers.register.createdSignedIn', { email }), { tone: 'success' });
        navigate(home);
        return;
      }
      // The login page greets the new designer and says the account was created (welcome=designer);
      // a toast would outlive the sign-in that follows.
      navigate(`/login?email=${encodeURIComponent(email)}&welcome=designer`);
      return;
    }
    setSubmitError(explain(outcome.error));
    const fieldErrors = serverFieldErrors(outcome.error);
    if (fieldErrors.length > 0) setErrors(fieldErrors);
  };

  const pictures = () => ({ gallery: galleryPayload(gallery.items), profilePicture: photo.value });

  const registerWithPassword = async (password: string): Promise<void> => {
    if (!formReady()) return;
    setSubmitError(null);
    finish(await registration.withPassword(registrationPayload(form, pictures()), password), registrationErrorText);
  };

  const registerWithGoogle = async (credential: string): Promise<void> => {
    if (!formReady()) return;
    setSubmitError(null);
    finish(await registration.withGoogle(registrationPayload(form, pictures()), credential), googleRegistrationErrorText);
  };

  const byField = errorsByField(errors);
  const busyPictures = gallery.processing > 0 || photo.processing;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('designers.register.eyebrow')}</p>
        <h1 className={styles.title}>{t('designers.register.title')}</h1>
        <p className={styles.lead}>{t('designers.register.lead')}</p>
        {signedIn ? <p className={styles.signedIn}>{t('designers.register.signedIn', { email: signedIn.email })}</p> : null}
      </header>

      <div className={styles.card}>
        <div className={styles.steps} aria-label={t('designers.register.steps')} role="group">
          <p className={styles.stepCount}>{t('designers.register.step', { n: step === 'form' ? 1 : 2 })}</p>
          <ol className={styles.stepBar}>
            <li className={styles.stepDone} aria-current={step === 'form' ? 'step' : undefined}>
              {t('designers.register.stepProfile')}
            </li>
            <li className={step === 'access' ? styles.stepDone : undefined} aria-current={step === 'access' ? 'step' : undefined}>
              {t('designers.register.stepAccess')}
            </li>
          </ol>
        </div>

        <h2 ref={stepHeadingRef} tabIndex={-1} className={styles.stepTitle}>
          {step === 'form' ? t('designers.register.stepProfile') : t('designers.password.title')}
        </h2>

        {step === 'form' ? (
          <form className={styles.form} onSubmit={continueToAccess} noValidate>
            <ErrorSummary ref={summaryRef} errors={errors} fieldId={fieldId} />
            {submitError ? (
              <Alert tone="error">
                <p>{submitError}</p>
              </Alert>
            ) : null}
            <ProfileFields
              form={form}
              onChange={change}
              errors={byField}
              idPrefix={ID_PREFIX}
              aboutExtra={<PhotoPicker picker={photo} id={fieldId('profile_picture')} />}
            />
            <section className={styles.section} aria-labelledby={fieldId('gallery-title')}>
              <h2 id={fieldId('gallery-title')} className={styles.sectionTitle}>
                {t('designers.form.galleryTitle')}
              </h2>
              <GalleryPicker picker={gallery} id={fieldId('gallery_images')} />
            </section>
            <section className={styles.section}>
              <div className={styles.consent}>
                <label className={styles.checkbox}>
                  <input
                    id={fieldId('privacy_consent')}
                    type="checkbox"
                    checked={form.privacy_consent}
                    onChange={(event) => change({ privacy_consent: event.target.checked })}
                    aria-invalid={byField.privacy_consent ? true : undefined}
                    aria-describedby={byField.privacy_consent ? fieldId('privacy_consent-error') : undefined}
                  />
                  <span>
                    {t('designers.field.privacyBefore')}
                    <Link to="/privacy" target="_blank" rel="noopener">
                      {t('designers.field.privacyLink')}
                      <span className="visually-hidden"> {t('designers.field.privacyNewTab')}</span>
                    </Link>
                    {t('designers.field.privacyAfter')}
                  </span>
                </label>
                {byField.privacy_consent ? (
                  <p id={fieldId('privacy_consent-error')} className={styles.fieldError}>
                    {byField.privacy_consent}
                  </p>
                ) : null}
              </div>
            </section>
            <div className={styles.formActions}>
              <p className={styles.loginHint}>
                {t('designers.register.haveAccount')} <Link to="/login">{t('designers.register.login')}</Link>
              </p>
              <Button type="submit" variant="primary" size="lg" disabled={busyPictures}>
                {t('designers.register.continue')}
              </Button>
            </div>
          </form>
        ) : (
          <PasswordStep
            email={form.email.trim()}
            googleClientId={googleClientId}
            sending={registration.sending}
            progress={registration.progress}
            error={submitError}
            offline={!online}
            onPassword={(password) => void registerWithPassword(password)}
            onGoogleCredential={(credential) => void registerWithGoogle(credential)}
            onBack={() => {
              setSubmitError(null);
              if (errors.length > 0) focusSummary.current = true;
              // Indietro is Back when step two is the entry it added, so the two never disagree.
              if (entryState()?.[STEP_KEY] === 'access') window.history.back();
              else goTo('form');
            }}
          />
        )}
      </div>
    </div>
  );
}
