import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { homePathFor, selectIsLoggedIn } from '../shared/session/sessionSlice';
import type { RootState } from './store';

/** / and /login are for visitors: a signed-in user goes to /admin, /designer-profile or /user-profile. */
export function GuestOnly() {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const target = useSelector((state: RootState) => homePathFor(state));
  if (loggedIn) return <Navigate to={target} replace />;
  return <Outlet />;
}
