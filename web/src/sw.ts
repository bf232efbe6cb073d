/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

/**
 * Interno's service worker. It keeps the app shell so a reload works offline, caches images and the
 * two public GETs that every visitor needs, and nothing else from /api: private data lives in
 * IndexedDB per user, where logout can clear it. The outbox is never replayed from here (it needs the
 * page's current token); a Background Sync event only wakes the open pages to drain it.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const OUTBOX_SYNC_TAG = 'interno-outbox';
const OUTBOX_SYNC_MESSAGE = 'interno:outbox-sync';
const NEW_VERSION_MESSAGE = 'interno:new-version';

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
