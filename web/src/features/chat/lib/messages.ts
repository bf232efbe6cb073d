import type { ChatMessage, ChatSide, Contact } from '../api/types';

/**
 * The chat's pure rules: the spec's unread rule, ordering, the merge of server messages with the
 * ones still in the outbox, and each message's delivery state.
 */

/** The longest message the server accepts. */
export const MAX_MESSAGE_LENGTH = 5000;

/** Trims what was typed; null when nothing is left (nothing to send). */
export function cleanMessage(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The spec's rule: a side is unread if its per-side flag is true, or, when the flag is absent, if
 * the status is new or unread.
 */
export function isUnreadFor(contact: Pick<Contact, 'status' | 'user_unread' | 'designer_unread'>, side: ChatSide): boolean {
  const flag = side === 'user' ? contact.user_unread : contact.designer_unread;
  if (typeof flag === 'boolean') return flag;
  return contact.status === 'new' || contact.status === 'unread';
}

/** The other participant's display name, as the reader should see it. */
export function counterpartName(contact: Contact, side: ChatSide): string {
  const name = side === 'user' ? contact.designer_name : contact.user_name;
  return name.trim() === '' ? 'Qualcuno' : name;
}

/** Server order: creation time, then id. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const ta = Date.parse(a.created_at);
  const tb = Date.parse(b.created_at);
  if (ta !== tb) return ta - tb;
  return a.id - b.id;
}

/** Most recently updated conversations first (the lists are compared by updated_at). */
export function sortContacts(list: readonly Contact[]): Contact[] {
  return [...list].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
}

/** Joins pages of a conversation (earlier pages, the latest page, polls) without duplicates, in order. */
export function mergeServerMessages(...pages: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  return [...byId.values()].sort(compareMessages);
}

/** A message typed on this device and still in the outbox. */
export interface OutgoingMessage {
  clientId: string;
  text: string;
  /** Outbox order: messages go out in this order. */
  seq: number;
  createdAt: number;
  /** sending: being sent now; queued: waiting for the connection; failed: refused, with a reason; sent: just accepted. */
  state: 'sending' | 'queued' | 'failed' | 'sent';
  error?: string;
  outboxSeq: number;
}

export type DeliveryState = 'sending' | 'queued' | 'failed' | 'sent' | 'read' | 'received';

/** What the conversation view draws: server messages and the outbox's, one list. */
export interface DisplayMessage {
  key: string;
  text: string;
  mine: boolean;
  createdAt: string;
  state: DeliveryState;
  error?: string;
  outboxSeq?: number;
}

/**
 * Server messages first, in server order, then this device's unsent messages in the order they were
 * typed. An outbox message the server already has (same client id) is shown once, as the server's.
 * A message of mine is "read" once the other side has seen up to it.
 */
export function mergeConversation(
  contact: Pick<Contact, 'user_read_up_to' | 'designer_read_up_to' | 'status' | 'user_unread' | 'designer_unread'>,
  server: readonly ChatMessage[],
  outgoing: readonly OutgoingMessage[],
  mySide: ChatSide,
): DisplayMessage[] {
  const other: ChatSide = mySide === 'user' ? 'designer' : 'user';
  const otherReadUpTo = (other === 'user' ? contact.user_read_up_to : contact.designer_read_up_to) ?? 0;
  const otherUnread = isUnreadFor(contact, other);
  const known = new Set<string>();
  const out: DisplayMessage[] = [];
  for (const m of [...server].sort(compareMessages)) {
    if (m.client_id) known.add(m.client_id);
    const mine = m.sender_type === mySide;
    let state: DeliveryState = 'received';
    if (mine) state = m.id <= otherReadUpTo || (otherReadUpTo === 0 && !otherUnread) ? 'read' : 'sent';
    out.push({ key: `s${m.id}`, text: m.message, mine, createdAt: m.created_at, state });
  }
  for (const o of [...outgoing].sort((a, b) => a.seq - b.seq)) {
    if (known.has(o.clientId)) continue;
    out.push({
      key: `c${o.clientId}`,
      text: o.text,
      mine: true,
      createdAt: new Date(o.createdAt).toISOString(),
      state: o.state,
      ...(o.error ? { error: o.error } : {}),
      outboxSeq: o.outboxSeq,
    });
  }
  return out;
}

/** A fresh client id for a message: unique per sender, safe to replay. */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  return `m-${random()}`;
}

/**
 * Conversations that have a new message for side since the previous poll: the designer dashboard
 * announces "Nuovo messaggio da {sender}" for them. The first poll (previous null) announces nothing.
 */
export function newIncoming(previous: readonly Contact[] | null, next: readonly Contact[], side: ChatSide): Contact[] {
  if (previous === null) return [];
  const before = new Map(previous.map((c) => [c.id, c]));
  const other: ChatSide = side === 'user' ? 'designer' : 'user';
  return next.filter((c) => {
    if (c.last_sender !== other || !isUnreadFor(c, side)) return false;
    const old = before.get(c.id);
    if (!old) return true;
    const oldLast = old.last_message_id ?? 0;
    const newLast = c.last_message_id ?? 0;
    if (newLast !== 0 || oldLast !== 0) return newLast > oldLast;
    return Date.parse(c.updated_at) > Date.parse(old.updated_at);
  });
}

/** The sender named in the dashboard notice, with the spec's fallback. */
export function noticeSender(contact: Contact | undefined): string {
  const name = contact?.user_name?.trim();
  return name ? name : 'Qualcuno';
}
