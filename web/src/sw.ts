/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { FALLBACK, chooseWindow, clickTarget, parsePushPayload, toNotification } from './shared/push/notification';

/**
 * Interno's service worker. It keeps the app shell so a reload works offline, caches images and the
 * two public GETs that every visitor needs, and nothing else from /api: private data lives in
 * IndexedDB per user, where logout can clear it. The outbox is never replayed from here (it needs the
 * page's current token); a Background Sync event only wakes the open pages to drain it. Web Push
 * messages (issue 20) become notifications, one per conversation or appointment (by tag); a click
 * focuses or opens the screen they name.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const OUTBOX_SYNC_TAG = 'interno-outbox';
const OUTBOX_SYNC_MESSAGE = 'interno:outbox-sync';
const NEW_VERSION_MESSAGE = 'interno:new-version';
const PUSH_CHANGED_MESSAGE = 'interno:push-subscription-change';
const NAVIGATE_MESSAGE = 'interno:navigate';

// A new version takes over at once; the pages reload one second later (see pwa/lib/serviceWorker.ts).
self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Deep links (/privacy, /designer/12) get the app shell, online or not; /api/ never does.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
);

// Resized images and uploads: cache first, bounded in count and age.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/api/images/resize/') || url.pathname.startsWith('/api/uploads/')),
  new CacheFirst({
    cacheName: 'interno-images',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Static style pictures served at the root (/{style}_small.jpeg and friends).
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/[^/]+_(small|medium|large)\.jpe?g$/i.test(url.pathname),
  new CacheFirst({
    cacheName: 'interno-style-images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Public, identical for everyone: show the last copy at once and refresh it in the background.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (url.pathname === '/api/config' || url.pathname === '/api/questionnaire'),
  new StaleWhileRevalidate({
    cacheName: 'interno-public-api',
    plugins: [new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);

async function postToWindows(type: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type });
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(postToWindows(OUTBOX_SYNC_MESSAGE));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(postToWindows(NEW_VERSION_MESSAGE));
});

// The app badge where the platform has one (installed apps on Chromium, iOS 16.4+).
async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Not allowed here (no installed app): the badge is a nicety.
  }
}

async function showPush(data: PushMessageData | null): Promise<void> {
  let raw: unknown = null;
  try {
    raw = data?.json();
  } catch {
    raw = null;
  }
  const payload = parsePushPayload(raw);
  if (payload === null) {
    await self.registration.showNotification(FALLBACK.title, { body: FALLBACK.body, tag: FALLBACK.tag, icon: '/icons/icon-192.png' });
    return;
  }
  if (payload.badge !== null) await setBadge(payload.badge);
  if (payload.type === 'close') {
    // The conversation was read elsewhere: its notification goes from this device too.
    for (const shown of await self.registration.getNotifications({ tag: payload.tag })) shown.close();
    return;
  }
  const { title, options } = toNotification(payload, self.location.origin);
  await self.registration.showNotification(title, options as NotificationOptions);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data));
});

/** Shows target in the window already on it, or in another window of the app, or in a new one. */
async function openTarget(target: string): Promise<void> {
  if (new URL(target).origin !== self.location.origin) {
    await self.clients.openWindow(target); // the video call
    return;
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const chosen = windows[chooseWindow(windows, target)];
  if (!chosen) {
    await self.clients.openWindow(target);
    return;
  }
  let shown: WindowClient | null = chosen;
  if (chosen.url !== target) {
    try {
      shown = await chosen.navigate(target);
    } catch {
      // Not controlled by this worker yet: the page routes itself.
      chosen.postMessage({ type: NAVIGATE_MESSAGE, url: target });
    }
  }
  try {
    await (shown ?? chosen).focus();
  } catch {
    // Focusing needs the click's user activation; the window is on the right screen anyway.
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const done = openTarget(clickTarget(event.notification.data, event.action, self.location.origin));
  event.waitUntil(done);
});

// The browser replaced the subscription: the open pages register the new one with the server.
self.addEventListener('pushsubscriptionchange', (event) => {
  (event as ExtendableEvent).waitUntil(postToWindows(PUSH_CHANGED_MESSAGE));
});
