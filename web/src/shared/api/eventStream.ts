import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectToken, type WithSession } from '../session/sessionSlice';
import { api } from './api';
import type { Schemas } from './contract';

/** Waits before opening a new stream after one failed (the ticket expired, the network dropped). */
export const RECONNECT_MS = 5000;

/** One event of the server's stream: its type ("message", "contact", "appointment") and JSON data. */
export interface StreamEvent {
  type: string;
  data: unknown;
}

interface Subscription {
  types: readonly string[];
  onEvent: (event: StreamEvent) => void;
  /** The stream (re)opened: events may have been missed while it was down. */
  onOpen: () => void;
}

/**
 * The one server-sent event stream of the tab (GET /api/events with a short-lived ticket, never the
 * token, in the URL), shared by every screen that wants live updates: chat and appointments each
 * subscribe to their event types.
 */
const stream = {
  subscriptions: new Set<Subscription>(),
  source: null as EventSource | null,
  listened: new Set<string>(),
  timer: 0,
  token: null as string | null,
  /** Counts attempts to open: an attempt that a newer one overtook while it waited gives up. */
  attempt: 0,
  /** The store's dispatch, from the latest subscriber: a resync invalidates the cache through it. */
  dispatch: null as ((action: UnknownAction) => unknown) | null,
};

/** What the stream keeps fresh: after a resync every screen showing it fetches it again. */
export const RESYNC_TAGS = [{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id: 'UNREAD' }, 'Message', 'Appointment'] as const;

/**
 * The server says events may have been lost (`event: resync`, docs/messaging.md: its PostgreSQL
 * listener was down, or the stream fell behind): conversations, the unread count and appointments
 * are fetched again, whichever screens are open, and each subscriber hears it as a gap.
 */
function resync(): void {
  stream.dispatch?.(api.util.invalidateTags([...RESYNC_TAGS]));
  for (const subscription of stream.subscriptions) subscription.onOpen();
}

/** Reads an event's JSON data; anything unreadable is null (the screens then just refetch). */
export function parseEventData(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function deliver(type: string, raw: string): void {
  const event: StreamEvent = { type, data: parseEventData(raw) };
  for (const subscription of stream.subscriptions) {
    if (subscription.types.includes(type)) subscription.onEvent(event);
  }
}

/** Listens on the open source for every type some subscriber wants. */
function listenAll(): void {
  const source = stream.source;
  if (!source) return;
  for (const subscription of stream.subscriptions) {
    for (const type of subscription.types) {
      if (stream.listened.has(type)) continue;
      stream.listened.add(type);
      source.addEventListener(type, ((event: MessageEvent<string>) => deliver(type, event.data)) as EventListener);
    }
  }
}

function close(): void {
  window.clearTimeout(stream.timer);
  stream.source?.close();
  stream.source = null;
  stream.listened = new Set();
}

function later(): void {
  window.clearTimeout(stream.timer);
  stream.timer = window.setTimeout(() => void open(), RECONNECT_MS);
}

async function open(): Promise<void> {
  close();
  stream.attempt += 1;
  const attempt = stream.attempt;
  const token = stream.token;
  if (stream.subscriptions.size === 0 || !token || typeof EventSource === 'undefined') return;
  if (!navigator.onLine) {
    later();
    return;
  }
  let ticket: string | null = null;
  try {
    const response = await fetch('/api/events/ticket', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    if (response.ok) ticket = ((await response.json()) as Partial<Schemas['TicketView']>).ticket ?? null;
  } catch {
    ticket = null;
  }
  if (attempt !== stream.attempt || stream.subscriptions.size === 0 || token !== stream.token) return;
  if (!ticket) {
    later();
    return;
  }
  const source = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
  stream.source = source;
  listenAll();
  source.addEventListener('resync', resync);
  source.addEventListener('open', () => {
    for (const subscription of stream.subscriptions) subscription.onOpen();
  });
  source.addEventListener('error', () => {
    // The browser retries by itself with Last-Event-ID; a refused retry (expired ticket) closes it.
    if (source.readyState === EventSource.CLOSED && stream.source === source) later();
  });
}

/**
 * Live updates while a screen is open: `onEvent` runs for each event of `types` on the tab's one
 * event stream, and `onOpen` each time the stream (re)opens or the server sends `resync`, since
 * events may have been missed then (a resync also invalidates RESYNC_TAGS). The stream opens with the first subscriber of a signed-in session, follows a
 * change of account, reopens when the connection returns, and closes with the last subscriber.
 * Screens keep their polling or refetch-on-focus as the fallback.
 */
export function useEventStream(types: readonly string[], onEvent: (event: StreamEvent) => void, onOpen: () => void): void {
  const token = useSelector((state: WithSession) => selectToken(state));
  const dispatch = useDispatch();
  const handlers = useRef({ onEvent, onOpen });
  // eslint-disable-next-line react-hooks/refs -- keeps the latest handler for the stream's listener without reconnecting; never read during render
  handlers.current = { onEvent, onOpen };
  const key = types.join(',');
  useEffect(() => {
    if (!token) return undefined;
    const subscription: Subscription = {
      types: key.split(','),
      onEvent: (event) => handlers.current.onEvent(event),
      onOpen: () => handlers.current.onOpen(),
    };
    stream.subscriptions.add(subscription);
    stream.dispatch = dispatch;
    if (stream.token !== token || stream.source === null) {
      stream.token = token;
      void open();
    } else {
      listenAll();
    }
    const online = (): void => void open();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stream.subscriptions.delete(subscription);
      if (stream.subscriptions.size === 0) {
        close();
        stream.token = null;
        stream.dispatch = null;
      }
    };
  }, [key, token, dispatch]);
}
