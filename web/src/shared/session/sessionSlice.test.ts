import { describe, expect, it } from 'vitest';
import { homePathFor, loadSession, parseStoredUser, selectIsAdmin, selectIsDesigner, selectIsLoggedIn, type StoredUser } from './sessionSlice';

function state(user: StoredUser | null) {
  return { session: { user, rememberMe: false } };
}

const base = { access_token: 't', id: 3, name: 'Anna', email: 'anna@example.com' };

describe('session', () => {
  it('parses a stored user, accepting user_id, and rejects one without a token', () => {
    expect(parseStoredUser({ ...base, id: undefined, user_id: '12', role: 'designer' })).toMatchObject({ id: 12, role: 'designer' });
    expect(parseStoredUser({ ...base, access_token: '' })).toBeNull();
    expect(parseStoredUser('nope')).toBeNull();
    expect(parseStoredUser({ ...base, role: 'superuser' })?.role).toBe('user');
  });

  it('loads user and remember_me from localStorage', () => {
    localStorage.setItem('user', JSON.stringify({ ...base, role: 'user' }));
    localStorage.setItem('remember_me', 'true');
    const loaded = loadSession(localStorage);
    expect(loaded.user?.email).toBe('anna@example.com');
    expect(loaded.rememberMe).toBe(true);
    localStorage.setItem('user', '{broken');
    expect(loadSession(localStorage).user).toBeNull();
    localStorage.clear();
  });

  it('derives roles as the spec says and sends each to its page', () => {
    const customer = parseStoredUser({ ...base, role: 'user' });
    const designerByFlag = parseStoredUser({ ...base, is_designer: true });
    const designerByProfile = parseStoredUser({ ...base, designer: { id: 4 } });
    const adminByFlag = parseStoredUser({ ...base, is_admin: true, role: 'designer' });
    const adminByRole = parseStoredUser({ ...base, role: 'admin' });

    expect(selectIsLoggedIn(state(null))).toBe(false);
    expect(selectIsLoggedIn(state(customer))).toBe(true);
    expect(selectIsDesigner(state(designerByFlag))).toBe(true);
    expect(selectIsDesigner(state(designerByProfile))).toBe(true);
    expect(selectIsAdmin(state(adminByFlag))).toBe(true);
    expect(selectIsAdmin(state(adminByRole))).toBe(true);

    expect(homePathFor(state(null))).toBe('/');
    expect(homePathFor(state(customer))).toBe('/user-profile');
    expect(homePathFor(state(designerByProfile))).toBe('/designer-profile');
    expect(homePathFor(state(adminByFlag))).toBe('/admin');
  });
});
