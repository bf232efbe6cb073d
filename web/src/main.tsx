import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/dm-sans/wght.css';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/routes';
import { createAppStore } from './app/store';
import { registerAccountEditOutbox } from './features/auth/api/profileOutbox';
import { registerAvailabilityOutbox } from './features/availability/hooks/useAvailabilityQueue';
import { registerProfileEditOutbox } from './features/designers/api/profileOutbox';
import { registerEngagementOutbox } from './features/engagement/api/engagementOutbox';
import { registerMatchOutbox } from './features/questionnaire/api/matchOutbox';
import { captureInstallPrompt } from './features/pwa/lib/installPrompt';
import { registerServiceWorker } from './features/pwa/lib/serviceWorker';
import { isAuthExemptPath, setNavigator } from './shared/lib/navigation';
import { installOutbox } from './shared/offline/outboxService';
import { startPush } from './shared/push/startPush';
import { logout } from './shared/session/logout';

captureInstallPrompt();

const store = createAppStore();
const router = createBrowserRouter(routes);
setNavigator((path, options) => {
  void router.navigate(path, options);
});

installOutbox({
  getSession: () => {
    const user = store.getState().session.user;
    return user ? { userId: String(user.id), token: user.access_token } : null;
  },
  onUnauthorized: () => {
    void store.dispatch(logout()).then(() => {
      if (!isAuthExemptPath(window.location.pathname)) void router.navigate('/login', { replace: true });
    });
  },
});
registerProfileEditOutbox(store.dispatch);
registerEngagementOutbox(store.dispatch);
registerMatchOutbox(store.dispatch);
registerAccountEditOutbox(store.dispatch);
registerAvailabilityOutbox(store.dispatch);
registerServiceWorker();
startPush(store, (path) => void router.navigate(path));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
