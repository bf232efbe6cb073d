import { describe, expect, it } from 'vitest';
import { clearPendingContact, readPendingContact, storePendingContact } from './pendingContact';

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
});
