import { useId, useState, type FormEvent } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField, TextField } from '../../../shared/ui/Field';
import { Modal } from '../../../shared/ui/Modal';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { showToast } from '../../../shared/ui/Toast';
import { useGetDesignerQuery } from '../../designers/api/designersApi';
import { designerStyleLabel, STYLE_CODES } from '../../../shared/lib/designStyles';
import { FIRST_PROPOSAL_TIMES } from '../../designers/lib/designer';
import { useRunCommand } from '../../../shared/offline/command';
import { type AdminDesigner } from '../api/adminApi';
import { updateAdminDesigner } from '../commands';
import { designerEditOf, designerFormOf, validateDesignerForm, type DesignerForm, type FormErrors } from '../lib/edit';
import { adminErrorMessage, asAppError } from '../lib/errors';
import styles from './EditModals.module.css';

export interface EditDesignerModalProps {
  designer: AdminDesigner | null;
  onClose: () => void;
}

const EMPTY: DesignerForm = {
  name: '',
  email: '',
  phone: '',
  city: '',
  bio: '',
  design_style: '',
  prima_proposta: '',
  experience: '0',
  min_budget: '300',
};

/** Edits a designer's profile text with the owner's edit rules; photos stay with the designer. */
export function EditDesignerModal({ designer, onClose }: EditDesignerModalProps) {
  const formId = useId();
  const styleId = useId();
  const proposalId = useId();
  const profile = useGetDesignerQuery(designer?.id ?? 0, { skip: designer === null, refetchOnMountOrArgChange: true });
  const [original, setOriginal] = useState<DesignerForm>(EMPTY);
  const [form, setForm] = useState<DesignerForm>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<DesignerForm>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { run: update, busy: isLoading } = useRunCommand(updateAdminDesigner);
  const loaded = designer !== null && profile.data !== undefined && profile.data.id === designer.id && !profile.isFetching;

  // The loaded profile fills a fresh form: adjusted during render rather than in an effect.
  const [formFor, setFormFor] = useState<{ loaded: boolean; data: typeof profile.data } | null>(null);
  if (formFor === null || formFor.loaded !== loaded || formFor.data !== profile.data) {
    setFormFor({ loaded, data: profile.data });
    if (loaded && profile.data) {
      const next = designerFormOf(profile.data);
      setOriginal(next);
      setForm(next);
    }
    setErrors({});
    setFailure(null);
  }

  const set = (field: keyof DesignerForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!designer || !loaded) return;
    const found = validateDesignerForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const edit = designerEditOf(original, form);
    if (Object.keys(edit).length === 0) {
      setFailure(t('admin.nothingChanged'));
      return;
    }
    const result = await update({ id: designer.id, edit });
    if (result.status === 'refused') {
      setFailure(adminErrorMessage(result.error));
      return;
    }
    showToast(t('admin.saved'), { tone: 'success' });
    onClose();
  };

  const text = (field: keyof DesignerForm, label: string, extra: { type?: string; optional?: boolean; inputMode?: 'numeric' } = {}) => (
    <TextField
      label={label}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      optional={extra.optional}
      value={form[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      error={errors[field] ? t(errors[field]) : null}
      autoComplete="off"
    />
  );

  return (
    <Modal
      open={designer !== null}
      size="lg"
      title={t('admin.editDesigner.title')}
      description={designer?.email}
      onClose={onClose}
      dismissible={!isLoading}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={isLoading}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={isLoading || !loaded} aria-busy={isLoading}>
            {isLoading ? t('admin.saving') : t('admin.save')}
          </Button>
        </>
      }
    >
      {profile.isError && !loaded ? (
        <Alert tone="error">
          <p>{adminErrorMessage(asAppError(profile.error), 'admin.error.loadDesigners')}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            {t('admin.retry')}
          </Button>
        </Alert>
      ) : !loaded ? (
        <PageLoader />
      ) : (
        <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className={styles.twoCols}>
            {text('name', t('admin.field.name'))}
            {text('email', t('admin.field.email'), { type: 'email' })}
            {text('phone', t('admin.field.phone'), { type: 'tel', optional: true })}
            {text('city', t('admin.field.city'))}
          </div>
          <TextAreaField
            label={t('admin.field.bio')}
            rows={4}
            value={form.bio}
            onChange={(event) => set('bio')(event.currentTarget.value)}
            error={errors.bio ? t(errors.bio) : null}
          />
          <div className={styles.twoCols}>
            <div className={styles.selectField}>
              <label htmlFor={styleId} className={styles.selectLabel}>
                {t('admin.field.style')}
              </label>
              <select id={styleId} className={styles.select} value={form.design_style} onChange={(event) => set('design_style')(event.currentTarget.value)}>
                {STYLE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {`${code} · ${designerStyleLabel(code)}`}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.selectField}>
              <label htmlFor={proposalId} className={styles.selectLabel}>
                {t('admin.field.primaProposta')}
              </label>
              <select
                id={proposalId}
                className={styles.select}
                value={form.prima_proposta}
                onChange={(event) => set('prima_proposta')(event.currentTarget.value)}
              >
                {FIRST_PROPOSAL_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </select>
            </div>
            {text('experience', t('admin.field.experience'), { inputMode: 'numeric' })}
            {text('min_budget', t('admin.field.minBudget'), { inputMode: 'numeric' })}
          </div>
          <p className={styles.hint}>{t('admin.editDesigner.hint')}</p>
        </form>
      )}
    </Modal>
  );
}
