import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../../shared/api/api';
import { isUnreachable, type AppError } from '../../../shared/api/errors';
import { useStaleness } from '../../../shared/api/staleSlice';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { useOnline } from '../../../shared/offline/useOutboxStatus';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { CHAT_POLL_MS, useConversationQuery, useLazyEarlierMessagesQuery } from '../api/chatApi';
import type { ChatMessage, ChatSide, Contact } from '../api/types';
import { useCommand } from '../../../shared/offline/command';
import { sendMessage } from '../commands';
import { outgoingOf, useChatOutbox } from '../hooks/useChatOutbox';
import { cleanMessage, counterpartName, MAX_MESSAGE_LENGTH, mergeConversation, mergeServerMessages, type DisplayMessage } from '../lib/messages';
import { messageTime, useContacts } from './ContactList';
import { useChatEvents } from '../hooks/useChatEvents';
import styles from './Chat.module.css';

export interface ConversationProps {
  contactId: number;
  side: ChatSide;
}

/**
 * A conversation as the list knows it, for when it was never opened on this device and the thread
 * cannot be fetched (offline): the contact and its last message, nothing invented.
 */
export function fromListEntry(listed: Contact): Contact {
  const messages: ChatMessage[] =
    listed.last_message && listed.last_sender
      ? [
          {
            id: listed.last_message_id ?? 0,
            contact_id: listed.id,
            message: listed.last_message,
            sender_type: listed.last_sender,
            sender_id: 0,
            created_at: listed.last_message_at ?? listed.updated_at,
          },
        ]
      : [];
  return { ...listed, messages, has_earlier: false };
}

const STATE_LABEL: Record<DisplayMessage['state'], () => string> = {
  sending: () => t('chat.state.sending'),
  queued: () => t('chat.state.queued'),
  failed: () => t('chat.state.failed'),
  sent: () => t('chat.state.sent'),
  read: () => t('chat.state.read'),
  received: () => '',
};

/**
 * The conversation view: bubbles by sender with Italian times, the newest at the bottom, "load
 * earlier" for long threads, and a composer where Enter sends and Shift+Enter starts a new line.
 * The thread is refetched every 15 s (a 304 when nothing changed); opening it marks it read for this
 * reader. Messages typed here go through the outbox and show their state: sending, waiting for the
 * connection, sent, read, or not sent with Riprova.
 */
