import { useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import {
  clearPendingContact,
  clearPendingContactMessage,
  CONTACT_LOGIN_PATH,
  readPendingContact,
  readPendingContactMessage,
  storePendingContact,
  storePendingContactMessage,
} from '../../../shared/lib/pendingContact';
import { selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import { Button, type ButtonSize, type ButtonVariant } from '../../../shared/ui/Button';
import { RegistrationRequiredModal } from '../../../shared/ui/RegistrationRequiredModal';
import { showToast } from '../../../shared/ui/Toast';
import { usePendingContactDelivery } from '../hooks/usePendingContactDelivery';
import { ChatModal } from './ChatModal';
import { ContactModal } from './ContactModal';
import styles from './Chat.module.css';

/** The spec's delay before the contact dialog reopens after returning from registration. */
export const RETURN_TO_CONTACT_DELAY_MS = 500;

export interface ContactButtonProps {
  designer: { id: number; name: string; profile_picture?: string };
  /**
   * Visitors: "direct" (portfolio) goes to registration at once; "confirm" (public profile) asks
   * first; "compose" (designer cards) lets them write the message, keeps it (pendingContact) and then
   * asks them to register — after login the list delivers it (usePendingContactDelivery).
   */
  flow?: 'direct' | 'confirm' | 'compose';
  /** "button" with the label, or a round "icon" button. */
  appearance?: 'button' | 'icon';
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * "Contatta Designer". Signed in, it opens the contact dialog (and then the chat); a visitor is sent
 * to register first, with the designer and this page kept in session storage (pendingDesigner,
 * returnAfterRegistration). Back signed in on this designer's page, the dialog reopens after 0.5 s,
 * with the message typed before registering (pendingContact) when there is one.
 */
export function ContactButton({ designer, flow = 'direct', appearance = 'button', variant = 'primary', size = 'lg' }: ContactButtonProps) {
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const [initial, setInitial] = useState('');

  // Cards in a list (flow "compose"): the message a visitor wrote before registering is sent once
  // this designer is in the reloaded list; a failure shows the spec's alert.
  const listed = useMemo(() => (loggedIn && flow === 'compose' ? [designer.id] : undefined), [loggedIn, flow, designer.id]);
  const deliveryError = usePendingContactDelivery(listed);
  useEffect(() => {
    if (deliveryError) showToast(deliveryError, { tone: 'error' });
  }, [deliveryError]);

  useEffect(() => {
    if (!loggedIn) return undefined;
    const pending = readPendingContact();
    if (!pending || pending.designer.id !== designer.id) return undefined;
    const typed = readPendingContactMessage();
    const timer = window.setTimeout(() => {
      clearPendingContact();
      clearPendingContactMessage();
      setInitial(typed && typed.designer_id === designer.id ? typed.message : '');
      setOpen(true);
    }, RETURN_TO_CONTACT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loggedIn, designer.id]);

  const goRegister = (): void => {
    storePendingContact(
      { id: designer.id, name: designer.name, ...(designer.profile_picture ? { profile_picture: designer.profile_picture } : {}) },
      `${location.pathname}${location.search}`,
    );
    navigate(CONTACT_LOGIN_PATH);
  };
  const onClick = (): void => {
    if (loggedIn) {
      setInitial('');
      setOpen(true);
    } else if (flow === 'direct') goRegister();
    else if (flow === 'compose') {
      setInitial('');
      setOpen(true);
    } else setAsking(true);
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
          // Giving up forgets the message: nothing is sent later without the visitor's say.
          if (flow === 'compose') clearPendingContactMessage();
          setAsking(false);
        }}
      />
      {!loggedIn && flow === 'compose' ? (
        <ContactModal
          open={open}
          designer={designer}
          initialMessage={initial}
          onClose={() => setOpen(false)}
          onRequireLogin={(text) => {
            storePendingContactMessage({ designer_id: designer.id, message: text });
            setInitial(text);
            setOpen(false);
            setAsking(true);
          }}
        />
      ) : null}
      {loggedIn ? (
        <>
          <ContactModal
            open={open}
            designer={designer}
            initialMessage={initial}
            onClose={() => setOpen(false)}
            onOpenChat={() => {
              setOpen(false);
              setChatOpen(true);
            }}
          />
          <ChatModal open={chatOpen} side="user" designerId={designer.id} onClose={() => setChatOpen(false)} />
        </>
      ) : null}
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
