import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { registrationFor } from '../../../shared/lib/journey';
import { selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import { Button, type ButtonSize, type ButtonVariant } from '../../../shared/ui/Button';
import { RegistrationRequiredModal } from '../../../shared/ui/RegistrationRequiredModal';
import { ChatModal } from './ChatModal';
import { ContactModal } from './ContactModal';
import styles from './Chat.module.css';

/** The spec's delay before the contact dialog reopens after returning from registration. */
export const RETURN_TO_CONTACT_DELAY_MS = 500;

export interface ContactButtonProps {
  designer: { id: number; name: string; profile_picture?: string };
  /**
   * Visitors: "direct" (portfolio) goes to registration at once; "confirm" (public profile) asks
   * first; "compose" (designer cards) lets them write the message, then asks them to register — the
   * message waits in the journey and is sent once they are signed in.
   */
  flow?: 'direct' | 'confirm' | 'compose';
  /** "button" with the label, or a round "icon" button. */
  appearance?: 'button' | 'icon';
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export interface ContactDialogsProps {
  open: boolean;
  designer: { id: number; name: string };
  onClose: () => void;
  /** Text to start with (the message a visitor typed before registering). */
  initialMessage?: string;
}

/** The signed-in contact dialog and, once the message is sent, the chat with that designer. */
export function ContactDialogs({ open, designer, onClose, initialMessage = '' }: ContactDialogsProps) {
  const [chatOpen, setChatOpen] = useState(false);
  return (
    <>
      <ContactModal
        open={open}
        designer={designer}
        initialMessage={initialMessage}
        onClose={onClose}
        onOpenChat={() => {
          onClose();
          setChatOpen(true);
        }}
      />
      <ChatModal open={chatOpen} side="user" designerId={designer.id} onClose={() => setChatOpen(false)} />
    </>
  );
}

/**
 * "Contatta Designer". Signed in, it opens the contact dialog (and then the chat); a visitor is sent
 * to register first, with the designer, the message typed (if any) and this page kept in the journey
 * (pendingDesigner, pendingContact, returnAfterRegistration). Back signed in, the app's journey
 * resumer sends the message, or reopens the dialog after 0.5 s when nothing was typed.
 */
export function ContactButton({ designer, flow = 'direct', appearance = 'button', variant = 'primary', size = 'lg' }: ContactButtonProps) {
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');

  const goRegister = (): void => {
    const { to, state } = registrationFor(
      {
        kind: 'contact',
        designer: { id: designer.id, name: designer.name, ...(designer.profile_picture ? { profile_picture: designer.profile_picture } : {}) },
        ...(typed ? { message: typed } : {}),
      },
      `${location.pathname}${location.search}`,
    );
    navigate(to, { state });
  };
  const onClick = (): void => {
    if (loggedIn || flow === 'compose') setOpen(true);
    else if (flow === 'direct') goRegister();
    else setAsking(true);
  };

  return (
    <>
      {appearance === 'icon' ? (
        <button type="button" className={styles.iconButton} onClick={onClick} aria-label={t('designers.contactIcon', { name: designer.name })}>
          <ChatGlyph />
        </button>
      ) : (
        <Button variant={variant} size={size} onClick={onClick} icon={<ChatGlyph />}>
          {t('designers.contact')}
        </Button>
      )}
      <RegistrationRequiredModal
        open={asking}
        reason="contact"
        onRegister={goRegister}
        onCancel={() => {
          // Giving up keeps the text in the dialog for this visit, and sends nothing later.
          setAsking(false);
          if (typed) setOpen(true);
        }}
      />
      {!loggedIn && flow === 'compose' ? (
        <ContactModal
          open={open}
          designer={designer}
          initialMessage={typed}
          onClose={() => setOpen(false)}
          onRequireLogin={(text) => {
            setTyped(text);
            setOpen(false);
            setAsking(true);
          }}
        />
      ) : null}
      {loggedIn ? <ContactDialogs open={open} designer={designer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The speech-bubble glyph of the contact buttons. */
export function ChatGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round">
      <path d="M4 5.5h16v10.5H9.5L5 19.5V16H4z" />
      <path d="M8 10h8M8 13h5" strokeLinecap="round" />
    </svg>
  );
}