export function Conversation({ contactId, side }: ConversationProps) {
  useChatEvents();
  const dispatch = useThunkDispatch();
  const online = useOnline();
  const result = useConversationQuery(contactId, { pollingInterval: CHAT_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true });
  const { stale, fetchedAt } = useStaleness(result);
  // Never opened here and unreachable: draw it from the cached list, clearly marked, and let the
  // person write (the outbox sends it when the connection returns).
  const list = useContacts(side, result.data !== undefined);
  const listed = list.data?.contacts.find((c) => c.id === contactId);
  const partial = !result.data && result.isError && isUnreachable(result.error as AppError) && listed !== undefined;
  const [loadEarlier, earlierResult] = useLazyEarlierMessagesQuery();
  const [earlier, setEarlier] = useState<ChatMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  const [blocked, setBlocked] = useState(false);
  const { entries, retry, discard } = useChatOutbox();
  const queueMessage = useCommand(sendMessage);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const contact = result.data ?? (partial && listed ? fromListEntry(listed) : undefined);

  // Reading marks it read on the server: refresh the lists and the unread count once per opening.
  const refreshed = useRef(false);
  useEffect(() => {
    if (contact && !partial && !refreshed.current && !stale) {
      refreshed.current = true;
      dispatch(api.util.invalidateTags([{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id: 'UNREAD' }]));
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the conversation changes only; `partial` is read at that moment
  }, [contact, stale, dispatch]);

  const outgoing = useMemo(() => {
    const entities = new Set([`contact:${contactId}`, ...(contact && side === 'user' ? [`designer-contact:${contact.designer_id}`] : [])]);
    return entries
      .filter((e) => entities.has(e.entity))
      .map((e) => outgoingOf(e, online))
      .filter((o): o is NonNullable<typeof o> => o !== null);
  }, [entries, contactId, contact, side, online]);

  const display = useMemo(() => {
    if (!contact) return [];
    return mergeConversation(contact, mergeServerMessages(earlier, contact.messages ?? []), outgoing, side);
  }, [contact, earlier, outgoing, side]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [display.length]);

  if (result.isLoading && !contact) return <p className={styles.muted}>{t('chat.conversation.loading')}</p>;
  if (!contact) {
    return (
      <Alert tone="error">
        {t('chat.conversation.error')}{' '}
        <Button variant="ghost" onClick={() => void result.refetch()}>
          {t('chat.retry')}
        </Button>
      </Alert>
    );
  }

  const name = counterpartName(contact, side);
  const moreEarlier = hasEarlier ?? contact.has_earlier ?? false;
  const oldest = mergeServerMessages(earlier, contact.messages ?? [])[0];

  const onLoadEarlier = async (): Promise<void> => {
    if (!oldest) return;
    const el = scrollRef.current;
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
    stickToBottom.current = false;
    const page = await loadEarlier({ id: contactId, before: oldest.id }).unwrap().catch(() => null);
    if (!page) return;
    setEarlier((prev) => mergeServerMessages(page.messages ?? [], prev));
    setHasEarlier(page.has_earlier ?? false);
    requestAnimationFrame(() => {
      if (el) el.scrollTop = el.scrollHeight - fromBottom;
    });
  };

  const send = async (): Promise<void> => {
    const cleaned = cleanMessage(text);
    if (cleaned === null || cleaned.length > MAX_MESSAGE_LENGTH) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    setText('');
    stickToBottom.current = true;
    await queueMessage({ contactId, text: cleaned });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className={styles.conversation}>
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}
      {partial ? (
        <Alert tone="warning" className={styles.partial}>
          {t('chat.conversation.offlinePartial', { name })}
        </Alert>
      ) : null}
      {contact.subject || contact.budget ? (
        <p className={styles.meta}>
          {contact.subject ? t('chat.conversation.subject', { subject: contact.subject }) : null}
          {contact.subject && contact.budget ? ' · ' : null}
          {contact.budget ? t('chat.conversation.budget', { budget: contact.budget }) : null}
        </p>
      ) : null}
      <div
        ref={scrollRef}
        className={styles.thread}
        role="log"
        aria-label={t('chat.conversation.label', { name })}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling log must be reachable by keyboard to scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const el = event.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {moreEarlier ? (
          <div className={styles.earlier}>
            <Button variant="ghost" onClick={() => void onLoadEarlier()} disabled={earlierResult.isFetching || !online}>
              {earlierResult.isFetching ? t('chat.loadingEarlier') : t('chat.loadEarlier')}
            </Button>
          </div>
        ) : null}
        {display.length === 0 ? <p className={styles.muted}>{t('chat.conversation.empty')}</p> : null}
        <ol className={styles.bubbles}>
          {display.map((m) => (
            <li key={m.key} className={`${styles.bubbleRow} ${m.mine ? styles.mine : styles.theirs}`}>
              <div className={`${styles.bubble} ${m.state === 'failed' ? styles.bubbleFailed : ''}`}>
                <p className={styles.bubbleText}>{m.text}</p>
                <p className={styles.bubbleMeta}>
                  <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
                  {m.mine && m.state !== 'received' ? <span className={styles[`state_${m.state}`]}> · {STATE_LABEL[m.state]()}</span> : null}
                </p>
                {m.state === 'failed' && m.outboxSeq !== undefined ? (
                  <div className={styles.failed}>
                    {m.error ? <span>{m.error}</span> : null}
                    <Button variant="ghost" onClick={() => void retry(m.outboxSeq as number)}>
                      {t('chat.failed.retry')}
                    </Button>
                    <Button variant="ghost" onClick={() => void discard(m.outboxSeq as number)}>
                      {t('chat.failed.discard')}
                    </Button>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </div>
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className={styles.srOnly} htmlFor={`chat-input-${contactId}`}>
          {t('chat.input.label')}
        </label>
        <textarea
          id={`chat-input-${contactId}`}
          className={styles.input}
          rows={2}
          value={text}
          placeholder={t('chat.input.placeholder')}
          aria-describedby={`chat-hint-${contactId}`}
          aria-invalid={blocked ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (blocked) setBlocked(false);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="primary" type="submit" disabled={cleanMessage(text) === null}>
          {t('chat.send')}
        </Button>
        <p id={`chat-hint-${contactId}`} className={styles.hint}>
          {blocked ? t('chat.contact.empty') : t('chat.input.hint')}
        </p>
      </form>
    </div>
  );
}
