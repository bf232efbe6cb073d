import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useGetProfileQuery } from '../api/authApi';
import { syncStoredUser } from '../lib/session';

/**
 * Validates the stored token once the app starts (customer spec, section 4 "Auth"): the profile is
 * fetched; a refused token logs the person out (the base query's 401 rule) and login-required pages
 * send them to /login. Offline, the stored user keeps working from cached data. A fresh profile
 * brings the stored name, e-mail and role up to date.
 */
export function SessionBootstrap() {
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const dispatch = useDispatch<ThunkDispatch<WithSession, unknown, UnknownAction>>();
  const { data } = useGetProfileQuery(undefined, { skip: !loggedIn });
  useEffect(() => {
    if (data) dispatch(syncStoredUser(data.user, data.has_designer));
  }, [data, dispatch]);
  return null;
}
