import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * A dispatch for the thunks this feature uses (RTK Query cache updates, sign-in, logout). The
 * feature may not name the app's root state, so the state is left open here; each thunk still
 * checks its own arguments.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
export type AuthDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const useAuthDispatch = useDispatch.withTypes<AuthDispatch>();
