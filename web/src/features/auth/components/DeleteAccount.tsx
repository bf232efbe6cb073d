import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { logout } from '../../../shared/session/logout';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { showToast } from '../../../shared/ui/Toast';
import { useRunCommand } from '../../../shared/offline/command';
import { deleteAccount as deleteAccountCommand } from '../commands';
import { useAuthDispatch } from '../hooks/useAuthDispatch';
import { isOffline } from '../lib/authErrors';
import styles from './Profile.module.css';

/**
 * "Elimina account": a confirmation, then DELETE /api/users/me; on success the device logs out and
 * goes home with "Account eliminato con successo.". The deleteAccount command (keep: 'never'):
 * offline it is refused at once and the dialog says the deletion needs the connection.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { run: deleteAccount, busy: isLoading } = useRunCommand(deleteAccountCommand);
  const dispatch = useAuthDispatch();
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async (): Promise<void> => {
    if (isLoading) return;
    setError(null);
    const result = await deleteAccount(undefined);
    if (result.status === 'refused') {
      setError(isOffline(result.error) ? t('account.delete.offline') : t('account.delete.failed'));
      return;
    }
    await dispatch(logout());
    showToast(t('account.delete.success'), { tone: 'success' });
    navigate('/', { replace: true });
  };

  return (
    <div className={styles.danger}>
      <h2 className={styles.dangerTitle}>{t('account.delete.zoneTitle')}</h2>
      <p className={styles.panelLead}>{t('account.delete.zoneBody')}</p>
      <Button variant="secondary" className={styles.dangerButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('account.delete.open')}
      </Button>
      <Modal
        open={open}
        onClose={() => (isLoading ? undefined : setOpen(false))}
        title={t('account.delete.title')}
        size="sm"
        initialFocusRef={cancelRef}
        footer={
          <>
            <Button ref={cancelRef} variant="secondary" onClick={() => setOpen(false)} disabled={isLoading}>
              {t('account.delete.cancel')}
            </Button>
            <Button variant="primary" className={styles.dangerSolid} onClick={() => void confirm()} disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? t('account.delete.busy') : t('account.delete.confirmButton')}
            </Button>
          </>
        }
      >
        <p>{t('account.delete.confirm')}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </Modal>
    </div>
  );
}
