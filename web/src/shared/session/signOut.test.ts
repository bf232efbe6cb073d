import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNA } from '../../test/session';
import { db } from '../offline/db';
import { sessionReducer } from './sessionSlice';
import { endAllSessions, endSession, unsubscribePush } from './commands';
import { signOut } from './signOut';

const LOGOUT_KIND = endSession.kind;
const LOGOUT_ALL_KIND = endAllSessions.kind;
const PUSH_UNSUBSCRIBE_KIND = unsubscribePush.kind;

const device = vi.hoisted(() => ({ subscription: null as null | { endpoint: string; unsubscribe: () => Promise<boolean> } }));
vi.mock('../push/device', () => ({
  currentSubscription: () => Promise.resolve(device.subscription),
  unsubscribeDevice: async (s: { unsubscribe: () => Promise<boolean> } | null) => {
    await s?.unsubscribe();
  },
}));

function signedInStore() {
  return configureStore({ reducer: { session: sessionReducer }, preloadedState: { session: { user: ANNA, rememberMe: false } } });
}

afterEach(async () => {
  device.subscription = null;
  await db.outbox.clear();
  localStorage.clear();
});

describe('signOut', () => {
  it('queues the server logout with the token it ends, then forgets the session here', async () => {
    const store = signedInStore();
    await store.dispatch(signOut('device'));
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: LOGOUT_KIND, method: 'POST', path: '/api/auth/logout', userId: '', revokes: ANNA.access_token });
    expect(store.getState().session.user).toBeNull();
  });

  it('ends every session of the account with "everywhere"', async () => {
    const store = signedInStore();
    await store.dispatch(signOut('everywhere'));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: LOGOUT_ALL_KIND, path: '/api/auth/logout-all', revokes: ANNA.access_token });
  });

  it('deletes the push subscription of this device on the server first, with the token, then ends it in the browser', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    device.subscription = { endpoint: 'https://push.example/device-1', unsubscribe };
    localStorage.setItem('interno.push.owner', String(ANNA.id));
    const store = signedInStore();
    await store.dispatch(signOut('device'));
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.kind)).toEqual([PUSH_UNSUBSCRIBE_KIND, LOGOUT_KIND]);
    expect(entries[0]).toMatchObject({
      method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: 'https://push.example/device-1' },
      userId: '', revokes: ANNA.access_token, entity: entries[1]!.entity,
    });
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem('interno.push.owner')).toBeNull();
    expect(store.getState().session.user).toBeNull();
  });

  it('queues no push call when this device has no subscription', async () => {
    const store = signedInStore();
    await store.dispatch(signOut('everywhere'));
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual([LOGOUT_ALL_KIND]);
  });

  it('queues nothing when nobody is signed in', async () => {
    const store = configureStore({ reducer: { session: sessionReducer }, preloadedState: { session: { user: null, rememberMe: false } } });
    await store.dispatch(signOut('device'));
    expect(await db.outbox.count()).toBe(0);
  });
});
