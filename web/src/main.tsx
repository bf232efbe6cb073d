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
import { nextTask } from './shared/lib/nextTask';
import { afterFirstPaint, allowBackgroundOffline, loadOffline, onOutboxNeeded, whenIdle } from './shared/offline/lazy';
import { setOutboxSession } from './shared/offline/outboxSession';
import { startPush } from './shared/push/startPush';

captureInstallPrompt();

// The start is cut into three tasks (issue 16: on a phone one long task of the first visit is
// blocking time): the modules' evaluation and the store (with the first screen's answer asked for
// at once), then the router (its creation matches the address and starts loading the route's
// module), then the first render. Whatever needs the router before it exists waits for it.
const store = createAppStore();
fetchFirstScreenData(store, window.location.pathname);
const routerReady = nextTask().then(() => createBrowserRouter(routes));
const navigate = (path: string, options?: { replace?: boolean }): void => {
  // A router that failed to start is reported once, by the render below.
  routerReady.then((router) => router.navigate(path, options)).catch(() => undefined);
};
setNavigator(navigate);

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
    .then(() => Promise.all([import('./app/offline'), routerReady]))
    .then(([{ startOffline }, router]) => startOffline(store, router))
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
startPush(store, navigate);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
routerReady
  .then(async (router) => {
    await nextTask();
    createRoot(container).render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
  })
  .catch(reportError); // as an error thrown at start would be: the console, window's error listeners
