import { useId, useState, type FormEvent } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { Modal } from '../../../shared/ui/Modal';
import { showToast } from '../../../shared/ui/Toast';
import { useRunCommand } from '../../../shared/offline/command';
import { type AdminUser } from '../api/adminApi';
import { updateAdminUser } from '../commands';
import { userEditOf, userFormOf, validateUserForm, type FormErrors, type UserForm } from '../lib/edit';
import { adminErrorMessage } from '../lib/errors';
import styles from './EditModals.module.css';

export interface EditUserModalProps {
  user: AdminUser | null;
  onClose: () => void;
}

/** Edits an account's name, e-mail and location: the fields its owner can change. */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const formId = useId();
  const [form, setForm] = useState<UserForm>({ name: '', email: '', location: '' });
  const [errors, setErrors] = useState<FormErrors<UserForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { run: update, busy: isLoading } = useRunCommand(updateAdminUser);

  // Another account opens a fresh form: adjusted during render rather than in an effect, so the old
  // account's fields never show for a commit.
  const [formFor, setFormFor] = useState<AdminUser | null | undefined>(undefined);
  if (formFor !== user) {
    setFormFor(user);
    if (user) setForm(userFormOf(user));
    setErrors({});
    setFailure(null);
  }

  const set = (field: keyof UserForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const found = validateUserForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const edit = userEditOf(userFormOf(user), form);
    if (Object.keys(edit).length === 0) {
      setFailure(t('admin.nothingChanged'));
      return;
    }
    const result = await update({ id: user.id, edit });
    if (result.status === 'refused') {
      setFailure(adminErrorMessage(result.error));
      return;
    }
    showToast(t('admin.saved'), { tone: 'success' });
    onClose();
  };

  return (
    <Modal
      open={user !== null}
      title={t('admin.editUser.title')}
      description={user?.email}
      onClose={onClose}
      dismissible={!isLoading}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={isLoading}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={isLoading} aria-busy={isLoading}>
            {isLoading ? t('admin.saving') : t('admin.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TextField
          label={t('admin.field.name')}
          value={form.name}
          onChange={(event) => set('name')(event.currentTarget.value)}
          error={errors.name ? t(errors.name) : null}
          autoComplete="off"
        />
        <TextField
          label={t('admin.field.email')}
          type="email"
          value={form.email}
          onChange={(event) => set('email')(event.currentTarget.value)}
          error={errors.email ? t(errors.email) : null}
          autoComplete="off"
        />
        <TextField
          label={t('admin.field.location')}
          optional
          value={form.location}
          onChange={(event) => set('location')(event.currentTarget.value)}
          autoComplete="off"
        />
      </form>
    </Modal>
  );
}
