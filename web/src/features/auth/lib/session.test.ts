import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { StorageArea } from '../../../shared/lib/storage';
import { sessionReducer, type StoredUser } from '../../../shared/session/sessionSlice';
import type { Account } from './account';
import { syncStoredUser } from './session';

function memory(): StorageArea & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const anna: StoredUser = {
  access_token: 'anna-token', token_type: 'bearer', id: 1, name: 'Anna', email: 'anna@example.com', role: 'user',
  is_admin: false, is_designer: false, has_designer_profile: false,
};
const account: Account = {
  id: 1, name: 'Anna Rossi', email: 'anna@example.com', role: 'user', location: '', profile_picture: '',
  has_password: true, google_linked: false, style_analysis: null, created_at: '',
};

function storeWith(user: StoredUser | null) {
  return configureStore({ reducer: combineReducers({ session: sessionReducer }), preloadedState: { session: { user, rememberMe: true } } });
}

describe('syncStoredUser', () => {
  it('refreshes the session and the device copy from the profile', () => {
    const storage = memory();
    storage.setItem('user', JSON.stringify(anna));
    const store = storeWith(anna);
    store.dispatch(syncStoredUser(account, false, storage));
    expect(store.getState().session.user?.name).toBe('Anna Rossi');
    expect(JSON.parse(storage.getItem('user') ?? '{}')).toMatchObject({ name: 'Anna Rossi', access_token: 'anna-token' });
  });

  it('never overwrites a session another tab stored meanwhile', () => {
    const storage = memory();
    const bruno = { ...anna, access_token: 'bruno-token', id: 2, name: 'Bruno' };
    storage.setItem('user', JSON.stringify(bruno));
    const store = storeWith(anna);
    store.dispatch(syncStoredUser(account, false, storage));
    expect(JSON.parse(storage.getItem('user') ?? '{}')).toMatchObject({ name: 'Bruno', access_token: 'bruno-token' });
  });

  it('ignores a profile of another account and writes nothing when nothing changed', () => {
    const storage = memory();
    const store = storeWith(anna);
    store.dispatch(syncStoredUser({ ...account, id: 9 }, false, storage));
    expect(store.getState().session.user?.name).toBe('Anna');
    store.dispatch(syncStoredUser({ ...account, name: 'Anna' }, false, storage));
    expect(storage.data.size).toBe(0);
  });

  it('recognises a designer from the designer object', () => {
    const store = storeWith(anna);
    store.dispatch(syncStoredUser(account, true, memory()));
    expect(store.getState().session.user).toMatchObject({ is_designer: true, has_designer_profile: true });
  });
});
