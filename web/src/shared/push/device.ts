import type { Narrowed, Schemas } from '../api/contract';
import { isIos, keyBytes, sameKey, type PushEnvironment } from './pushState';

/**
 * This device's side of Web Push: the browser's permission and PushManager subscription. Nothing
 * here talks to the server (pushApi.ts and startPush.ts do); the opt-in and logout use these.
 */

/** The subscription JSON the server takes (PushSubscription.toJSON(); kinds are left to the server's default). */
export type SubscriptionJson = Narrowed<
  Schemas['SubscriptionBody'],
  'endpoint' | 'expirationTime' | 'keys',
  { endpoint: string; expirationTime: number | null; keys: Schemas['SubscriptionBodyKeysStruct'] }
>;

/** Reads what this browser offers. */
export function readEnvironment(win: Window = window): PushEnvironment {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  const hasNotification = 'Notification' in win;
  return {
    supported: 'PushManager' in win && 'serviceWorker' in nav && hasNotification,
    permission: hasNotification ? (win as Window & typeof globalThis).Notification.permission : 'default',
    ios: isIos(nav.userAgent, nav.maxTouchPoints ?? 0),
    standalone: nav.standalone === true || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches),
  };
}

/** The service worker registration, without waiting for one that may never come (dev, tests). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's current subscription, or null (no worker, no push, not subscribed). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  try {
    const reg = await registration();
    return reg ? await reg.pushManager.getSubscription() : null;
  } catch {
    return null;
  }
}

/** The JSON of a subscription, or null when the browser gives an incomplete one. */
export function subscriptionJson(subscription: PushSubscription): SubscriptionJson | null {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } };
}

/** Why subscribing did not give a subscription. */
export type SubscribeFailure = 'denied' | 'dismissed' | 'unsupported' | 'failed';

export type SubscribeResult = { ok: true; subscription: PushSubscription } | { ok: false; failure: SubscribeFailure };

/**
 * Asks for permission (call it from a click: browsers refuse or ignore prompts without a user
 * gesture), then subscribes with the server's VAPID key, fetched once permission is given. A subscription made with another key (the
 * server's keys changed) is replaced.
 */
export async function subscribeDevice(publicKey: () => Promise<string>): Promise<SubscribeResult> {
  if (!('Notification' in window)) return { ok: false, failure: 'unsupported' };
  // Asked first, before anything awaits, so the click's user activation is still there (Safari).
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return { ok: false, failure: 'denied' };
  if (permission !== 'granted') return { ok: false, failure: 'dismissed' };
  const reg = await registration().catch(() => null);
  const ready = reg ?? (await navigator.serviceWorker.ready.catch(() => null));
  if (!ready) return { ok: false, failure: 'unsupported' };
  try {
    const key = keyBytes(await publicKey());
    const existing = await ready.pushManager.getSubscription();
    if (existing && sameKey(existing.options.applicationServerKey, key)) return { ok: true, subscription: existing };
    if (existing) await existing.unsubscribe();
    return { ok: true, subscription: await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) };
  } catch (error) {
    console.warn('Push subscription failed', error);
    return { ok: false, failure: 'failed' };
  }
}

/** Ends this device's subscription at the push service; a failure leaves nothing to do. */
export async function unsubscribeDevice(subscription: PushSubscription | null): Promise<void> {
  if (!subscription) return;
  try {
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Push unsubscribe failed', error);
  }
}
