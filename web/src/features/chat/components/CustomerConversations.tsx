import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { ChatModal } from './ChatModal';
import { ContactList } from './ContactList';
import styles from './Chat.module.css';

export interface CustomerConversationsProps {
  /** Open the chat on this conversation at once (the e-mail link's ?chat=<id>). */
  initialContactId?: number | null;
  /** The host page's section class, so the section lines up with its neighbours. */
  className?: string;
}

/**
 * The customer's conversations for /user-profile: the list (polled every 5 s, readable offline) and
 * the chat modal that opens on a conversation.
 */
export function CustomerConversations({ initialContactId = null, className }: CustomerConversationsProps) {
  const [open, setOpen] = useState<boolean>(initialContactId !== null);
  const [contactId, setContactId] = useState<number | null>(initialContactId);
  return (
    <section className={className ?? styles.section} aria-labelledby="customer-conversations-title">
      <h2 id="customer-conversations-title" className={styles.sectionTitle}>
        {t('chat.customer.title')}
      </h2>
      <p className={styles.muted}>{t('chat.customer.intro')}</p>
      <ContactList
        side="user"
        onOpen={(c) => {
          setContactId(c.id);
          setOpen(true);
        }}
      />
      <ChatModal open={open} side="user" contactId={contactId} onClose={() => setOpen(false)} />
    </section>
  );
}
