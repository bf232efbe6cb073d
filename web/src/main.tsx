import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/dm-sans/wght.css';
// After the packages' faces: the core of their latin files, checked first (web/scripts/fonts.mjs).
import './shared/styles/fonts/fonts.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { fetchFirstScreenData } from './app/firstData';
import { routes } from './app/routes';
import { createAppStore } from './app/store';
import { captureInstallPrompt } from './features/pwa/lib/installPrompt';
import { registerServiceWorker } from './features/pwa/lib/serviceWorker';
import { setNavigator } from './shared/lib/navigation';
import { afterFirstPaint, allowBackgroundOffline, loadOffline, onOutboxNeeded, whenIdle } from './shared/offline/lazy';
import { setOutboxSession } from './shared/offline/outboxSession';
import { startPush } from './shared/push/startPush';

captureInstallPrompt();

const store = createAppStore();
const router = createBrowserRouter(routes);
setNavigator((path, options) => {
  void router.navigate(path, options);
});
fetchFirstScreenData(store, window.location.pathname);

// Actions queued before the offline layer starts belong to whoever is signed in then.
setOutboxSession(() => {
  const user = store.getState().session.user;
  return user ? { userId: String(user.id), token: user.access_token } : null;
});

// The offline layer (Dexie, the outbox and each command's handlers) starts after the first page has
// loaded, when the browser is idle: the first route paints without waiting for IndexedDB, and the
// commands' code is there before the connection can drop (a tap offline on a first visit must find
// it); the home fetches its questionnaire journey at the same moment (HomePage). Starting it after
// the first paint instead was tried and withdrawn (docs/performance.md). If its chunks cannot be
// fetched (the connection dropped during a first visit, before the service worker controls the
// page), it starts when the connection returns, so what was queued meanwhile is sent then rather
// than at the next visit.
let offlineStart: Promise<void> | null = null;
function startOfflineLayer(): Promise<void> {
  return (offlineStart ??= loadOffline()
    .then(() => import('./app/offline'))
    .then(({ startOffline }) => startOffline(store, router))
    .catch(() => {
      offlineStart = null;
      window.addEventListener('online', startOfflineWhenIdle, { once: true });
    }));
}
function startOfflineWhenIdle(): void {
  allowBackgroundOffline();
  whenIdle(() => void startOfflineLayer());
}
// An action taken before then (a tap in the first second) starts it at once, so it is sent now.
onOutboxNeeded(startOfflineLayer);
// A visitor's home and a visitor's view of a designer's profile have nothing to queue on their first
// screen (links, texts and pictures; a visitor's like, booking or message asks to register first,
// and a share's record is a statistic, never in the person's way): there the layer and the home's
// journey prefetch wait for the first paint as well, so that their requests and their code do not
// compete with it (on a first visit `load` comes before the paint). Every other first page can hold
// a tap that queues, so it keeps the start after `load` (a later start there failed "a like made
// offline" under load: docs/performance.md).
const visitorFirstScreen = /^\/(profile\/[^/]+\/?)?$/.test(window.location.pathname);
if (visitorFirstScreen && !store.getState().session.user) afterFirstPaint(startOfflineWhenIdle);
else if (document.readyState === 'complete') startOfflineWhenIdle();
else window.addEventListener('load', startOfflineWhenIdle, { once: true });
registerServiceWorker();
startPush(store, (path) => void router.navigate(path));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
