import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { logout } from '../../../shared/session/logout';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { Modal, whileOpen } from '../../../shared/ui/Modal';
import { showToast } from '../../../shared/ui/Toast';
import { useRunCommand } from '../../../shared/offline/command';
import { deleteDesignerProfile, editDesignerProfile, editDesignerWithPictures } from '../commands';
import { useDesignersDispatch } from '../hooks/useDesignersDispatch';
import { useGalleryPicker, usePhotoPicker } from '../hooks/usePicturePicker';
import type { Designer } from '../lib/designer';
import { deletionError, profileUpdateError, type ExplainedError } from '../lib/errors';
import { editFormOf, editPayload, errorsByField, validateEdit, type EditForm, type FormError, type FormField } from '../lib/form';
import { galleryChanged, galleryPayload } from '../lib/gallery';
import { ErrorSummary } from './ErrorSummary';
import { GalleryPicker } from './GalleryPicker';
import { PhotoPicker } from './PhotoPicker';
import { ProfileFields } from './ProfileFields';
import styles from './EditProfileModal.module.css';

const ID_PREFIX = 'designer-edit';
const fieldId = (field: FormField | string): string => `${ID_PREFIX}-${field}`;

export interface EditProfileModalProps {
  designer: Designer;
  open: boolean;
  onClose: () => void;
}

/** The text fields of an edit as they will read on screen, for showing an offline edit at once. */
function textPatch(form: EditForm): Partial<Designer> {
  const body = editPayload(form);
  return {
    ...(body as Partial<Designer>),
    website: form.website.trim(),
    social_website: '',
  };
}

function ErrorDetails({ error }: { error: ExplainedError }) {
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      {error.detail ? <p className={styles.detail}>{t('designers.update.detail', { detail: error.detail })}</p> : null}
    </Alert>
  );
}

/**
 * The dashboard's edit modal: the registration checks plus experience and a minimum budget of €300,
 * the profile photo, the gallery (keep, remove, reorder, add), and account deletion. Offline, text
 * edits wait in the outbox; picture changes need a connection and say so.
 */
