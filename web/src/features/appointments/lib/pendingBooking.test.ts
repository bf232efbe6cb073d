import { describe, expect, it } from 'vitest';
import { rememberPendingBooking, takePendingBooking } from './pendingBooking';

function memory(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
    clear: () => values.clear(),
    key: () => null,
    length: 0,
  };
}

describe('pending booking', () => {
  it('keeps the designer and the way back under the spec keys, and is taken once', () => {
    const storage = memory();
    rememberPendingBooking({ designer_id: 7, designer_name: 'Sofia' }, '/profile/7?shared=true', storage);
    expect(storage.getItem('returnAfterRegistration')).toBe('/profile/7?shared=true');
    expect(takePendingBooking(8, storage)).toBeNull();
    expect(takePendingBooking(7, storage)).toEqual({ designer_id: 7, designer_name: 'Sofia' });
    expect(takePendingBooking(7, storage)).toBeNull();
  });
});
