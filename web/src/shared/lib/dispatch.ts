import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * A dispatch that accepts thunks. Features type the state they read with their own `WithX`
 * interfaces, so they never import the app's root state (the app composes features, not the reverse).
 */
export type AppThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
export const useThunkDispatch = useDispatch.withTypes<AppThunkDispatch>();
