import { useRef } from 'react';
import { t } from '../i18n/t';
import '../i18n/parts/registrationRequired';
import { Button } from './Button';
import { Modal } from './Modal';

/** What a visitor tried to do: each has its own sentence (customer spec, section 6). */
export type RegistrationReason = 'contact' | 'booking' | 'like';

const BODY = {
  contact: () => t('registrationRequired.contact'),
  booking: () => t('registrationRequired.booking'),
  like: () => t('registrationRequired.like'),
} as const;

export interface RegistrationRequiredModalProps {
  open: boolean;
  reason: RegistrationReason;
  onRegister: () => void;
  onCancel: () => void;
}

/** "Registrazione Richiesta": a visitor tried something that needs an account. */
export function RegistrationRequiredModal({ open, reason, onRegister, onCancel }: RegistrationRequiredModalProps) {
  const registerRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('registrationRequired.title')}
      size="sm"
      initialFocusRef={registerRef}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('registrationRequired.cancel')}
          </Button>
          <Button ref={registerRef} variant="primary" onClick={onRegister}>
            {t('registrationRequired.register')}
          </Button>
        </>
      }
    >
      <p>{BODY[reason]()}</p>
    </Modal>
  );
}
