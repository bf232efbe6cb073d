import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';

export interface ConfirmDeletionModalProps {
  open: boolean;
  kind: 'users' | 'designers';
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The spec's "Confirm Deletion" dialog; it cannot be dismissed while deleting. */
export function ConfirmDeletionModal({ open, kind, count, busy, onCancel, onConfirm }: ConfirmDeletionModalProps) {
  return (
    <Modal
      open={open}
      size="sm"
      title={t('admin.confirm.title')}
      dismissible={!busy}
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('admin.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? t('admin.confirm.deleting') : t('admin.confirm.delete')}
          </Button>
        </>
      }
    >
      <p>{kind === 'users' ? t('admin.confirm.users', { count }) : t('admin.confirm.designers', { count })}</p>
      <p>
        <strong>{t('admin.confirm.irreversible')}</strong>
      </p>
    </Modal>
  );
}
