import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { clearQuizResult } from '../../../shared/lib/quizResult';
import { signedIn, userUpdated, type WithSession } from '../../../shared/session/sessionSlice';
import { storeSession } from '../../../shared/session/storage';
import type { Account, SignInAnswer } from './account';

type SessionThunk = ThunkAction<void, WithSession, unknown, UnknownAction>;

/** Keeps a fresh sign-in on this device (localStorage `user`, `remember_me`) and in the store. */
export function completeSignIn(answer: SignInAnswer, rememberMe: boolean, options: { quizStored?: boolean } = {}): SessionThunk {
  return (dispatch) => {
    storeSession(answer.user, rememberMe);
    dispatch(signedIn({ user: answer.user, rememberMe }));
    // The account now holds the questionnaire's result: the device copy has done its job.
    if (options.quizStored) clearQuizResult();
  };
}

/** Brings the stored user in line with a fresh profile answer (name, e-mail, role, designer object). */
export function syncStoredUser(account: Account, hasDesigner: boolean): SessionThunk {
  return (dispatch, getState) => {
    dispatch(
      userUpdated({
        name: account.name,
        email: account.email,
        role: account.role,
        is_admin: account.role === 'admin',
        is_designer: account.role === 'designer' || hasDesigner,
        has_designer_profile: hasDesigner,
      }),
    );
    const { user, rememberMe } = getState().session;
    if (user) storeSession(user, rememberMe);
  };
}
