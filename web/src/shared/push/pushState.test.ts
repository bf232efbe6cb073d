import { describe, expect, it } from 'vitest';
import { isIos, keyBytes, parseDevices, parsePreferences, pushStatus, sameKey, shouldRefresh, type PushEnvironment } from './pushState';
import { safeAppPath } from './startPush';

const desktop: PushEnvironment = { supported: true, permission: 'default', ios: false, standalone: false };
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

describe('pushStatus', () => {
  it('is off on a capable browser that was never asked', () => {
    expect(pushStatus(desktop, null, [])).toBe('off');
  });

  it('is unsupported without PushManager or a service worker', () => {
    expect(pushStatus({ ...desktop, supported: false }, null, [])).toBe('unsupported');
  });

  it('is blocked when the browser settings deny notifications, whatever is registered', () => {
    expect(pushStatus({ ...desktop, permission: 'denied' }, ENDPOINT, [ENDPOINT])).toBe('blocked');
  });

  it('is active only when this device is subscribed, allowed, and its endpoint is among the account devices', () => {
    const granted = { ...desktop, permission: 'granted' as const };
    expect(pushStatus(granted, ENDPOINT, [ENDPOINT, 'https://other.example/x'])).toBe('active');
    // Subscribed in the browser but not registered for this account (another account, or trimmed).
    expect(pushStatus(granted, ENDPOINT, ['https://other.example/x'])).toBe('off');
    // Registered on the server but the browser has no subscription any more.
    expect(pushStatus(granted, null, [ENDPOINT])).toBe('off');
    // Permission was reset in the browser: not active even if the server still lists it.
    expect(pushStatus(desktop, ENDPOINT, [ENDPOINT])).toBe('off');
  });

  it('sends iOS outside the installed app to the install guide, and lets the installed app ask', () => {
    const safari: PushEnvironment = { supported: false, permission: 'default', ios: true, standalone: false };
    expect(pushStatus(safari, null, [])).toBe('needs-install');
    expect(pushStatus({ ...safari, supported: true }, null, [])).toBe('needs-install');
    expect(pushStatus({ ...safari, standalone: true, supported: true }, null, [])).toBe('off');
    // An installed app on an iOS older than 16.4 has no PushManager.
    expect(pushStatus({ ...safari, standalone: true }, null, [])).toBe('unsupported');
  });
});

describe('shouldRefresh', () => {
  it('registers again only when signed in, allowed and subscribed', () => {
    const granted = { ...desktop, permission: 'granted' as const };
    expect(shouldRefresh(granted, true, ENDPOINT)).toBe(true);
    expect(shouldRefresh(granted, false, ENDPOINT)).toBe(false);
    expect(shouldRefresh(granted, true, null)).toBe(false);
    expect(shouldRefresh(desktop, true, ENDPOINT)).toBe(false);
    expect(shouldRefresh({ ...granted, supported: false }, true, ENDPOINT)).toBe(false);
  });
});

describe('isIos', () => {
  it('knows iPhones, and iPads that present themselves as Macs with touch', () => {
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14) Chrome/126', 5)).toBe(false);
  });
});

describe('keys', () => {
  it('decodes the base64url VAPID key to the 65-byte point', () => {
    const raw = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    const b64url = btoa(String.fromCharCode(...raw)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(Array.from(keyBytes(b64url))).toEqual(Array.from(raw));
    expect(sameKey(raw.buffer, keyBytes(b64url))).toBe(true);
    const other = raw.slice();
    other[10] = (other[10]! + 1) % 256;
    expect(sameKey(other.buffer, raw)).toBe(false);
    expect(sameKey(null, raw)).toBe(true);
  });
});

describe('server answers', () => {
  it('reads preferences, treating what is missing as on', () => {
    expect(parsePreferences({ messages: false, appointments: true, reminders: false })).toEqual({ messages: false, appointments: true, reminders: false });
    expect(parsePreferences(null)).toEqual({ messages: true, appointments: true, reminders: true });
  });

  it('reads the device list and skips malformed rows', () => {
    expect(parseDevices({ subscriptions: [{ id: 3, endpoint: ENDPOINT, user_agent: 'Chrome', created_at: '2026-11-25T10:00:00Z' }, { id: 'x' }, null] })).toEqual([
      { id: 3, endpoint: ENDPOINT, userAgent: 'Chrome', createdAt: '2026-11-25T10:00:00Z' },
    ]);
    expect(parseDevices('nope')).toEqual([]);
  });
});

describe('safeAppPath', () => {
  it('follows only paths of this site', () => {
    expect(safeAppPath('/designer-profile?chat=4')).toBe('/designer-profile?chat=4');
    expect(safeAppPath('//evil.example/x')).toBeNull();
    expect(safeAppPath('https://evil.example/')).toBeNull();
    expect(safeAppPath('/\\evil.example')).toBeNull();
    expect(safeAppPath(42)).toBeNull();
  });
});
