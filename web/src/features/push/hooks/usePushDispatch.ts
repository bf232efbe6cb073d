import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/** A dispatch for RTK Query thunks; the feature may not name the app's root state. */
export type PushDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const usePushDispatch = useDispatch.withTypes<PushDispatch>();
