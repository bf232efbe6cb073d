import { useEffect, useRef, useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { Button } from '../../../shared/ui/Button';
import { DashboardCounter } from '../../../shared/ui/DashboardCounter';
import { UNREAD_POLL_MS, useUnreadCountQuery } from '../api/chatApi';
import type { Contact } from '../api/types';
import { newIncoming, noticeSender } from '../lib/messages';
import { ChatGlyph } from './ContactButton';
import { useContacts } from './ContactList';
import { useChatEvents } from '../hooks/useChatEvents';
import styles from './Chat.module.css';

/** How long "Nuovo messaggio da {sender}" stays. */
export const NOTICE_MS = 6000;

export interface MessagesCounterProps {
  onOpen: () => void;
}

/**
 * The dashboard's messages counter: the designer's conversations, highlighted with the number of
 * unread ones (polled every 10 s; an unchanged count costs a 304).
 */
export function MessagesCounter({ onOpen }: MessagesCounterProps) {
  useChatEvents();
  const unread = useUnreadCountQuery(undefined, { pollingInterval: UNREAD_POLL_MS, skipPollingIfUnfocused: true });
  const contacts = useContacts('designer');
  const count = unread.data?.as_designer ?? 0;
  return (
    <DashboardCounter
      label={t('chat.counter.label')}
      value={contacts.data ? contacts.data.total : null}
      icon={<ChatGlyph />}
      onOpen={onOpen}
      highlight={count > 0}
      description={t('chat.counter.unread', { count })}
    />
  );
}

export interface NewMessageNoticeProps {
  /** Opens the chat on the conversation the notice is about. */
  onOpen: (contactId: number) => void;
}

/**
 * "Nuovo messaggio da {sender}" (fallback "Qualcuno"): shown on the designer dashboard when a poll
 * brings a new customer message; it hides after 6 seconds and can be closed.
 */
export function NewMessageNotice({ onOpen }: NewMessageNoticeProps) {
  const contacts = useContacts('designer');
  const previous = useRef<Contact[] | null>(null);
  const [notice, setNotice] = useState<Contact | null>(null);
  const list = contacts.data?.contacts;
  useEffect(() => {
    if (!list) return;
    const fresh = newIncoming(previous.current, list, 'designer');
    previous.current = list;
    if (fresh[0]) setNotice(fresh[0]);
  }, [list]);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  return (
    <div className={styles.notice} role="status">
      <ChatGlyph />
      <span className={styles.noticeText}>{t('chat.notice', { sender: noticeSender(notice) })}</span>
      <Button
        variant="inverse"
        onClick={() => {
          onOpen(notice.id);
          setNotice(null);
        }}
      >
        {t('chat.notice.open')}
      </Button>
      <button type="button" className={styles.noticeClose} onClick={() => setNotice(null)} aria-label={t('chat.notice.close')}>
        ×
      </button>
    </div>
  );
}
