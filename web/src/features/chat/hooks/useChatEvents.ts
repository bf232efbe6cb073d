import { api } from '../../../shared/api/api';
import { useEventStream } from '../../../shared/api/eventStream';
import { useThunkDispatch } from '../../../shared/lib/dispatch';

/** The stream's chat events: a new message, a conversation changed. */
const CHAT_EVENTS = ['message', 'contact'] as const;

/** What an event changes: the lists, the unread count and that conversation are fetched again. */
export function tagsForEvent(data: unknown): Array<{ type: 'Contact' | 'Message'; id: string | number }> {
  const tags: Array<{ type: 'Contact' | 'Message'; id: string | number }> = [
    { type: 'Contact', id: 'LIST' },
    { type: 'Contact', id: 'UNREAD' },
  ];
  const id = typeof data === 'object' && data !== null ? Number((data as Record<string, unknown>).contact_id) : NaN;
  if (Number.isInteger(id) && id > 0) tags.push({ type: 'Message', id });
  return tags;
}

/**
 * Real-time delivery: while a chat screen is open, the tab's event stream (shared with the other
 * live screens) refetches the lists and the conversation the moment a message arrives, and
 * everything once the stream reopens. Polling stays on as the fallback.
 */
export function useChatEvents(): void {
  const dispatch = useThunkDispatch();
  useEventStream(
    CHAT_EVENTS,
    (event) => dispatch(api.util.invalidateTags(tagsForEvent(event.data))),
    () => dispatch(api.util.invalidateTags(tagsForEvent(null))),
  );
}
