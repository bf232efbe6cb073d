import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * A dispatch for the thunks this feature uses (RTK Query cache updates, logout). Their state types
 * differ and the feature may not name the app's root state, so the state is left open here; each
 * thunk still checks its own arguments.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
export type DesignersDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const useDesignersDispatch = useDispatch.withTypes<DesignersDispatch>();
