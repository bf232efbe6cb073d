import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { clearIntent, clearQuiz, handJourneyTo } from '../../../shared/lib/journey';
import { PERSISTENT_KEYS, localArea, readJson, type StorageArea } from '../../../shared/lib/storage';
import { loadSignOut } from '../../../shared/session/loadSignOut';
import { parseStoredUser, signedIn, userUpdated, type WithSession } from '../../../shared/session/sessionSlice';
import { storeSession } from '../../../shared/session/storage';
import type { Account, SignInAnswer } from './account';

type SessionThunk = ThunkAction<void, WithSession, unknown, UnknownAction>;

/** Keeps a fresh sign-in on this device (localStorage `user`, `remember_me`) and in the store. */
export function completeSignIn(answer: SignInAnswer, rememberMe: boolean, options: { quizStored?: boolean } = {}): SessionThunk {
  return (dispatch) => {
    storeSession(answer.user, rememberMe);
    dispatch(signedIn({ user: answer.user, rememberMe }));
    // The account now holds the questionnaire's result: the journey's copy has done its job, and the
    // visitor's journey in this tab's history is this account's to come back to.
    if (options.quizStored) {
      handJourneyTo(String(answer.user.id));
      clearQuiz();
    }
    // Only customers like, write to and book designers: a visitor's intent does not follow another role.
    if (answer.user.role !== 'user') clearIntent();
    // The logout's code comes now, while there is a connection (signing in needed one): a logout made
    // offline right after finds it, before the offline layer has started on a first visit.
    void loadSignOut().catch(() => undefined);
  };
}

/**
 * Brings the signed-in user in line with a fresh profile answer (name, e-mail, role, designer
 * object). The device copy is rewritten only while it still holds this same session: another tab
 * may have signed in as someone else meanwhile, and that session must not be overwritten.
 */
export function syncStoredUser(account: Account, hasDesigner: boolean, storage: StorageArea | null = localArea()): SessionThunk {
  return (dispatch, getState) => {
    const before = getState().session.user;
    if (!before || before.id !== account.id) return;
    const patch = {
      name: account.name,
      email: account.email,
      role: account.role,
      is_admin: account.role === 'admin',
      is_designer: account.role === 'designer' || hasDesigner,
      has_designer_profile: hasDesigner,
    };
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).some((key) => before[key] !== patch[key]);
    if (!changed) return;
    dispatch(userUpdated(patch));
    const { user, rememberMe } = getState().session;
    const stored = parseStoredUser(readJson(storage, PERSISTENT_KEYS.user));
    if (user && stored?.access_token === user.access_token) storeSession(user, rememberMe, storage);
  };
}
