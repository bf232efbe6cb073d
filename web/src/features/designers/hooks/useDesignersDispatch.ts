import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * A dispatch for the thunks this feature uses (RTK Query cache updates, logout). Their state types
 * differ and the feature may not name the app's root state, so the state is left open here; each
 * thunk still checks its own arguments.
 */
export type DesignersDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const useDesignersDispatch = useDispatch.withTypes<DesignersDispatch>();
