import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { InternoDatabase } from '../offline/db';
import { currentSubscription, unsubscribeDevice } from '../push/device';
import { rememberPushOwner } from '../push/startPush';
import { endAllSessions, endSession, unsubscribePush } from './commands';
import { logout } from './logout';
import { selectToken, type WithSession } from './sessionSlice';

/** This device only, or every device the account is signed in on. */
export type SignOutScope = 'device' | 'everywhere';

/**
 * Logs out on purpose: the server ends the token (POST /api/auth/logout) or every token of the
 * account (POST /api/auth/logout-all), then this device forgets the session (see logout). The call
 * goes through the outbox carrying the token it ends, so a logout made offline still ends the
 * session on the server when the connection returns; a token that already stopped working counts
 * as ended. (A 401 from the server calls logout directly: that session is over already.) This
 * device's push subscription is deleted on the server ahead of the logout, through the outbox too.
 */
export function signOut(scope: SignOutScope = 'device', database?: InternoDatabase): ThunkAction<Promise<void>, WithSession, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const token = selectToken(getState());
    // This device stops receiving the account's pushes: the server forgets the endpoint (queued
    // first, in the logout's scope and with its token, so it goes before the token ends), and the
    // browser ends the subscription in any case (offline, the push service then answers 410 to the
    // next push, which deletes the device on the server).
    const subscription = token !== null ? await currentSubscription() : null;
    if (token !== null && subscription !== null) {
      await unsubscribePush.send(dispatch, { token, endpoint: subscription.endpoint }, { userId: '', revokes: token }).catch((error: unknown) => console.warn('Could not queue the push unsubscribe for the server', error));
    }
    if (token !== null) {
      const everywhere = scope === 'everywhere';
      await (everywhere ? endAllSessions : endSession).send(dispatch, { token }, { userId: '', revokes: token }).catch((error: unknown) => console.warn('Could not queue the logout for the server', error));
    }
    await unsubscribeDevice(subscription);
    rememberPushOwner(null);
    await dispatch(logout(database));
  };
}
