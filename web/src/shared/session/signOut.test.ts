import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { ANNA } from '../../test/session';
import { db } from '../offline/db';
import { sessionReducer } from './sessionSlice';
import { LOGOUT_ALL_KIND, LOGOUT_KIND, signOut } from './signOut';

function signedInStore() {
  return configureStore({ reducer: { session: sessionReducer }, preloadedState: { session: { user: ANNA, rememberMe: false } } });
}

afterEach(async () => {
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

  it('queues nothing when nobody is signed in', async () => {
    const store = configureStore({ reducer: { session: sessionReducer }, preloadedState: { session: { user: null, rememberMe: false } } });
    await store.dispatch(signOut('device'));
    expect(await db.outbox.count()).toBe(0);
  });
});
