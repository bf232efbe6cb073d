import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import { showToast } from '../../../shared/ui/Toast';
import type { AuthDispatch } from '../hooks/useAuthDispatch';
import { parseProfile, type Account } from '../lib/account';
import type { ProfileValues } from '../lib/profileValidation';
import { authApi, profileJson } from './authApi';

/** The outbox kind of a customer profile text edit made offline. */
export const ACCOUNT_EDIT_KIND = 'account.update';

type Dispatch = AuthDispatch;

function applyLocally(dispatch: Dispatch, patch: Partial<Account>): void {
  dispatch(
    authApi.util.updateQueryData('getProfile', undefined, (draft) => {
      Object.assign(draft.user, patch);
    }),
  );
}

/**
 * Queues the text part of a profile edit (name, e-mail, location) for when the connection returns,
 * and shows it at once. The photo needs a live connection. The outbox replays the edit as JSON with
 * its Idempotency-Key; a refusal puts the screen back to what the server has and says why. `key` is
 * the Idempotency-Key of a direct attempt whose answer was lost, so the server replays its answer.
 */
export async function queueProfileEdit(dispatch: Dispatch, userId: number, values: ProfileValues, key?: string): Promise<void> {
  const body = profileJson(values);
  await enqueueAction({ kind: ACCOUNT_EDIT_KIND, entity: `user:${userId}`, method: 'PUT', path: '/api/users/me', body, key });
  applyLocally(dispatch, body);
}

/** Registers how replayed edits are reconciled; the app calls it once at start. */
export function registerAccountEditOutbox(dispatch: Dispatch): () => void {
  return registerOutboxHandler(ACCOUNT_EDIT_KIND, {
    onSent: (response) => {
      try {
        dispatch(authApi.util.upsertQueryData('getProfile', undefined, parseProfile(response)));
      } catch {
        dispatch(authApi.util.invalidateTags(['Profile']));
      }
    },
    onFailed: (error) => {
      dispatch(authApi.util.invalidateTags(['Profile']));
      showToast(t('account.edit.rejected'), { tone: 'error', detail: error.message });
    },
  });
}
