import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { db, type InternoDatabase } from '../offline/db';
import { clearUserImages } from '../offline/imageStore';
import { clearUserResponses } from '../offline/responseCache';
import { selectUserId, signedOut, type WithSession } from './sessionSlice';
import { clearStoredSession } from './storage';

/**
 * Logs out on this device: removes the stored user and session data (cookie consent stays), drops
 * the user's cached answers and kept pictures from IndexedDB and clears the session. The outbox is kept: entries wait
 * for the same user to sign in again, so nothing typed offline is lost. The app resets RTK Query's
 * cache when it sees signedOut.
 */
export function logout(database: InternoDatabase = db): ThunkAction<Promise<void>, WithSession, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const userId = selectUserId(getState());
    clearStoredSession();
    dispatch(signedOut());
    if (userId !== null) {
      await clearUserResponses(database, userId);
      await clearUserImages(database, userId);
    }
  };
}
