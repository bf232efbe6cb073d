import { describe, expect, it } from 'vitest';
import type { StorageArea } from '../../../shared/lib/storage';
import { loginFromState } from '../../../shared/lib/journey';
import {
  accountResetLink,
  resetReturnsToAccount,
  destinationAfterSignIn,
  emailHandedTo,
  handEmailToLogin,
  keepIntentOnlyFromItsPage,
  parseLoginQuery,
  passwordResetLink,
  resetReturnsToLogin,
  returnsToPreviousEntry,
  safeInternalPath,
} from './destination';

function memory(entries: Record<string, string> = {}): StorageArea & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const q = (s: string) => parseLoginQuery(new URLSearchParams(s));

describe('parseLoginQuery', () => {
  it('reads the spec parameters', () => {
    expect(q('mode=register&redirect=contact&email=a%40b.it&returnTo=%2Fappuntamenti')).toEqual({
      mode: 'register', lead: null, redirect: 'contact', email: 'a@b.it', returnTo: '/appuntamenti',
    });
    expect(q('').mode).toBe('login');
  });

  it('forces register mode when leadId is given and parses it as an integer, with its token', () => {
    // A bare leadId opens registration but brings no lead: the server honours a lead only with its token.
    expect(q('leadId=42')).toMatchObject({ mode: 'register', lead: null });
    expect(q('leadId=42&leadToken=abc').lead).toEqual({ lead_id: 42, lead_token: 'abc' });
    expect(q('leadId=abc')).toMatchObject({ mode: 'login', lead: null });
    expect(q('leadId=0').lead).toBeNull();
  });

  it('ignores unknown redirects and outside return paths', () => {
    expect(q('redirect=evil').redirect).toBeNull();
    expect(q('returnTo=https%3A%2F%2Fevil.example').returnTo).toBeNull();
    expect(safeInternalPath('//evil.example')).toBeNull();
    expect(safeInternalPath('/\\evil.example')).toBeNull();
    expect(safeInternalPath('/user-profile?x=1')).toBe('/user-profile?x=1');
  });
});

describe('destinationAfterSignIn', () => {
  it('goes to returnTo first', () => {
    expect(destinationAfterSignIn(q('returnTo=%2Fappuntamenti'), '/user-profile', memory())).toBe('/appuntamenti');
  });

  it('goes to the role home without anything waiting', () => {
    expect(destinationAfterSignIn(q(''), '/designer-profile', memory())).toBe('/designer-profile');
    expect(destinationAfterSignIn(q('redirect=appointment'), '/user-profile', memory())).toBe('/user-profile');
  });

  it('returns to the page of a waiting intent and leaves it for the resumer', () => {
    const storage = memory({
      pendingDesigner: JSON.stringify({ id: 7, name: 'Chiara', action: 'book' }),
      pendingAppointment: JSON.stringify({ designer_id: 7, designer_name: 'Chiara', appointment_date: '2030-03-04T10:00:00+01:00' }),
      returnAfterRegistration: '/designer/7',
    });
    expect(destinationAfterSignIn(q('redirect=appointment'), '/user-profile', storage)).toBe('/designer/7');
    expect(storage.data.has('pendingAppointment')).toBe(true);
    expect(storage.data.has('pendingDesigner')).toBe(true);
  });

  it('sends a visitor who acted on the home page list to the role home, which lists the same designers', () => {
    const storage = memory({ pendingDesigner: JSON.stringify({ id: 3, name: 'Luca', action: 'like' }), returnAfterRegistration: '/' });
    expect(destinationAfterSignIn(q('redirect=designers'), '/user-profile', storage)).toBe('/user-profile');
    const noReturn = memory({ pendingDesigner: JSON.stringify({ id: 3, name: 'Luca' }) });
    expect(destinationAfterSignIn(q('redirect=contact'), '/user-profile', noReturn)).toBe('/user-profile');
  });

  it('never goes back to the home page or the login page, which would send a signed-in person on', () => {
    expect(destinationAfterSignIn(q('returnTo=%2F'), '/user-profile', memory())).toBe('/user-profile');
    expect(destinationAfterSignIn(q('returnTo=%2Flogin%3Fmode%3Dregister'), '/admin', memory())).toBe('/admin');
  });
});

