import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { signOut } from '../../../shared/session/signOut';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { showToast } from '../../../shared/ui/Toast';
import { useAuthDispatch } from '../hooks/useAuthDispatch';
import styles from './Profile.module.css';

/**
 * "Esci da tutti i dispositivi": after a confirmation, every session of the account ends on the
 * server (POST /api/auth/logout-all) and this device logs out and goes home. Offline, the request
 * waits in the outbox and the other devices are signed out when the connection returns. Customers
 * find it in "Account e sicurezza" on their profile, designers at the foot of their dashboard;
 * `className` replaces the block's own look where the page frames it.
 */
export function LogoutEverywhere({ className }: { className?: string } = {}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dispatch = useAuthDispatch();
  const navigate = useNavigate();
  const online = useOnline();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    await dispatch(signOut('everywhere'));
    showToast(online ? t('account.security.everywhereDone') : t('account.security.everywhereQueued'), { tone: online ? 'success' : 'info' });
    navigate('/', { replace: true });
  };

  return (
    <div className={className ?? styles.everywhere}>
      <h3 className={styles.everywhereTitle}>{t('account.security.everywhereTitle')}</h3>
      <p className={styles.panelLead}>{t('account.security.everywhereBody')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('account.security.everywhereOpen')}
      </Button>
      <Modal
        open={open}
        onClose={() => (busy ? undefined : setOpen(false))}
        title={t('account.security.everywhereConfirmTitle')}
        size="sm"
        initialFocusRef={cancelRef}
        footer={
          <>
            <Button ref={cancelRef} variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              {t('account.security.everywhereCancel')}
            </Button>
            <Button variant="primary" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {t('account.security.everywhereConfirmButton')}
            </Button>
          </>
        }
      >
        <p>{t('account.security.everywhereConfirm')}</p>
      </Modal>
    </div>
  );
}