function OpenEditProfileModal({ designer, open, onClose }: EditProfileModalProps) {
  const dispatch = useDesignersDispatch();
  const navigate = useNavigate();
  const online = useOnline();
  const textEdit = useRunCommand(editDesignerProfile);
  const pictureEdit = useRunCommand(editDesignerWithPictures);
  const saving = textEdit.busy || pictureEdit.busy;
  const { run: deleteDesigner, busy: deleting } = useRunCommand(deleteDesignerProfile);
  const gallery = useGalleryPicker(designer.gallery_images);
  const photo = usePhotoPicker(designer.profile_picture);
  const [form, setForm] = useState<EditForm>(() => editFormOf(designer));
  const [errors, setErrors] = useState<FormError[]>([]);
  const [failure, setFailure] = useState<ExplainedError | null>(null);
  const [offlineImages, setOfflineImages] = useState(false);
  const [view, setView] = useState<'edit' | 'delete'>('edit');
  const [deleteFailure, setDeleteFailure] = useState<ExplainedError | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const cancelDeleteRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (errors.length > 0 || failure) summaryRef.current?.focus();
  }, [errors, failure]);

  const change = (patch: Partial<EditForm>): void => {
    setForm((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    setErrors((current) => current.filter((error) => !touched.includes(error.field)));
  };

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    setOfflineImages(false);
    const found = validateEdit(form);
    setErrors(found);
    if (found.length > 0) return;
    const picturesChanged = galleryChanged(designer.gallery_images, gallery.items) || photo.changed;
    const body = editPayload(form);
    if (galleryChanged(designer.gallery_images, gallery.items)) body.gallery_images = galleryPayload(gallery.items);
    if (photo.changed) body.profile_picture = photo.value;

    // Text edits are the queued editDesignerProfile: sent at once online, kept for later offline
    // (or when the server could not answer, with the same key, so the retry is replayed rather than
    // applied twice). Pictures are never kept on the device: they go now or are refused now.
    const result = picturesChanged
      ? await pictureEdit.run({ id: designer.id, body })
      : await textEdit.run({ id: designer.id, body, patch: textPatch(form) });
    if (result.status === 'queued') {
      showToast(t(online ? 'designers.edit.retrying' : 'designers.edit.queued'), { tone: 'info' });
      onClose();
      return;
    }
    if (result.status === 'refused') {
      if (result.error.reason === 'offline') setOfflineImages(true);
      else setFailure(profileUpdateError(result.error));
      return;
    }
    showToast(t('designers.edit.saved'), { tone: 'success' });
    onClose();
  };

  const confirmDelete = async (): Promise<void> => {
    setDeleteFailure(null);
    const result = await deleteDesigner({ id: designer.id });
    if (result.status === 'refused') {
      setDeleteFailure(deletionError(result.error));
      return;
    }
    showToast(t('designers.delete.success'), { tone: 'success' });
    await dispatch(logout());
    navigate('/', { replace: true });
  };

  const byField = errorsByField(errors);
  const busyPictures = gallery.processing > 0 || photo.processing;

  if (view === 'delete') {
    return (
      <Modal
        open={open}
        onClose={() => setView('edit')}
        title={t('designers.delete.title')}
        size="sm"
        initialFocusRef={cancelDeleteRef}
        footer={
          <>
            <Button ref={cancelDeleteRef} variant="secondary" onClick={() => setView('edit')} disabled={deleting}>
              {t('designers.delete.cancel')}
            </Button>
            <Button className={styles.danger} onClick={() => void confirmDelete()} disabled={deleting}>
              {deleting ? t('designers.delete.busy') : t('designers.delete.confirmButton')}
            </Button>
          </>
        }
      >
        <p>{t('designers.delete.confirm')}</p>
        {deleteFailure ? (
          <div className={styles.deleteError}>
            <ErrorDetails error={deleteFailure} />
          </div>
        ) : null}
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('designers.edit.title')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('designers.edit.cancel')}
          </Button>
          <Button type="submit" form={fieldId('form')} variant="primary" disabled={saving || busyPictures}>
            {saving ? t('designers.edit.saving') : t('designers.edit.save')}
          </Button>
        </>
      }
    >
      <form id={fieldId('form')} className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <div ref={summaryRef} tabIndex={-1} className={styles.messages}>
          <ErrorSummary errors={errors} fieldId={fieldId} />
          {failure ? <ErrorDetails error={failure} /> : null}
          {offlineImages ? (
            <Alert tone="warning">
              <p>{t('designers.edit.offlineImages')}</p>
            </Alert>
          ) : null}
        </div>
        <ProfileFields
          form={form}
          onChange={change}
          errors={byField}
          idPrefix={ID_PREFIX}
          disabled={saving}
          aboutExtra={<PhotoPicker picker={photo} id={fieldId('profile_picture')} disabled={saving} />}
          workExtra={
            <div className={styles.business}>
              <TextField
                id={fieldId('experience')}
                label={t('designers.field.experience')}
                inputMode="numeric"
                value={form.experience}
                error={byField.experience ?? null}
                disabled={saving}
                onChange={(event) => change({ experience: event.target.value })}
              />
              <TextField
                id={fieldId('min_budget')}
                label={t('designers.field.minBudget')}
                hint={t('designers.field.minBudgetHint')}
                inputMode="numeric"
                value={form.min_budget}
                error={byField.min_budget ?? null}
                disabled={saving}
                onChange={(event) => change({ min_budget: event.target.value })}
              />
            </div>
          }
        />
        <section className={styles.section} aria-labelledby={fieldId('gallery-title')}>
          <h2 id={fieldId('gallery-title')} className={styles.sectionTitle}>
            {t('designers.form.galleryTitle')}
          </h2>
          <GalleryPicker picker={gallery} id={fieldId('gallery_images')} disabled={saving} />
        </section>
        <section className={`${styles.section} ${styles.dangerZone}`} aria-labelledby={fieldId('delete-title')}>
          <h2 id={fieldId('delete-title')} className={styles.sectionTitle}>
            {t('designers.delete.zoneTitle')}
          </h2>
          <p className={styles.dangerText}>{t('designers.delete.zoneBody')}</p>
          <Button variant="secondary" className={styles.dangerButton} onClick={() => setView('delete')} disabled={saving}>
            {t('designers.delete.open')}
          </Button>
        </section>
      </form>
    </Modal>
  );
}

/**
 * Every opening starts from what the server last said (the form and both pickers); a server update
 * while it is open does not wipe what is being typed.
 */
export const EditProfileModal = whileOpen(OpenEditProfileModal);
