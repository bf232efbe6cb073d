import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/** A dispatch for RTK Query thunks; the feature may not name the app's root state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
export type PushDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const usePushDispatch = useDispatch.withTypes<PushDispatch>();
