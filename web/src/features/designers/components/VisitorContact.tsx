import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { registrationFor } from '../../../shared/lib/journey';
import { Button } from '../../../shared/ui/Button';
import { RegistrationRequiredModal } from '../../../shared/ui/RegistrationRequiredModal';
import type { Designer } from '../lib/designer';
import styles from './VisitorContact.module.css';

export interface VisitorContactProps {
  designer: Pick<Designer, 'id' | 'name' | 'profile_picture'>;
  /** "direct" (portfolio) goes to registration at once; "confirm" (public profile) asks first. */
  flow: 'direct' | 'confirm';
  /** "button" with the label, or a round "icon" button. */
  appearance?: 'button' | 'icon';
}

/**
 * Contacting a designer as a visitor: the designer and this page are remembered in the journey
 * (pendingDesigner, returnAfterRegistration) and the visitor goes to
 * /login?mode=register&redirect=contact (with the questionnaire's lead when there is one); after
 * registering they come back here and the contact dialog reopens.
 */
export function VisitorContact({ designer, flow, appearance = 'button' }: VisitorContactProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [asking, setAsking] = useState(false);
  const goRegister = (): void => {
    const { to, state } = registrationFor(
      {
        kind: 'contact',
        designer: { id: designer.id, name: designer.name, ...(designer.profile_picture ? { profile_picture: designer.profile_picture } : {}) },
      },
      `${location.pathname}${location.search}`,
    );
    navigate(to, { state });
  };
  const onClick = (): void => (flow === 'direct' ? goRegister() : setAsking(true));
  return (
    <>
      {appearance === 'icon' ? (
        <button type="button" className={styles.icon} onClick={onClick} aria-label={t('designers.contactIcon', { name: designer.name })}>
          <ChatGlyph />
        </button>
      ) : (
        <Button variant="primary" size="lg" onClick={onClick} icon={<ChatGlyph />}>
          {t('designers.contact')}
        </Button>
      )}
      <RegistrationRequiredModal open={asking} reason="contact" onRegister={goRegister} onCancel={() => setAsking(false)} />
    </>
  );
}

function ChatGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round">
      <path d="M4 5.5h16v10.5H9.5L5 19.5V16H4z" />
      <path d="M8 10h8M8 13h5" strokeLinecap="round" />
    </svg>
  );
}
