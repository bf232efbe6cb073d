import { useId, useState, type FormEvent } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Alert } from '../../../shared/ui/Alert';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { ADMIN_CACHE_SECONDS, useAdminDesignersQuery, type AdminDesigner } from '../api/adminApi';
import { useBulkDelete } from '../hooks/useBulkDelete';
import { adminErrorMessage, asAppError } from '../lib/errors';
import { filterRows } from '../lib/table';
import { ConfirmDeletionModal } from './ConfirmDeletionModal';
import styles from './RemoveDesignerPage.module.css';

function RemoveDesigner() {
  const formId = useId();
  const list = useAdminDesignersQuery(undefined, { refetchOnMountOrArgChange: ADMIN_CACHE_SECONDS });
  const [email, setEmail] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [target, setTarget] = useState<AdminDesigner | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = useBulkDelete('designers');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setEmailError(t('admin.remove.emailRequired'));
      return;
    }
    setEmailError(null);
    setSearched(email.trim());
  };
  const rows = searched ? filterRows(list.data ?? [], searched, ['email'] as const) : (list.data ?? []);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await remove([target.id]);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('admin.remove.heading')}</h1>
        <p className={styles.lead}>{t('admin.remove.lead')}</p>
        <ButtonLink to="/admin?tab=designers" variant="ghost">
          {t('admin.remove.backToPanel')}
        </ButtonLink>
      </header>
      <form id={formId} className={styles.search} onSubmit={submit} noValidate>
        <TextField
          label={t('admin.remove.email')}
          type="email"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.currentTarget.value)}
          autoComplete="off"
        />
        <div className={styles.searchButtons}>
          <Button type="submit">{t('admin.remove.search')}</Button>
          {searched ? (
            <Button
              variant="ghost"
              onClick={() => {
                setSearched(null);
                setEmail('');
              }}
            >
              {t('admin.remove.clear')}
            </Button>
          ) : null}
        </div>
      </form>
      {list.isError && !list.data ? (
        <Alert tone="error">
          <p>{adminErrorMessage(asAppError(list.error), 'admin.error.loadDesigners')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('admin.retry')}
          </Button>
        </Alert>
      ) : !list.data ? (
        <PageLoader />
      ) : (
        <section aria-labelledby={`${formId}-list`} className={styles.listSection}>
          <h2 id={`${formId}-list`} className={styles.listTitle}>
            {searched ? t('admin.remove.found', { email: searched, count: rows.length }) : t('admin.remove.all', { count: rows.length })}
          </h2>
          {rows.length === 0 && searched ? <p className={styles.empty}>{t('admin.remove.noMatch', { email: searched })}</p> : null}
          <ul className={styles.list}>
            {rows.map((designer) => (
              <li key={designer.id} className={styles.item}>
                <div className={styles.who}>
                  <strong>{designer.name}</strong>
                  <span>{designer.email}</span>
                  <span className={styles.city}>{designer.city}</span>
                </div>
                <Button variant="secondary" onClick={() => setTarget(designer)} aria-label={t('admin.remove.deleteLabel', { name: designer.name })}>
                  {t('admin.remove.delete')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConfirmDeletionModal
        open={target !== null}
        kind="designers"
        count={1}
        busy={busy}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

/**
 * /remove-designer: search designers by e-mail, or pick from the list of all, and delete one. The
 * spec shows no role check on this screen; ours is admin-only (RequireRole on the route), like the
 * server's routes it calls, so its deletions are audited.
 */
export function RemoveDesignerPage() {
  return <RemoveDesigner />;
}
