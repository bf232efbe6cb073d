/**
 * Lets code outside React (the base query, the outbox) move the router. The app registers the
 * router's navigate at start; before that, a full page load does the job.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  navigateImpl(path, options);
}

export function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** Pages where a 401 never sends people to /login: they are already there or need no login. */
export function isAuthExemptPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/login' ||
    pathname.startsWith('/request-password-reset') ||
    pathname.startsWith('/reset-password')
  );
}
