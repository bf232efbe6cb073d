import { describe, expect, it } from 'vitest';
import type { ChatMessage, Contact } from '../api/types';
import {
  cleanMessage,
  counterpartName,
  isUnreadFor,
  mergeConversation,
  mergeServerMessages,
  newClientId,
  newIncoming,
  noticeSender,
  sortContacts,
  type OutgoingMessage,
} from './messages';

function msg(id: number, sender: 'user' | 'designer', at: string, clientId?: string): ChatMessage {
  return { id, contact_id: 1, message: `m${id}`, sender_type: sender, sender_id: sender === 'user' ? 10 : 20, created_at: at, ...(clientId ? { client_id: clientId } : {}) };
}

function contact(over: Partial<Contact> = {}): Contact {
  return {
    id: 1, designer_id: 5, designer_name: 'Sofia', user_id: 10, user_name: 'Anna', user_email: 'a@example.com', status: 'new',
    last_message: '', last_sender: 'user', last_message_at: null, message_count: 0, created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z', ...over,
  };
}

function outgoing(seq: number, clientId: string, state: OutgoingMessage['state'] = 'queued'): OutgoingMessage {
  return { clientId, text: `o${seq}`, seq, createdAt: Date.parse('2026-03-01T12:00:00Z') + seq, state, outboxSeq: seq };
}

describe('cleanMessage', () => {
  it('trims and refuses blank text', () => {
    expect(cleanMessage('  ciao \n')).toBe('ciao');
    expect(cleanMessage(' \n\t ')).toBeNull();
    expect(cleanMessage('')).toBeNull();
  });
});

describe('isUnreadFor (the spec rule)', () => {
  it('uses the per-side flag when present', () => {
    expect(isUnreadFor(contact({ status: 'read', designer_unread: true }), 'designer')).toBe(true);
    expect(isUnreadFor(contact({ status: 'new', designer_unread: false }), 'designer')).toBe(false);
  });
  it('falls back to the status when the flag is absent', () => {
    expect(isUnreadFor(contact({ status: 'new' }), 'user')).toBe(true);
    expect(isUnreadFor(contact({ status: 'unread' }), 'designer')).toBe(true);
    expect(isUnreadFor(contact({ status: 'read' }), 'designer')).toBe(false);
  });
});

describe('ordering and merging', () => {
  it('orders by server time, then id, and joins pages without duplicates', () => {
    const a = msg(3, 'user', '2026-03-01T10:00:00Z');
    const b = msg(2, 'designer', '2026-03-01T10:00:00Z');
    const c = msg(1, 'user', '2026-03-01T09:00:00Z');
    expect(mergeServerMessages([a, b], [c, a]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('shows an outbox message once the server has it, as the server copy', () => {
    const server = [msg(1, 'user', '2026-03-01T10:00:00Z', 'm-a')];
    const list = mergeConversation(contact({ designer_unread: true, designer_read_up_to: 0 }), server, [outgoing(1, 'm-a'), outgoing(2, 'm-b')], 'user');
    expect(list.map((m) => m.key)).toEqual(['s1', 'cm-b']);
    expect(list[0]?.state).toBe('sent');
    expect(list[1]?.state).toBe('queued');
  });

  it('keeps unsent messages after the server ones, in the order typed', () => {
    const list = mergeConversation(contact(), [msg(1, 'designer', '2026-03-01T13:00:00Z')], [outgoing(5, 'x', 'failed'), outgoing(3, 'y', 'sending')], 'user');
    expect(list.map((m) => m.key)).toEqual(['s1', 'cy', 'cx']);
    expect(list[0]?.state).toBe('received');
    expect(list[2]?.state).toBe('failed');
  });

  it('marks my messages read up to what the other side has seen', () => {
    const server = [msg(1, 'user', '2026-03-01T10:00:00Z'), msg(2, 'user', '2026-03-01T10:01:00Z'), msg(3, 'designer', '2026-03-01T10:02:00Z')];
    const list = mergeConversation(contact({ designer_read_up_to: 1, designer_unread: true }), server, [], 'user');
    expect(list.map((m) => m.state)).toEqual(['read', 'sent', 'received']);
    const designerView = mergeConversation(contact({ user_read_up_to: 3 }), server, [], 'designer');
    expect(designerView.map((m) => m.state)).toEqual(['received', 'received', 'read']);
  });
});

describe('contacts', () => {
  it('sorts by updated_at, newest first', () => {
    const list = sortContacts([contact({ id: 1, updated_at: '2026-03-01T10:00:00Z' }), contact({ id: 2, updated_at: '2026-03-02T10:00:00Z' })]);
    expect(list.map((c) => c.id)).toEqual([2, 1]);
  });

  it('names the counterpart, with the fallback', () => {
    expect(counterpartName(contact(), 'user')).toBe('Sofia');
    expect(counterpartName(contact(), 'designer')).toBe('Anna');
    expect(counterpartName(contact({ user_name: ' ' }), 'designer')).toBe('Qualcuno');
  });

  it('finds new incoming messages between two polls', () => {
    const before = [contact({ id: 1, last_message_id: 4, designer_unread: false, last_sender: 'user' })];
    expect(newIncoming(null, before, 'designer')).toEqual([]);
    const after = [
      contact({ id: 1, last_message_id: 6, designer_unread: true, last_sender: 'user' }),
      contact({ id: 2, last_message_id: 7, designer_unread: true, last_sender: 'user', user_name: '' }),
      contact({ id: 3, last_message_id: 8, designer_unread: false, last_sender: 'designer' }),
    ];
    const found = newIncoming(before, after, 'designer');
    expect(found.map((c) => c.id)).toEqual([1, 2]);
    expect(noticeSender(found[1])).toBe('Qualcuno');
    expect(noticeSender(found[0])).toBe('Anna');
    expect(newIncoming(after, after, 'designer')).toEqual([]);
  });

  it('makes client ids that fit the server rule', () => {
    expect(newClientId(() => 'abc-123')).toBe('m-abc-123');
    expect(newClientId()).toMatch(/^m-[0-9a-f-]{36}$/);
  });
});
