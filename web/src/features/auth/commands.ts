import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/account';
import { defineCommand, isAwaited, type CommandDispatch } from '../../shared/offline/command';
import { showToast } from '../../shared/ui/Toast';
import type { Schemas } from '../../shared/api/contract';
import { authApi, profileForm, profileJson, type LoginArgs, type RegisterArgs, type ResetPasswordArgs } from './api/authApi';
import { parseProfile } from './lib/account';
import type { ProfileValues } from './lib/profileValidation';

/** The writes of the auth feature that go through the outbox. The app registers them at start. */

/** The server's answer to a profile edit goes into the cached profile (or it is read again). */
function profileSaved(dispatch: CommandDispatch, response: unknown): void {
  try {
    dispatch(authApi.util.upsertQueryData('getProfile', undefined, parseProfile(response)));
  } catch {
    dispatch(authApi.util.invalidateTags(['Profile']));
  }
}

/**
 * The text part of a customer's profile edit (name, e-mail, location); the photo needs a live
 * connection (editAccountWithPhoto). Shown at once; a refusal puts the screen back to what the
 * server has, and a refusal of a later replay says why (the form says it while it waits).
 */
export const editAccount = defineCommand<{ userId: number; values: ProfileValues }>({
  kind: 'account.update',
  entity: ({ userId }) => `user:${userId}`,
  method: 'PUT',
  path: () => '/api/users/me',
  body: ({ values }) => profileJson(values),
  apply: (dispatch, { values }) => {
    const patch = profileJson(values);
    dispatch(
      authApi.util.updateQueryData('getProfile', undefined, (draft) => {
        Object.assign(draft.user, patch);
      }),
    );
  },
  onSent: profileSaved,
  onRefused: (dispatch, error, entry) => {
    dispatch(authApi.util.invalidateTags(['Profile']));
    if (!isAwaited(entry)) showToast(t('account.edit.rejected'), { tone: 'error', detail: error.message });
  },
});

/**
 * A customer's profile edit with a new photo (PUT /api/users/me as multipart, customer spec 7).
 * A file is never written to the device (keep: 'never'): sent at once online, refused at once
 * offline with the Italian reason; the form waits for the answer and says a refusal itself.
 */
export const editAccountWithPhoto = defineCommand<{ userId: number; values: ProfileValues; picture: File }>({
  kind: 'account.updatePhoto',
  keep: 'never',
  entity: ({ userId }) => `user:${userId}`,
  method: 'PUT',
  path: () => '/api/users/me',
  body: ({ values, picture }) => profileForm({ ...values, picture }),
  onSent: profileSaved,
});

/**
 * "Elimina account" (DELETE /api/users/me); the device logs out right after. Never kept on the
 * device (keep: 'never'): an account is not deleted later from a queue, after its owner has gone,
 * so offline the dialog says at once that it needs the connection.
 */
export const deleteAccount = defineCommand<void>({
  kind: 'account.delete',
  keep: 'never',
  entity: () => 'account',
  method: 'DELETE',
  path: () => '/api/users/me',
});

/*
 * Credentials: signing in, registering, Google, the reset e-mail and the new password. A password
 * or a Google credential is never written to the device, so these are keep: 'never' (sent at once
 * through the outbox's request, refused at once offline). They belong to no account (userId ''):
 * no token goes with them. The screens read the answer with parseSignIn.
 */

export const signIn = defineCommand<LoginArgs>({
  kind: 'auth.login',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/auth/login',
  body: (args) => args,
});

export const registerAccount = defineCommand<RegisterArgs>({
  kind: 'auth.register',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/auth/register',
  body: (args) => args,
});

export const googleSignIn = defineCommand<Required<Schemas['GoogleRequest']>>({
  kind: 'auth.google',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/auth/google',
  body: (args) => args,
});

export const requestPasswordReset = defineCommand<Required<Schemas['ResetRequest']>>({
  kind: 'auth.resetRequest',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/auth/request-password-reset',
  body: (args) => args,
});

export const resetPassword = defineCommand<ResetPasswordArgs>({
  kind: 'auth.resetPassword',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/auth/reset-password',
  body: (args) => args,
});

/** Credentials go with no account's token (the person is not signed in yet, or signs in anew). */
export const ANONYMOUS = { userId: '' } as const;

export const authCommands = [editAccount, editAccountWithPhoto, deleteAccount, signIn, registerAccount, googleSignIn, requestPasswordReset, resetPassword];