describe('keepIntentOnlyFromItsPage', () => {
  const waiting = () =>
    memory({
      pendingDesigner: JSON.stringify({ id: 7, name: 'Chiara', action: 'contact' }),
      pendingContact: JSON.stringify({ designer_id: 7, message: 'Ci ho ripensato.' }),
      returnAfterRegistration: '/designer/7',
    });

  it('keeps what waits for a sign-in from its own page (register or "Accedi" there)', () => {
    for (const search of ['mode=register&redirect=contact', 'redirect=contact']) {
      const storage = waiting();
      keepIntentOnlyFromItsPage(q(search), storage);
      expect(destinationAfterSignIn(q(search), '/user-profile', storage)).toBe('/designer/7');
      expect(storage.data.has('pendingContact')).toBe(true);
    }
  });

  it("drops it at a sign-in from anywhere else, so a message left with Back is not sent then", () => {
    const storage = waiting();
    keepIntentOnlyFromItsPage(q(''), storage);
    expect(storage.data.size).toBe(0);
    expect(destinationAfterSignIn(q(''), '/user-profile', storage)).toBe('/user-profile');
  });
});

describe('a sign-in opened from the page it returns to', () => {
  it('goes back to that entry only when the login was opened from it, within this tab', () => {
    const state = loginFromState('/profile/44');
    expect(returnsToPreviousEntry(state, 'k1', '/profile/44', '/user-profile')).toBe(true);
    // Another destination (a designer's dashboard), the first page of the tab, no or foreign state.
    expect(returnsToPreviousEntry(state, 'k1', '/designer-profile', '/user-profile')).toBe(false);
    expect(returnsToPreviousEntry(state, 'default', '/profile/44', '/user-profile')).toBe(false);
    expect(returnsToPreviousEntry(null, 'k1', '/profile/44', '/user-profile')).toBe(false);
    expect(returnsToPreviousEntry({ loginFrom: 44 }, 'k1', '/profile/44', '/user-profile')).toBe(false);
    expect(returnsToPreviousEntry('x', 'k1', '/profile/44', '/user-profile')).toBe(false);
  });

  it("goes back to the visitors' home page when it would send the person on to the destination", () => {
    const home = loginFromState('/');
    expect(returnsToPreviousEntry(home, 'k1', '/user-profile', '/user-profile')).toBe(true);
    expect(returnsToPreviousEntry(home, 'k1', '/designer-profile', '/designer-profile')).toBe(true);
    // Somewhere else waits (a returnTo, an intent's page): opened, not the home.
    expect(returnsToPreviousEntry(home, 'k1', '/profile/44', '/user-profile')).toBe(false);
    // A customer's questionnaire stays theirs to come back to; a designer is sent on from it.
    expect(returnsToPreviousEntry(loginFromState('/?openQuestionnaire=true'), 'k1', '/user-profile', '/user-profile')).toBe(false);
    expect(returnsToPreviousEntry(loginFromState('/?openQuestionnaire=true'), 'k1', '/designer-profile', '/designer-profile')).toBe(true);
    expect(returnsToPreviousEntry(home, 'default', '/user-profile', '/user-profile')).toBe(false);
  });
});

describe('"Password dimenticata?" and the login it came from', () => {
  it('opens the reset request with the typed address, naming the login entry to come back to', () => {
    expect(passwordResetLink('  anna+casa@example.com ', 'k7')).toEqual({
      to: '/request-password-reset?email=anna%2Bcasa%40example.com',
      state: { resetFromLogin: 'k7' },
    });
    expect(passwordResetLink('', 'k7').to).toBe('/request-password-reset');
  });

  it('goes back only to a login entry behind it in this tab', () => {
    const { state } = passwordResetLink('', 'k7');
    expect(resetReturnsToLogin(state, 'k8')).toBe('k7');
    expect(resetReturnsToLogin(state, 'default')).toBeNull();
    expect(resetReturnsToLogin(null, 'k8')).toBeNull();
    expect(resetReturnsToLogin({ resetFromLogin: 7 }, 'k8')).toBeNull();
    expect(resetReturnsToLogin({ resetFromLogin: '' }, 'k8')).toBeNull();
  });

  it("the profile's link names the account's entry behind it, and only a tab's own entry counts", () => {
    const link = accountResetLink('anna+casa@example.com');
    expect(link).toEqual({ to: '/request-password-reset?email=anna%2Bcasa%40example.com', state: { resetFromAccount: true } });
    expect(resetReturnsToAccount(link.state, 'k8')).toBe(true);
    expect(resetReturnsToAccount(link.state, 'default')).toBe(false);
    expect(resetReturnsToAccount(null, 'k8')).toBe(false);
    expect(resetReturnsToAccount({ resetFromAccount: 'yes' }, 'k8')).toBe(false);
    expect(resetReturnsToAccount(passwordResetLink('', 'k7').state, 'k8')).toBe(false);
  });

  it('hands the address to that login entry only, as often as it renders', () => {
    handEmailToLogin('k7', 'anna@example.com');
    expect(emailHandedTo('k7')).toBe('anna@example.com');
    expect(emailHandedTo('k7')).toBe('anna@example.com');
    expect(emailHandedTo('k9')).toBeNull();
  });
});
