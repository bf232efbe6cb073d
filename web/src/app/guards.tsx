import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, selectIsAdmin, selectIsDesigner, selectIsLoggedIn } from '../shared/session/sessionSlice';
import type { RootState } from './store';

/**
 * / and /login are for visitors: a signed-in user goes to /admin, /designer-profile or /user-profile.
 * A signed-in customer may still take the style questionnaire (/?openQuestionnaire=true) to renew
 * their matches.
 */
export function GuestOnly() {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const customer = useSelector((state: RootState) => !selectIsAdmin(state) && !selectIsDesigner(state));
  const target = useSelector((state: RootState) => homePathFor(state));
  const { pathname, search } = useLocation();
  const retakingQuiz = customer && pathname === '/' && new URLSearchParams(search).get('openQuestionnaire') === 'true';
  if (loggedIn && !retakingQuiz) return <Navigate to={target} replace />;
  return <Outlet />;
}
