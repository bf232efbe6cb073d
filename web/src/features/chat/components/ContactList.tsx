import { formatDateTime, formatTime } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { useStaleness } from '../../../shared/api/staleSlice';
import { Alert } from '../../../shared/ui/Alert';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button } from '../../../shared/ui/Button';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { LIST_POLL_MS, useDesignerContactsQuery, useMyContactsQuery } from '../api/chatApi';
import type { ChatSide, Contact } from '../api/types';
import { counterpartName, isUnreadFor, sortContacts } from '../lib/messages';
import { useChatEvents } from '../hooks/useChatEvents';
import styles from './Chat.module.css';

/** "14:30" today, else "4 ago 2025, 14:30". */
export function messageTime(value: string): string {
  const date = new Date(value);
  const today = new Date();
  return date.toDateString() === today.toDateString() ? formatTime(date) : formatDateTime(date);
}

/** The caller's conversations as one side, polled every 5 s (unchanged polls cost a 304). */
export function useContacts(side: ChatSide, skip = false) {
  const mine = useMyContactsQuery(undefined, { skip: skip || side !== 'user', pollingInterval: LIST_POLL_MS, skipPollingIfUnfocused: true });
  const designer = useDesignerContactsQuery(undefined, {
    skip: skip || side !== 'designer',
    pollingInterval: LIST_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return side === 'user' ? mine : designer;
}

export interface ContactListProps {
  side: ChatSide;
  onOpen: (contact: Contact) => void;
}

/** The list view of the chat: counterpart, last message, time and the unread badge. */
export function ContactList({ side, onOpen }: ContactListProps) {
  useChatEvents();
  const result = useContacts(side);
  const { stale, fetchedAt } = useStaleness(result);
  if (result.isLoading) return <p className={styles.muted}>{t('chat.list.loading')}</p>;
  if (result.isError || !result.data) {
    return (
      <Alert tone="error">
        {t('chat.list.error')}{' '}
        <Button variant="ghost" onClick={() => void result.refetch()}>
          {t('chat.retry')}
        </Button>
      </Alert>
    );
  }
  const list = sortContacts(result.data.contacts);
  return (
    <div className={styles.listWrap}>
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}
      {list.length === 0 ? (
        <p className={styles.muted}>{side === 'user' ? t('chat.list.emptyCustomer') : t('chat.list.emptyDesigner')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('chat.list.label')}>
          {list.map((contact) => {
            const name = counterpartName(contact, side);
            const unread = isUnreadFor(contact, side);
            const when = contact.last_message_at ?? contact.updated_at;
            return (
              <li key={contact.id}>
                <button type="button" className={`${styles.row} ${unread ? styles.rowUnread : ''}`} onClick={() => onOpen(contact)}>
                  <Avatar name={name} size="sm" tone="neutral" />
                  <span className={styles.rowMain}>
                    <span className={styles.rowTop}>
                      <span className={styles.rowName}>{name}</span>
                      <time className={styles.rowTime} dateTime={when}>
                        {messageTime(when)}
                      </time>
                    </span>
                    <span className={styles.rowLast}>
                      {contact.last_sender === side ? t('chat.list.you') : ''}
                      {contact.last_message || t('chat.list.noMessages')}
                    </span>
                  </span>
                  {unread ? <span className={styles.badge}>{t('chat.list.unread')}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
