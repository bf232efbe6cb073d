import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { MAX_LENGTH, tooLongMessage } from '../../../shared/lib/limits';
import { useRunCommand } from '../../../shared/offline/command';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { Modal, whileOpen } from '../../../shared/ui/Modal';
import { showToast } from '../../../shared/ui/Toast';
import { editAccount, editAccountWithPhoto } from '../commands';
import { useAuthDispatch } from '../hooks/useAuthDispatch';
import { parseProfile, type Account } from '../lib/account';
import { isEmailTaken, isOffline } from '../lib/authErrors';
import { checkPhotoContent, checkProfile, type ProfileField, type ProfileValues } from '../lib/profileValidation';
import { syncStoredUser } from '../lib/session';
import styles from './Profile.module.css';

export interface EditProfileModalProps {
  open: boolean;
  account: Account;
  onClose: () => void;
}

/** What the server said, placed on the field it is about when it is about one. */
function serverProblem(error: AppError): { field?: ProfileField; text: string } {
  if (error.reason === 'image_format' || error.status === 415) return { field: 'photo', text: t('account.edit.photoFormat') };
  if (error.reason === 'image_too_large' || error.status === 413) return { field: 'photo', text: t('account.edit.photoSize') };
  if (isEmailTaken(error)) return { field: 'email', text: t('account.edit.emailTaken') };
  const field = error.fields.find((f) => f.field === 'name' || f.field === 'email' || f.field === 'location');
  const tooLong = field ? tooLongMessage(field) : null;
  if (field && tooLong !== null) return { field: field.field as 'name' | 'email' | 'location', text: tooLong };
  if (field?.field === 'name') return { field: 'name', text: t('account.edit.nameRequired') };
  if (field?.field === 'email') return { field: 'email', text: t('account.edit.emailFormat') };
  return { text: error.message || t('account.edit.failed') };
}

/**
 * "Modifica profilo" for customers: name, e-mail, location and photo with a preview, the spec's
 * validation texts, and the server's answer on the right field. Offline, the text changes wait in
 * the outbox and show at once; a new photo needs a connection.
 */
