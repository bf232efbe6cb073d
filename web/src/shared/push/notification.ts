/**
 * What the service worker does with a Web Push message, as pure functions (no `self`, no DOM), so
 * Vitest checks them and the worker only wires them to its events. The server's payload
 * (core/push.Payload) is `{v, type: "show" | "close", kind, tag, title, body, url, actions, badge,
 * uid, ts}`; anything else is treated as unreadable.
 */

export interface PushAction {
  action: string;
  title: string;
  url: string;
}

export interface PushPayload {
  v: number;
  type: 'show' | 'close';
  kind: string;
  tag: string;
  title: string;
  body: string;
  /** A path of this site: the screen to open. */
  url: string;
  actions: PushAction[];
  /** Unread conversations, for the app badge, when the push carries it. */
  badge: number | null;
  /** The recipient account. */
  uid: number | null;
  /** When it happened (ms). */
  ts: number | null;
}

/** What a shown notification keeps in `data`, read back on click. */
export interface NotificationData {
  url: string;
  kind: string;
  actions: Record<string, string>;
}

/** Options the browsers accept beyond lib.dom's NotificationOptions. */
export interface ShowOptions {
  body: string;
  tag: string;
  renotify: boolean;
  icon: string;
  badge: string;
  lang: string;
  timestamp?: number;
  data: NotificationData;
  actions: Array<{ action: string; title: string }>;
}

/** The notification shown when a push cannot be read: the browser requires one per push. */
export const FALLBACK = { title: 'Interno', body: "Hai una novità su Interno: apri l'app per vederla.", tag: 'interno' } as const;

const ICON = '/icons/icon-192.png';
const MAX_TEXT = 200;

function text(value: unknown, max = MAX_TEXT): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** Reads the server's payload; null when it is not one (then FALLBACK is shown). */
export function parsePushPayload(raw: unknown): PushPayload | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (r.v !== 1 || (r.type !== 'show' && r.type !== 'close') || typeof r.tag !== 'string' || r.tag === '') return null;
  if (r.type === 'show' && (typeof r.title !== 'string' || r.title === '')) return null;
  const actions = Array.isArray(r.actions)
    ? r.actions
        .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
        .map((a) => ({ action: text(a.action, 40), title: text(a.title, 60), url: text(a.url, 1024) }))
        .filter((a) => a.action !== '' && a.title !== '' && a.url !== '')
        .slice(0, 2)
    : [];
  const number = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null);
  return {
    v: 1,
    type: r.type,
    kind: text(r.kind, 40),
    tag: text(r.tag, 64),
    title: text(r.title),
    body: text(r.body),
    url: text(r.url, 1024),
    actions,
    badge: number(r.badge),
    uid: number(r.uid),
    ts: number(r.ts),
  };
}

/** A path of this site for `url`, or "/" when it points elsewhere or is not a URL. */
export function appUrl(url: string, origin: string): string {
  try {
    const target = new URL(url || '/', origin);
    return target.origin === origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

/** An action's link: this site's path, or an http(s) URL elsewhere (the video call); else null. */
export function actionUrl(url: string, origin: string): string | null {
  try {
    const target = new URL(url, origin);
    if (target.origin === origin) return target.pathname + target.search + target.hash;
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/** The title and options of a "show" payload's notification. */
export function toNotification(p: PushPayload, origin: string): { title: string; options: ShowOptions } {
  const actions: Record<string, string> = {};
  const buttons: Array<{ action: string; title: string }> = [];
  for (const a of p.actions) {
    const url = actionUrl(a.url, origin);
    if (url === null) continue;
    actions[a.action] = url;
    buttons.push({ action: a.action, title: a.title });
  }
  const options: ShowOptions = {
    body: p.body,
    tag: p.tag,
    // A newer message of the same conversation replaces the notification and alerts again.
    renotify: true,
    icon: ICON,
    badge: ICON,
    lang: 'it',
    data: { url: appUrl(p.url, origin), kind: p.kind, actions },
    actions: buttons,
  };
  if (p.ts !== null) options.timestamp = p.ts;
  return { title: p.title, options };
}

/** Where a click leads: the action's link when a button was pressed, else the notification's screen. */
export function clickTarget(data: unknown, action: string, origin: string): string {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Partial<NotificationData>;
  const chosen = action && d.actions && typeof d.actions[action] === 'string' ? d.actions[action] : undefined;
  if (chosen) return new URL(chosen, origin).href;
  return new URL(appUrl(typeof d.url === 'string' ? d.url : '/', origin), origin).href;
}

export interface WindowLike {
  url: string;
  focused?: boolean;
  visibilityState?: string;
}

/**
 * Which open window should show `target`: one already on it, else this site's focused or visible
 * window, else any of this site's; -1 when none (a new window opens).
 */
export function chooseWindow(windows: readonly WindowLike[], target: string): number {
  const want = new URL(target);
  const ours = windows
    .map((w, i) => ({ w, i }))
    .filter(({ w }) => {
      try {
        return new URL(w.url).origin === want.origin;
      } catch {
        return false;
      }
    });
  const exact = ours.find(({ w }) => w.url === want.href);
  if (exact) return exact.i;
  const active = ours.find(({ w }) => w.focused) ?? ours.find(({ w }) => w.visibilityState === 'visible');
  return (active ?? ours[0])?.i ?? -1;
}
