import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { t } from '../shared/i18n/t';
import { homeSendsOn } from '../shared/lib/journey';
import { homePathFor, selectIsAdmin, selectIsDesigner, selectIsLoggedIn } from '../shared/session/sessionSlice';
import { showToast } from '../shared/ui/Toast';
import type { RootState } from './store';

/**
 * / and /login are for visitors: a signed-in user goes to /admin, /designer-profile or /user-profile.
 * A signed-in customer may still take the style questionnaire (/?openQuestionnaire=true) to renew
 * their matches.
 */
export function GuestOnly() {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const target = useSelector((state: RootState) => homePathFor(state));
  const location = useLocation();
  // A signed-in customer without a style profile is invited to take the questionnaire from /user-profile.
  if (loggedIn && homeSendsOn(location.search, target)) return <Navigate to={target} replace />;
  return <Outlet />;
}

/** The login address that brings the person back to where they were. */
export function loginPathFor(pathname: string, search: string): string {
  return `/login?returnTo=${encodeURIComponent(pathname + search)}`;
}

function ToLogin() {
  const location = useLocation();
  return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
}

/**
 * Login-required routes (designer/admin spec, "Guards"). The stored token is validated at start by
 * SessionBootstrap (GET /api/users/me); a refused token logs out and lands here on /login.
 */
export function RequireAuth() {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const leaving = useSignedOutHere(loggedIn);
  if (!loggedIn) return leaving ? null : <ToLogin />;
  return <Outlet />;
}

/**
 * True once a person who was signed in on this page signs out here. Whoever signed them out decides
 * where they go (logout and account deletion: home; a refused token: /login), so the guard steps aside
 * instead of racing them to /login.
 */
function useSignedOutHere(loggedIn: boolean): boolean {
  const [wasSignedIn, setWasSignedIn] = useState(loggedIn);
  if (loggedIn && !wasSignedIn) setWasSignedIn(true);
  return !loggedIn && wasSignedIn;
}

/**
 * Says why, once, and leaves for `to`: one effect does both, in that order. (With <Navigate> as a
 * child, the child's navigation could unmount this component before its own effect ran under
 * Preact, and the reason was never shown.)
 */
function TurnAway({ message, to }: { message: string; to: string }) {
  const said = useRef(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (said.current) return;
    said.current = true;
    showToast(message, { tone: 'error' });
    void navigate(to, { replace: true });
  }, [message, navigate, to]);
  return null;
}

export interface RequireRoleProps {
  role: 'admin' | 'designer';
  /**
   * What a visitor without an account gets: 'login' sends them to /login and back (the default);
   * 'page' lets the page answer itself (the designer dashboard shows its "Accesso negato" panel).
   */
  visitors?: 'login' | 'page';
}

/**
 * Role-only routes: an admin route turns others away with "Admin access required" to /; a designer
 * route with "Designer access required" to /profile (which leads to their own home).
 */
export function RequireRole({ role, visitors = 'login' }: RequireRoleProps) {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const isAdmin = useSelector((state: RootState) => selectIsAdmin(state));
  const isDesigner = useSelector((state: RootState) => selectIsDesigner(state));
  const leaving = useSignedOutHere(loggedIn);
  if (!loggedIn) return visitors === 'page' ? <Outlet /> : leaving ? null : <ToLogin />;
  if (role === 'admin' && !isAdmin) return <TurnAway message={t('guard.adminRequired')} to="/" />;
  if (role === 'designer' && !isDesigner) return <TurnAway message={t('guard.designerRequired')} to="/profile" />;
  return <Outlet />;
}

/** /profile: a generic "my page" that leads to /admin, /designer-profile or /user-profile by role. */
export function ProfileRedirect() {
  const target = useSelector((state: RootState) => homePathFor(state));
  return <Navigate to={target} replace />;
}
