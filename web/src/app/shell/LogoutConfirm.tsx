import { useRef } from 'react';
import { t } from '../../shared/i18n/t';
import { useOutboxStatus } from '../../shared/offline/useOutboxStatus';
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
 */
export function LogoutConfirm({ open, onCancel, onDone }: LogoutConfirmProps) {
  const dispatch = useDispatch<AppDispatch>();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { pending } = useOutboxStatus();
  const confirm = async (): Promise<void> => {
    // signOut queues the server logout through the outbox: loaded when first used.
    const { signOut } = await import('../../shared/session/signOut');
    await dispatch(signOut('device'));
    onDone();
  };
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('logout.title')}
      size="sm"
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
            {t('logout.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void confirm()}>
            {t('logout.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('logout.body')}</p>
      {pending > 0 ? <p className={styles.pending}>{t('logout.pending', { count: pending })}</p> : null}
    </Modal>
  );
}