function OpenEditProfileModal({ open, account, onClose }: EditProfileModalProps) {
  const [values, setValues] = useState<ProfileValues>({ name: account.name, email: account.email, location: account.location });
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checkingPhoto, setCheckingPhoto] = useState(false);
  const textEdit = useRunCommand(editAccount);
  const photoEdit = useRunCommand(editAccountWithPhoto);
  const isLoading = textEdit.busy || photoEdit.busy;
  const dispatch = useAuthDispatch();
  const online = useOnline();
  const fileId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!photo) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the loaded profile fills the form once (pending rework, issue 18)
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  // Checked by name, size and content (its first bytes) as soon as it is chosen.
  const choosePhoto = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    setCheckingPhoto(true);
    const problem = await checkPhotoContent(file);
    setCheckingPhoto(false);
    setErrors((e) => ({ ...e, photo: problem ?? undefined }));
    setPhoto(problem ? null : file);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (isLoading || checkingPhoto) return;
    setFormError(null);
    const problems = checkProfile(values, photo);
    setErrors(problems);
    if (problems.name) nameRef.current?.focus();
    else if (problems.email) emailRef.current?.focus();
    if (Object.keys(problems).length > 0) return;
    // Text changes are the queued editAccount: sent at once online, kept for later offline (or when
    // the server could not answer, with the same key, so the retry is replayed rather than applied
    // twice). A new photo is never kept on the device: it goes now or is refused now.
    const result = photo
      ? await photoEdit.run({ userId: account.id, values, picture: photo })
      : await textEdit.run({ userId: account.id, values });
    if (result.status === 'queued') {
      showToast(t(online ? 'account.edit.retrying' : 'account.edit.queued'), { tone: 'info' });
      onClose();
      return;
    }
    if (result.status === 'sent') {
      try {
        const profile = parseProfile(result.response);
        dispatch(syncStoredUser(profile.user, profile.has_designer));
      } catch {
        // The cached profile is read again (the command's onSent); the stored user keeps its name.
      }
      showToast(t('account.edit.saved'), { tone: 'success' });
      onClose();
      return;
    }
    const problem = serverProblem(result.error);
    if (problem.field) {
      setErrors((e) => ({ ...e, [problem.field as ProfileField]: problem.text }));
      const refs: Partial<Record<ProfileField, typeof nameRef>> = { name: nameRef, email: emailRef, location: locationRef };
      refs[problem.field]?.current?.focus();
    } else setFormError(isOffline(result.error) && photo ? t('account.edit.offlinePhoto') : problem.text);
  };

  // A field's message goes as soon as the field is corrected, not at the next save.
  const set = (name: keyof ProfileValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: e.target.value };
    setValues(next);
    const fresh = checkProfile(next, null);
    setErrors((shown) => (shown[name] !== undefined ? { ...shown, [name]: fresh[name] } : shown));
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('account.edit.title')}
      initialFocusRef={nameRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('account.edit.cancel')}
          </Button>
          <Button type="submit" form="edit-profile-form" disabled={isLoading || checkingPhoto} aria-busy={isLoading}>
            {isLoading ? t('account.edit.saving') : t('account.edit.save')}
          </Button>
        </>
      }
    >
      <form id="edit-profile-form" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {!online ? <Alert tone="warning">{t('account.edit.queued')}</Alert> : null}
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className={styles.photoRow}>
          <Avatar
            name={values.name || account.name}
            picture={preview ?? account.profile_picture}
            size="lg"
            tone="accent"
            alt={t('account.header.avatarAlt', { name: values.name || account.name })}
            priority
            className={styles.avatar}
          />
          <div className={styles.photoControls}>
            <span className={styles.photoLabel} id={`${fileId}-label`}>
              {t('account.edit.photo')}
            </span>
            <input
              id={fileId}
              className={styles.fileInput}
              type="file"
              accept="image/jpeg,image/png,image/gif"
              aria-labelledby={`${fileId}-label ${fileId}-button`}
              aria-describedby={`${fileId}-hint${errors.photo ? ` ${fileId}-error` : ''}`}
              aria-invalid={errors.photo ? true : undefined}
              onChange={(e) => {
                void choosePhoto(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <label htmlFor={fileId} className={styles.fileButton} id={`${fileId}-button`}>
              {account.profile_picture || photo ? t('account.edit.photoChange') : t('account.edit.photoChoose')}
            </label>
            {photo ? (
              <Button variant="ghost" onClick={() => setPhoto(null)}>
                {t('account.edit.photoRemoveChoice')}
              </Button>
            ) : null}
            <span className={styles.hint} id={`${fileId}-hint`}>
              {t('account.edit.photoHint')}
            </span>
            {errors.photo ? (
              <span className={styles.error} id={`${fileId}-error`}>
                {errors.photo}
              </span>
            ) : null}
          </div>
        </div>
        <TextField ref={nameRef} label={t('account.edit.name')} name="name" autoComplete="name" maxLength={MAX_LENGTH.name} value={values.name} error={errors.name} onChange={set('name')} />
        <TextField
          ref={emailRef}
          label={t('account.edit.email')}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={MAX_LENGTH.email}
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          ref={locationRef}
          label={t('account.edit.location')}
          name="location"
          autoComplete="address-level2"
          maxLength={MAX_LENGTH.location}
          optional
          hint={t('account.edit.locationHint')}
          value={values.location}
          error={errors.location}
          onChange={set('location')}
        />
      </form>
    </Modal>
  );
}

/**
 * Each opening starts from the account as it is then; a refreshed account while the form is open
 * does not wipe what is being typed.
 */
export const EditProfileModal = whileOpen(OpenEditProfileModal);
