import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStore, ANNA } from '../../test/session';
import { signedIn, signedOut } from '../session/sessionSlice';
import { refreshPushSubscription, rememberPushOwner, startPush } from './startPush';

const device = vi.hoisted(() => ({
  subscription: null as null | { endpoint: string },
  permission: 'granted' as NotificationPermission,
  unsubscribed: 0,
}));
vi.mock('./device', () => ({
  currentSubscription: () => Promise.resolve(device.subscription),
  readEnvironment: () => ({ supported: true, permission: device.permission, ios: false, standalone: false }),
  subscriptionJson: (s: { endpoint: string }) => ({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  unsubscribeDevice: () => {
    device.unsubscribed += 1;
    return Promise.resolve();
  },
}));

const ENDPOINT = 'https://push.example/device-1';
let posted: unknown[] = [];
const worker = new EventTarget();
let stop: () => void = () => undefined;

beforeEach(() => {
  posted = [];
  device.subscription = { endpoint: ENDPOINT };
  device.permission = 'granted';
  device.unsubscribed = 0;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.method === 'POST' && request.url.endsWith('/api/push/subscriptions')) {
      posted.push(await request.json());
      return new Response(JSON.stringify({ id: 1, endpoint: ENDPOINT }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function message(data: unknown): void {
  worker.dispatchEvent(new MessageEvent('message', { data }));
}

describe('startPush', () => {
  it('registers this device again at start when signed in, allowed and subscribed', async () => {
    stop = startPush(apiStore(ANNA), () => undefined);
    await vi.waitFor(() => expect(posted).toEqual([{ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }]));
    await vi.waitFor(() => expect(localStorage.getItem('interno.push.owner')).toBe(String(ANNA.id)));
  });

  it('registers nothing when the permission is not granted or nothing is subscribed', async () => {
    const store = apiStore(ANNA);
    device.permission = 'default';
    await refreshPushSubscription(store);
    device.permission = 'granted';
    device.subscription = null;
    await refreshPushSubscription(store);
    expect(posted).toEqual([]);
    device.subscription = { endpoint: ENDPOINT };
    await refreshPushSubscription(store);
    expect(posted).toHaveLength(1);
  });

  it('ends a subscription another account left here instead of moving it to the signed-in one', async () => {
    rememberPushOwner('99');
    stop = startPush(apiStore(ANNA), () => undefined);
    await vi.waitFor(() => expect(device.unsubscribed).toBe(1));
    expect(posted).toEqual([]);
    expect(localStorage.getItem('interno.push.owner')).toBeNull();
  });

  it('registers at sign-in and when the worker says the subscription changed', async () => {
    const store = apiStore(ANNA);
    store.dispatch(signedOut());
    stop = startPush(store, () => undefined);
    expect(posted).toEqual([]);
    store.dispatch(signedIn({ user: ANNA, rememberMe: false }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    message({ type: 'interno:push-subscription-change' });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
  });

  it('follows the worker to paths of this site only', () => {
    const navigate = vi.fn();
    device.subscription = null;
    stop = startPush(apiStore(ANNA), navigate);
    message({ type: 'interno:navigate', url: '/designer-profile?chat=4' });
    message({ type: 'interno:navigate', url: '//evil.example/' });
    message({ type: 'interno:navigate', url: 'https://evil.example/' });
    expect(navigate.mock.calls).toEqual([['/designer-profile?chat=4']]);
  });
});
