import type { AppStore } from './store';

/**
 * The first screen's main API answer, asked for as soon as the app starts, in parallel with the
 * route's screen being resolved and rendered, instead of from the screen's effect after its first
 * render (one CPU-bound step less before the data, and the largest picture that depends on it).
 * Only for the first routes whose answer is known from the address alone: a designer's public
 * profile (GET /api/designers/{id}) and the signed-in customer's profile (GET /api/users/me).
 * The request is the one the screen makes (same endpoint and argument, so RTK Query shares it);
 * its modules are imported dynamically, and they are the route's own modules, which the server's
 * Link header has already asked for (preload-map.mjs), so the entry does not grow.
 * The subscription is let go once the answer is in: the screen holds its own by then, and an
 * unused answer is kept for RTK Query's usual minute. For a visitor on a profile the answer is
 * already in the page (the server wrote it there: shared/api/documentAnswer.ts), and the base query
 * takes it from there without a request.
 */
export function fetchFirstScreenData(store: AppStore, pathname: string): void {
  const profile = /^\/profile\/([^/]+)\/?$/.exec(pathname);
  if (profile) {
    void Promise.all([import('../features/designers/hooks/useDesigner'), import('../features/designers/api/designersApi')]).then(
      ([{ parseDesignerId }, { designersApi }]) => {
        const id = parseDesignerId(profile[1]);
        if (id === null) return;
        const request = store.dispatch(designersApi.endpoints.getDesigner.initiate(id));
        void request.finally(() => request.unsubscribe());
      },
      () => undefined, // the screen loads (and reports) its own chunks
    );
    return;
  }
  if (/^\/user-profile\/?$/.test(pathname) && store.getState().session.user) {
    void import('../features/auth/api/authApi').then(
      ({ authApi }) => {
        const request = store.dispatch(authApi.endpoints.getProfile.initiate());
        void request.finally(() => request.unsubscribe());
      },
      () => undefined,
    );
  }
}
