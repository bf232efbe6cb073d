import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/availability';
import { Modal } from '../../../shared/ui/Modal';
import type { AvailabilityWindow } from '../api/availabilityApi';
import { AvailabilityEditor } from './AvailabilityEditor';

export interface AvailabilityModalProps {
  open: boolean;
  designerId: number | undefined;
  onClose: () => void;
  onSaved?: (windows: AvailabilityWindow[]) => void;
  onError?: (message: string) => void;
}

/** The dashboard's 'Gestione Disponibilità' modal around the weekly editor. */
export function AvailabilityModal({ open, designerId, onClose, onSaved, onError }: AvailabilityModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={t('availability.title')}>
      {open && designerId !== undefined ? <AvailabilityEditor designerId={designerId} onSaved={onSaved} onError={onError} /> : null}
    </Modal>
  );
}
