import { useRef, useState } from 'react';
import { t } from '../../shared/i18n/t';
import { useOutboxStatus } from '../../shared/offline/useOutboxStatus';
import { signOutDevice } from '../../shared/session/signOutDevice';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Modal } from '../../shared/ui/Modal';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../store';
import styles from './LogoutConfirm.module.css';

export interface LogoutConfirmProps {
  open: boolean;
  onCancel: () => void;
  onDone: () => void;
}

/**
 * Asks before logging out and says what happens to actions still waiting to be sent. Logging out
 * ends the session on the server too (queued when offline), so a copy of the token stops working.
 * If the logout's code cannot be fetched (offline before the app could load it), the dialog stays
 * and says so: the person stays signed in rather than leaving a token the server never hears about.
 */
export function LogoutConfirm({ open, onCancel, onDone }: LogoutConfirmProps) {
  const dispatch = useDispatch<AppDispatch>();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { pending } = useOutboxStatus();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const confirm = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    if (!(await signOutDevice(dispatch))) {
      setBusy(false);
      setFailed(true);
      return;
    }
    setBusy(false);
    onDone();
  };
  const cancel = (): void => {
    if (busy) return;
    setFailed(false);
    onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={cancel}
      title={t('logout.title')}
      size="sm"
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy}>
            {t('logout.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {t('logout.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('logout.body')}</p>
      {pending > 0 ? <p className={styles.pending}>{t('logout.pending', { count: pending })}</p> : null}
      {failed ? <Alert className={styles.failed}>{t(navigator.onLine ? 'error.network' : 'error.onlineOnly')}</Alert> : null}
    </Modal>
  );
}
