import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import { pushCommands } from '../../../shared/push/commands';
import { commandTestbed } from '../../../test/offline';
import { ANNA, apiStore, setOnline } from '../../../test/session';
import { usePushOptIn } from './usePushOptIn';

vi.mock('../../../shared/push/device', () => ({
  currentSubscription: () => Promise.resolve(null),
  readEnvironment: () => ({ supported: true, permission: 'granted', ios: false, standalone: false }),
  subscribeDevice: () => Promise.resolve({ ok: false, failure: 'denied' }),
  subscriptionJson: () => null,
  unsubscribeDevice: () => Promise.resolve(),
}));

const bed = commandTestbed((call) => {
    if (call.url.endsWith('/api/push/preferences') && call.method === 'GET') return { status: 200, body: { messages: true, appointments: true, reminders: true } };
    if (call.url.endsWith('/api/push/preferences') && call.method === 'PUT') return { status: 200, body: call.body };
    if (call.url.endsWith('/api/push/subscriptions')) return { status: 200, body: [] };
    return { status: 404, body: { detail: 'Not Found' } };
  });

function renderOptIn() {
  const store = apiStore(ANNA);
  bed.wiring.wire(store.dispatch, pushCommands, { userId: '5', token: 'tok' });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => usePushOptIn(), { wrapper });
}

function puts() {
  return bed.net.calls.filter((call) => call.method === 'PUT');
}



describe('the push switches (the setPushPreferences command, never kept on the device)', () => {
  it('online a switch is sent at once with its Idempotency-Key and shows the answer', async () => {
    const { result } = renderOptIn();
    await waitFor(() => expect(result.current.preferences).toEqual({ messages: true, appointments: true, reminders: true }));
    await act(() => result.current.setPreference('reminders', false));
    const [put] = puts();
    expect(puts()).toHaveLength(1);
    expect(put?.url).toBe('/api/push/preferences');
    expect(put?.body).toEqual({ messages: true, appointments: true, reminders: false });
    expect(put?.headers['idempotency-key']).toEqual(expect.any(String));
    await waitFor(() => expect(result.current.preferences).toEqual({ messages: true, appointments: true, reminders: false }));
    expect(result.current.notice).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline a switch is refused at once and says it could not be saved: nothing sent, nothing kept', async () => {
    const { result } = renderOptIn();
    await waitFor(() => expect(result.current.preferences).not.toBeNull());
    setOnline(false);
    await act(() => result.current.setPreference('messages', false));
    expect(result.current.notice).toBe('saveFailed');
    expect(puts()).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
