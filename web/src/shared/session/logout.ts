import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { InternoDatabase } from '../offline/db';
import { clearUserImages } from '../offline/imageStore';
import { loadOffline } from '../offline/lazy';
import { clearUserResponses } from '../offline/responseCache';
import { selectUserId, signedOut, type WithSession } from './sessionSlice';
import { clearStoredSession } from './storage';

/**
 * Logs out on this device: removes the stored user and session data (cookie consent stays), drops
 * the user's cached answers and kept pictures from IndexedDB and clears the session. The outbox is kept: entries wait
 * for the same user to sign in again, so nothing typed offline is lost. The app resets RTK Query's
 * cache when it sees signedOut.
 */
export function logout(database?: InternoDatabase): ThunkAction<Promise<void>, WithSession, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const userId = selectUserId(getState());
    clearStoredSession();
    dispatch(signedOut());
    if (userId !== null) {
      // The offline runtime (and its database) loads here if it has not yet.
      const target = database ?? (await loadOffline()).db;
      await clearUserResponses(target, userId);
      await clearUserImages(target, userId);
    }
  };
}
