import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { useConversationQuery } from '../api/chatApi';
import type { ChatSide } from '../api/types';
import { counterpartName } from '../lib/messages';
import { ContactList, useContacts } from './ContactList';
import { Conversation } from './Conversation';
import styles from './Chat.module.css';

export interface ChatModalProps {
  open: boolean;
  onClose: () => void;
  /** user: the customer's conversations; designer: the designer's. */
  side: ChatSide;
  /** Open straight on this conversation (a notification, an e-mail link). */
  contactId?: number | null;
  /** Customers: open straight on the conversation with this designer, when there is one. */
  designerId?: number;
}

/** The chat modal, with its two views: the list of conversations and one conversation. */
export function ChatModal({ open, onClose, side, contactId = null, designerId }: ChatModalProps) {
  const [current, setCurrent] = useState<number | null>(contactId);
  const conversation = useConversationQuery(current ?? 0, { skip: !open || current === null });
  // The list names the counterpart of a conversation never opened here (offline), and finds the
  // conversation with a given designer.
  const contacts = useContacts(side, !open || (designerId === undefined && (current === null || conversation.data !== undefined)));
  // Opening on a conversation shows it, and a conversation with the given designer is found in the
  // list once it loads: both adjusted during render rather than in effects.
  const [openedFor, setOpenedFor] = useState<{ open: boolean; contactId: number | null } | null>(null);
  if (openedFor === null || openedFor.open !== open || openedFor.contactId !== contactId) {
    setOpenedFor({ open, contactId });
    if (open) setCurrent(contactId);
  }
  if (open && designerId !== undefined && current === null) {
    const match = contacts.data?.contacts.find((c) => c.designer_id === designerId);
    if (match) setCurrent(match.id);
  }
  const known = conversation.data ?? contacts.data?.contacts.find((c) => c.id === current);
  const title = current !== null && known ? t('chat.titleWith', { name: counterpartName(known, side) }) : t('chat.title');
  return (
    <Modal open={open} onClose={onClose} title={title} size="lg">
      <div className={styles.chat}>
        {current === null ? (
          <ContactList side={side} onOpen={(c) => setCurrent(c.id)} />
        ) : (
          <>
            <div className={styles.backBar}>
              <Button variant="ghost" onClick={() => setCurrent(null)} aria-label={t('chat.backLabel')}>
                ← {t('chat.back')}
              </Button>
            </div>
            <Conversation key={current} contactId={current} side={side} />
          </>
        )}
      </div>
    </Modal>
  );
}
