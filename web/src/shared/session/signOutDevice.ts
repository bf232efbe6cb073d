import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { loadSignOut } from './loadSignOut';
import type { WithSession } from './sessionSlice';

/**
 * Signs this device out with the app's own sign-out (it queues the server's logout through the
 * outbox; its code is loaded when first used: loadSignOut). False, with a warning, when its code
 * could not arrive or it failed: the caller says so and offers to try again.
 */
export async function signOutDevice(dispatch: ThunkDispatch<WithSession, unknown, UnknownAction>): Promise<boolean> {
  try {
    const { signOut } = await loadSignOut();
    await dispatch(signOut('device'));
    return true;
  } catch (error) {
    console.warn('Could not sign out', error);
    return false;
  }
}
