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

// The offline layer (Dexie, the outbox and each command's handlers) starts once the first page has
// loaded and painted, when the browser is idle: the first route paints without waiting for IndexedDB,
// and neither the layer's requests nor its code compete with that paint (on a first visit `load`
// often comes before it); the home fetches its questionnaire journey at the same moment (HomePage).
// A tap before then starts it at once (onOutboxNeeded). If its chunks cannot be fetched (the
// connection dropped during a first visit, before the service worker controls the page), a write
// waits on the device (shared/offline/waitingRoom.ts) and the layer starts when the connection
// returns, so what was queued meanwhile is sent then rather than at the next visit.
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
onOutboxNeeded(startOfflineLayer);
afterFirstPaint(startOfflineWhenIdle);
registerServiceWorker();
startPush(store, (path) => void router.navigate(path));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
