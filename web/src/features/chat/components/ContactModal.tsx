import { useRef, useState, type FormEvent } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField } from '../../../shared/ui/Field';
import { Modal, whileOpen } from '../../../shared/ui/Modal';
import { useCommand } from '../../../shared/offline/command';
import { useQueuedEntry } from '../../../shared/offline/useQueued';
import { contactDesigner } from '../commands';
import { cleanMessage, MAX_MESSAGE_LENGTH } from '../lib/messages';
import styles from './Chat.module.css';

export interface ContactModalProps {
  open: boolean;
  designer: { id: number; name: string };
  onClose: () => void;
  /** Text to start with (the message a visitor typed before registering). */
  initialMessage?: string;
  /** Opens the chat once the message is sent (where the page has one). */
  onOpenChat?: () => void;
  /** Visitors: called with the trimmed text instead of sending (registration comes first). */
  onRequireLogin?: (text: string) => void;
}

/**
 * The contact dialog: the message is trimmed, Invia is disabled while it is blank. It goes through
 * the outbox with a client id, so offline it waits on this device ("in attesa di invio") and is
 * delivered once when the connection returns; online the dialog waits for the answer and says so.
 */
function OpenContactModal({ open, designer, onClose, initialMessage = '', onOpenChat, onRequireLogin }: ContactModalProps) {
  const contact = useCommand(contactDesigner);
  const online = useOnline();
  const [text, setText] = useState(initialMessage);
  const [touched, setTouched] = useState(false);
  const [seq, setSeq] = useState<number | null>(null);
  const entry = useQueuedEntry(seq);
  const areaRef = useRef<HTMLTextAreaElement>(null);

  const cleaned = cleanMessage(text);
  const tooLong = cleaned !== null && cleaned.length > MAX_MESSAGE_LENGTH;
  const sent = seq !== null && (entry === null || entry?.state === 'sent');
  const failed = entry?.state === 'failed' ? entry : null;
  const waiting = seq !== null && !sent && !failed;
  const queued = waiting && (!online || (entry?.attempts ?? 0) > 0);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setTouched(true);
    if (cleaned === null || tooLong || waiting) return;
    if (onRequireLogin) {
      onRequireLogin(cleaned);
      return;
    }
    const { entry: queuedEntry } = await contact({ designerId: designer.id, text: cleaned });
    setSeq(queuedEntry.seq);
  };

  let status = null;
  if (sent) {
    status = (
      <Alert tone="success" focusable>
        {t('chat.contact.success')}
      </Alert>
    );
  } else if (failed) {
    status = <Alert tone="error">{t('chat.contact.failed', { reason: failed.lastError?.message || t('chat.contact.unknownError') })}</Alert>;
  } else if (queued) {
    status = <Alert tone="info">{t('chat.contact.queued')}</Alert>;
  }

  const done = sent || queued;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('chat.contact.title', { name: designer.name })}
      description={t('chat.contact.intro', { name: designer.name })}
      initialFocusRef={areaRef}
      footer={
        done ? (
          <>
            {sent && onOpenChat ? (
              <Button variant="secondary" onClick={onOpenChat}>
                {t('chat.contact.openChat')}
              </Button>
            ) : null}
            <Button variant="primary" onClick={onClose}>
              {t('chat.contact.close')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('chat.contact.cancel')}
            </Button>
            <Button variant="primary" type="submit" form="chat-contact-form" disabled={cleaned === null || tooLong || waiting}>
              {waiting ? t('chat.contact.sending') : t('chat.contact.send')}
            </Button>
          </>
        )
      }
    >
      <form id="chat-contact-form" className={styles.contactForm} onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          ref={areaRef}
          label={t('chat.contact.label')}
          placeholder={t('chat.contact.placeholder')}
          value={text}
          rows={6}
          readOnly={done}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && cleaned === null ? t('chat.contact.empty') : tooLong ? t('chat.contact.tooLong', { max: MAX_MESSAGE_LENGTH }) : null}
        />
        <div aria-live="polite">{status}</div>
      </form>
    </Modal>
  );
}

/** The form lives while the dialog is open: each opening starts from `initialMessage`. */
export const ContactModal = whileOpen(OpenContactModal);
