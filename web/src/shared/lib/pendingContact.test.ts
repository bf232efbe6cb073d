import { describe, expect, it } from 'vitest';
import {
  clearPendingContact,
  clearPendingContactMessage,
  readPendingContact,
  readPendingContactMessage,
  storePendingContact,
  storePendingContactMessage,
} from './pendingContact';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('pending contact', () => {
  it('keeps the designer and the return path under the spec keys', () => {
    const storage = memory();
    storePendingContact({ id: 7, name: 'Chiara Galli' }, '/designer/7', storage);
    expect(JSON.parse(storage.map.get('pendingDesigner') ?? '')).toEqual({ id: 7, name: 'Chiara Galli' });
    expect(storage.map.get('returnAfterRegistration')).toBe('/designer/7');
    expect(readPendingContact(storage)).toEqual({ designer: { id: 7, name: 'Chiara Galli' }, returnPath: '/designer/7' });
    clearPendingContact(storage);
    expect(readPendingContact(storage)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('ignores unreadable values', () => {
    const storage = memory();
    storage.setItem('pendingDesigner', '{"id":"x"}');
    expect(readPendingContact(storage)).toBeNull();
    storage.setItem('pendingDesigner', 'not json');
    expect(readPendingContact(storage)).toBeNull();
  });

  it('keeps the typed message under pendingContact', () => {
    const storage = memory();
    storePendingContactMessage({ designer_id: 7, message: 'Ciao, vorrei rifare la cucina' }, storage);
    expect(JSON.parse(storage.map.get('pendingContact') ?? '')).toEqual({ designer_id: 7, message: 'Ciao, vorrei rifare la cucina' });
    expect(readPendingContactMessage(storage)).toEqual({ designer_id: 7, message: 'Ciao, vorrei rifare la cucina' });
    storage.setItem('pendingContact', '{"designer_id":0,"message":"x"}');
    expect(readPendingContactMessage(storage)).toBeNull();
    clearPendingContactMessage(storage);
    expect(readPendingContactMessage(storage)).toBeNull();
  });
});
