import { describe, expect, it } from 'vitest';
import { tagsForEvent } from './useChatEvents';

describe('tagsForEvent', () => {
  it('refetches the lists, the unread count and the conversation named by the event', () => {
    expect(tagsForEvent({ type: 'message', contact_id: 12, message_id: 40 })).toEqual([
      { type: 'Contact', id: 'LIST' },
      { type: 'Contact', id: 'UNREAD' },
      { type: 'Message', id: 12 },
    ]);
  });
  it('refetches only the lists for an event without a conversation', () => {
    expect(tagsForEvent(null)).toHaveLength(2);
    expect(tagsForEvent({ contact_id: 'x' })).toHaveLength(2);
  });
});
