import { useCallback } from 'react';
import type { OutboxEntry } from '../../../shared/offline/db';
import { discardAction, retryAction } from '../../../shared/offline/outboxService';
import { useQueued } from '../../../shared/offline/useQueued';
import { contactDesigner, sendMessage } from '../commands';
import type { OutgoingMessage } from '../lib/messages';

/** A sent message stays drawn until the refetched thread has it (same client id). */
const RECENTLY_SENT_MS = 60_000;
const CHAT_COMMANDS = [sendMessage, contactDesigner];

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

/**
 * This user's unsent, refused and just-sent chat messages (the commands in ../commands.ts reconcile
 * the conversations and say why one was refused), with Riprova and discard.
 */
export function useChatOutbox(): {
  entries: OutboxEntry[];
  retry: (seq: number) => Promise<void>;
  discard: (seq: number) => Promise<void>;
} {
  const entries = useQueued({ commands: CHAT_COMMANDS, sent: RECENTLY_SENT_MS });
  const retry = useCallback((seq: number) => retryAction(seq), []);
  const discard = useCallback((seq: number) => discardAction(seq), []);
  return { entries, retry, discard };
}
