import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { api } from '../../../shared/api/api';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { selectToken, type WithSession } from '../../../shared/session/sessionSlice';

type Dispatch = ReturnType<typeof useThunkDispatch>;

/** Waits before opening a new stream after one failed (the ticket expired, the network dropped). */
export const RECONNECT_MS = 5000;

/** The one event stream of the tab, shared by every chat screen that is open. */
const stream = {
  users: 0,
  source: null as EventSource | null,
  timer: 0,
  token: null as string | null,
  dispatch: null as Dispatch | null,
};

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

function onEvent(event: MessageEvent<string>): void {
  let data: unknown = null;
  try {
    data = JSON.parse(event.data);
  } catch {
    data = null;
  }
  stream.dispatch?.(api.util.invalidateTags(tagsForEvent(data)));
}

function close(): void {
  window.clearTimeout(stream.timer);
  stream.source?.close();
  stream.source = null;
}

function later(): void {
  window.clearTimeout(stream.timer);
  stream.timer = window.setTimeout(() => void open(), RECONNECT_MS);
}

async function open(): Promise<void> {
  close();
  const token = stream.token;
  if (stream.users === 0 || !token || typeof EventSource === 'undefined') return;
  if (!navigator.onLine) {
    later();
    return;
  }
  let ticket: string | null = null;
  try {
    const response = await fetch('/api/events/ticket', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    if (response.ok) ticket = ((await response.json()) as { ticket?: string }).ticket ?? null;
  } catch {
    ticket = null;
  }
  if (stream.users === 0 || token !== stream.token) return;
  if (!ticket) {
    later();
    return;
  }
  const source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
  source.addEventListener('message', onEvent as EventListener);
  source.addEventListener('contact', onEvent as EventListener);
  // The stream may have missed events while it was down: refetch once it is open.
  source.addEventListener('open', () => stream.dispatch?.(api.util.invalidateTags(tagsForEvent(null))));
  source.addEventListener('error', () => {
    // The browser retries by itself with Last-Event-ID; a refused retry (expired ticket) closes it.
    if (source.readyState === EventSource.CLOSED) later();
  });
  stream.source = source;
}

/**
 * Real-time delivery: while a chat screen is open, one server-sent event stream per tab (a
 * short-lived ticket, never the token, in the URL) refetches the lists and the conversation the
 * moment a message arrives. Polling stays on as the fallback.
 */
export function useChatEvents(): void {
  const dispatch = useThunkDispatch();
  const token = useSelector((state: WithSession) => selectToken(state));
  useEffect(() => {
    if (!token) return undefined;
    stream.users += 1;
    stream.dispatch = dispatch;
    if (stream.token !== token || stream.source === null) {
      stream.token = token;
      void open();
    }
    const online = (): void => void open();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stream.users -= 1;
      if (stream.users === 0) {
        close();
        stream.token = null;
      }
    };
  }, [dispatch, token]);
}
