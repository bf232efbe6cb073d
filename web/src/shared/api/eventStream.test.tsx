import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/fakeEventSource';
import { CUSTOMER, renderSignedIn } from '../../test/session';
import { Provider } from 'react-redux';
import { sessionReducer } from '../session/sessionSlice';
import { api } from './api';
import { parseEventData, RESYNC_TAGS, useEventStream, type StreamEvent } from './eventStream';

let tickets = 0;

beforeEach(() => {
  FakeEventSource.instances = [];
  tickets = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/events/ticket')) {
      tickets += 1;
      return new Response(JSON.stringify({ ticket: `t${tickets}` }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Listener({ types, log, opened }: { types: string[]; log: StreamEvent[]; opened: { count: number } }) {
  useEventStream(
    types,
    (event) => log.push(event),
    () => {
      // eslint-disable-next-line react-hooks/immutability -- the test probe records each render's value on purpose
      opened.count += 1;
    },
  );
  return null;
}

function Both({ chat, appointments, opened }: { chat: StreamEvent[]; appointments: StreamEvent[]; opened: { count: number } }) {
  const [showChat, setShowChat] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShowChat(false)}>
        chiudi chat
      </button>
      {showChat ? <Listener types={['message', 'contact']} log={chat} opened={opened} /> : null}
      <Listener types={['appointment']} log={appointments} opened={opened} />
    </>
  );
}

describe('the tab’s event stream', () => {
  it('is one stream for every screen, each hearing only its own event types, and told when it (re)opens', async () => {
    const chat: StreamEvent[] = [];
    const appointments: StreamEvent[] = [];
    const opened = { count: 0 };
    const view = renderSignedIn(<Both chat={chat} appointments={appointments} opened={opened} />);
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const source = FakeEventSource.current();
    if (!source) throw new Error('no stream');
    expect(source.url).toMatch(/^\/api\/events\?ticket=t\d$/);
    await waitFor(() => expect(source.types().sort()).toEqual(['appointment', 'contact', 'error', 'message', 'open', 'resync']));
    expect(FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED)).toHaveLength(1);

    source.open();
    expect(opened.count).toBe(2);
    source.emit('appointment', { type: 'appointment', appointment_id: 7, status: 'pending' });
    source.emit('message', { type: 'message', contact_id: 3, message_id: 9 });
    expect(appointments).toEqual([{ type: 'appointment', data: { type: 'appointment', appointment_id: 7, status: 'pending' } }]);
    expect(chat).toEqual([{ type: 'message', data: { type: 'message', contact_id: 3, message_id: 9 } }]);

    // One screen closes: the stream stays for the other; the last one closes it.
    fireEvent.click(view.getByRole('button', { name: 'chiudi chat' }));
    await waitFor(() => expect(source.readyState).toBe(FakeEventSource.OPEN));
    source.emit('contact', { contact_id: 3 });
    expect(chat).toHaveLength(1);
    view.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('on resync refetches conversations, the unread count and appointments, and tells each screen of the gap', async () => {
    const seen: UnknownAction[] = [];
    const record: Middleware = () => (next) => (action) => {
      seen.push(action as UnknownAction);
      return next(action);
    };
    const store = configureStore({
      reducer: { session: sessionReducer },
      preloadedState: { session: { user: CUSTOMER, rememberMe: false } },
      middleware: (getDefault) => getDefault().concat(record),
    });
    const log: StreamEvent[] = [];
    const opened = { count: 0 };
    const view = render(
      <Provider store={store}>
        <Listener types={['appointment']} log={log} opened={opened} />
      </Provider>,
    );
    await waitFor(() => expect(FakeEventSource.current()?.types()).toContain('resync'));
    const source = FakeEventSource.current();
    if (!source) throw new Error('no stream');
    source.open();
    const before = opened.count;
    expect(seen.filter((action) => api.util.invalidateTags.match(action))).toEqual([]);

    source.emit('resync', { type: 'resync' });

    const invalidations = seen.filter((action) => api.util.invalidateTags.match(action));
    expect(invalidations.map((action) => action.payload)).toEqual([[...RESYNC_TAGS]]);
    expect(RESYNC_TAGS).toEqual([{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id: 'UNREAD' }, 'Message', 'Appointment']);
    expect(opened.count).toBe(before + 1);
    expect(log).toEqual([]);
    view.unmount();
  });

  it('reads unreadable data as null rather than failing', () => {
    expect(parseEventData('{"a":1}')).toEqual({ a: 1 });
    expect(parseEventData('not json')).toBeNull();
  });
});
