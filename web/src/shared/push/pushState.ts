import type { Schemas } from '../api/contract';

/**
 * The state of Web Push on this device, as pure functions so Vitest checks every case: what the
 * opt-in may honestly say (docs/push.md, "What the web phase builds"), and the small conversions
 * the browser API needs.
 */

/** What the browser offers, read once from window (see readEnvironment in device.ts). */
export interface PushEnvironment {
  /** 'PushManager' in window, a service worker container and the Notification API. */
  supported: boolean;
  /** Notification.permission, or 'default' when there is no Notification API. */
  permission: NotificationPermission;
  /** iPhone or iPad (iPadOS reports itself as a Mac with touch). */
  ios: boolean;
  /** Running as the installed app (navigator.standalone or display-mode: standalone). */
  standalone: boolean;
}

/**
 * - `needs-install`: iOS in Safari: Web Push exists only in the installed app (iOS 16.4+).
 * - `unsupported`: this browser cannot receive pushes.
 * - `blocked`: notifications are blocked in the browser's settings; only the person can undo it there.
 * - `active`: this device's subscription is registered for the signed-in account.
 * - `off`: nothing registered for this device (never asked, turned off, or dropped by the server).
 */
export type PushStatus = 'needs-install' | 'unsupported' | 'blocked' | 'active' | 'off';

/** Decides the status from the environment, this device's endpoint and the account's devices. */
export function pushStatus(env: PushEnvironment, deviceEndpoint: string | null, accountEndpoints: readonly string[]): PushStatus {
  if (env.ios && !env.standalone) return 'needs-install';
  if (!env.supported) return 'unsupported';
  if (env.permission === 'denied') return 'blocked';
  if (env.permission === 'granted' && deviceEndpoint !== null && accountEndpoints.includes(deviceEndpoint)) return 'active';
  return 'off';
}

/** Whether the app should register this device again at start: signed in, allowed, subscribed. */
export function shouldRefresh(env: PushEnvironment, signedIn: boolean, deviceEndpoint: string | null): boolean {
  return signedIn && env.supported && env.permission === 'granted' && deviceEndpoint !== null;
}

/** iPhone, iPod or iPad, including iPadOS that presents itself as a Mac with a touch screen. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** The VAPID public key (base64url, as GET /api/push/key sends it) as the bytes subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (false when the server's key changed). */
export function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (current === null) return true;
  const have = new Uint8Array(current);
  return have.length === wanted.length && have.every((byte, i) => byte === wanted[i]);
}

/** The per-kind switches stored on the server (GET/PUT /api/push/preferences). */
export type PushPreferences = Schemas['PreferencesView'];

/** Reads the server's preferences answer; anything missing counts as on (the server's default). */
export function parsePreferences(raw: unknown): PushPreferences {
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return { messages: r.messages !== false, appointments: r.appointments !== false, reminders: r.reminders !== false };
}

/** One device of the account (GET /api/push/subscriptions), with the web's camel-case names. */
export interface PushDeviceInfo {
  id: Schemas['DeviceView']['id'];
  endpoint: Schemas['DeviceView']['endpoint'];
  userAgent: Schemas['DeviceView']['user_agent'];
  createdAt: Schemas['DeviceView']['created_at'];
}

/** Reads the server's device list, skipping malformed rows. */
export function parseDevices(raw: unknown): PushDeviceInfo[] {
  const list = typeof raw === 'object' && raw !== null ? (raw as { subscriptions?: unknown }).subscriptions : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Record<string, unknown>;
    if (typeof r.id !== 'number' || typeof r.endpoint !== 'string') return [];
    return [{ id: r.id, endpoint: r.endpoint, userAgent: typeof r.user_agent === 'string' ? r.user_agent : '', createdAt: typeof r.created_at === 'string' ? r.created_at : '' }];
  });
}
