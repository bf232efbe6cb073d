import { describe, expect, it } from 'vitest';
import type { StorageArea } from '../../../shared/lib/storage';
import { destinationAfterSignIn, parseLoginQuery, safeInternalPath } from './destination';

function memory(entries: Record<string, string> = {}): StorageArea & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const q = (s: string) => parseLoginQuery(new URLSearchParams(s));

describe('parseLoginQuery', () => {
  it('reads the spec parameters', () => {
    expect(q('mode=register&redirect=contact&email=a%40b.it&returnTo=%2Fappuntamenti')).toEqual({
      mode: 'register', leadId: null, redirect: 'contact', email: 'a@b.it', returnTo: '/appuntamenti',
    });
    expect(q('').mode).toBe('login');
  });

  it('forces register mode when leadId is given and parses it as an integer', () => {
    expect(q('leadId=42')).toMatchObject({ mode: 'register', leadId: 42 });
    expect(q('leadId=abc')).toMatchObject({ mode: 'login', leadId: null });
    expect(q('leadId=0').leadId).toBeNull();
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

  it('returns to the page of a waiting booking and keeps the booking for the button to reopen', () => {
    const storage = memory({
      pendingAppointment: JSON.stringify({ designer_id: 7, designer_name: 'Chiara' }),
      returnAfterRegistration: '/designer/7',
    });
    expect(destinationAfterSignIn(q('redirect=appointment'), '/user-profile', storage)).toBe('/designer/7');
    expect(storage.data.has('pendingAppointment')).toBe(true);
    expect(storage.data.has('returnAfterRegistration')).toBe(false);
  });

  it('falls back to the designer profile when the booking has no return path', () => {
    const storage = memory({ pendingAppointment: JSON.stringify({ designer_id: 7, designer_name: 'Chiara' }) });
    expect(destinationAfterSignIn(q('redirect=appointment'), '/user-profile', storage)).toBe('/profile/7');
  });

  it('leads a waiting contact to its page and leaves the stored values for messaging', () => {
    const storage = memory({ pendingDesigner: JSON.stringify({ id: 3, name: 'Luca' }), returnAfterRegistration: '/profile/3?shared=true' });
    expect(destinationAfterSignIn(q('redirect=contact'), '/user-profile', storage)).toBe('/profile/3?shared=true');
    expect(storage.data.has('pendingDesigner')).toBe(true);
    expect(storage.data.has('returnAfterRegistration')).toBe(true);
    const noReturn = memory({ pendingDesigner: JSON.stringify({ id: 3, name: 'Luca' }) });
    expect(destinationAfterSignIn(q('redirect=contact'), '/user-profile', noReturn)).toBe('/profile/3');
  });
});
