import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { api } from '../../../shared/api/api';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/chat';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { db, type OutboxEntry } from '../../../shared/offline/db';
import { discardAction, enqueueAction, registerOutboxHandler, retryAction } from '../../../shared/offline/outboxService';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { showToast } from '../../../shared/ui/Toast';
import { newClientId, type OutgoingMessage } from '../lib/messages';

/** Outbox kinds: a message in an existing conversation, and a first contact with a designer. */
export const CHAT_MESSAGE_KIND = 'chat.message';
export const CHAT_CONTACT_KIND = 'chat.contact';
const RECENTLY_SENT_MS = 60_000;

interface MessageBody {
  message: string;
  client_id: string;
  designer_id?: number;
}

function bodyOf(entry: OutboxEntry): MessageBody | null {
  const b = entry.body as Partial<MessageBody> | null;
  if (!b || typeof b.message !== 'string' || typeof b.client_id !== 'string') return null;
  return b as MessageBody;
}

/** The outbox entry as a message the conversation view can draw. */
export function outgoingOf(entry: OutboxEntry, online: boolean): OutgoingMessage | null {
  const body = bodyOf(entry);
  if (!body) return null;
  let state: OutgoingMessage['state'] = online ? 'sending' : 'queued';
  if (entry.state === 'failed') state = 'failed';
  else if (entry.state === 'sent') state = 'sent';
  else if (entry.attempts > 0 && entry.state !== 'sending') state = 'queued';
  return {
    clientId: body.client_id,
    text: body.message,
    seq: entry.seq,
    createdAt: entry.createdAt,
    state,
    ...(entry.lastError ? { error: entry.lastError.message } : {}),
    outboxSeq: entry.seq,
  };
}

/** Queues a message in a conversation: shown at once, delivered once, in order, when there is a connection. */
export async function queueChatMessage(contactId: number, text: string): Promise<OutboxEntry> {
  return enqueueAction({
    kind: CHAT_MESSAGE_KIND,
    entity: `contact:${contactId}`,
    method: 'POST',
    path: `/api/contacts/${contactId}/messages`,
    body: { message: text, client_id: newClientId() },
  });
}

/** Queues a first (or further) message to a designer from the contact dialog. */
export async function queueContact(designerId: number, text: string): Promise<OutboxEntry> {
  return enqueueAction({
    kind: CHAT_CONTACT_KIND,
    entity: `designer-contact:${designerId}`,
    method: 'POST',
    path: '/api/contacts/',
    body: { designer_id: designerId, message: text, client_id: newClientId() },
  });
}

/**
 * Keeps the chat screens in step with the outbox: refreshes conversations when a message went out,
 * says why when one was refused (it stays, marked, with Riprova), and lists this user's unsent messages.
 */
export function useChatOutbox(): {
  entries: OutboxEntry[];
  retry: (seq: number) => Promise<void>;
  discard: (seq: number) => Promise<void>;
} {
  const dispatch = useThunkDispatch();
  const userId = useSelector((state: WithSession) => selectUserId(state));
  useEffect(() => {
    const refresh = (): void => {
      dispatch(api.util.invalidateTags([{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id: 'UNREAD' }, 'Message']));
    };
    const failed = (error: { message: string }): void => {
      refresh();
      showToast(t('chat.sendFailed'), { tone: 'error', detail: error.message });
    };
    const offMessage = registerOutboxHandler(CHAT_MESSAGE_KIND, { onSent: refresh, onFailed: failed });
    const offContact = registerOutboxHandler(CHAT_CONTACT_KIND, { onSent: refresh, onFailed: failed });
    return () => {
      offMessage();
      offContact();
    };
  }, [dispatch]);
  const entries = useLiveQuery(
    async () =>
      (await db.outbox.orderBy('seq').toArray()).filter(
        (e) =>
          (e.kind === CHAT_MESSAGE_KIND || e.kind === CHAT_CONTACT_KIND) &&
          e.userId === (userId ?? '') &&
          // A sent message stays drawn until the refetched thread has it (same client id).
          (e.state !== 'sent' || Date.now() - (e.sentAt ?? 0) < RECENTLY_SENT_MS),
      ),
    [userId],
    [] as OutboxEntry[],
  );
  const retry = useCallback((seq: number) => retryAction(seq), []);
  const discard = useCallback((seq: number) => discardAction(seq), []);
  return { entries, retry, discard };
}

/**
 * Watches one outbox entry until it is sent or refused: undefined while unknown, null once it is
 * gone. The answer is tied to its seq, because a live query briefly keeps the previous result when
 * its arguments change.
 */
export function useOutboxEntry(seq: number | null): OutboxEntry | null | undefined {
  const result = useLiveQuery(
    async () => ({ seq, entry: seq === null ? null : ((await db.outbox.get(seq)) ?? null) }),
    [seq],
    undefined,
  );
  return result && result.seq === seq ? result.entry : undefined;
}
