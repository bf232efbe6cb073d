import { enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { showToast } from '../../../shared/ui/Toast';
import type { DesignersDispatch } from '../hooks/useDesignersDispatch';
import { parseDesigner, type Designer } from '../lib/designer';
import { designersApi } from './designersApi';

/** The outbox kind of a profile text edit made offline. */
export const PROFILE_EDIT_KIND = 'designer.update';

type Dispatch = DesignersDispatch;

/** Shows an edit at once in the cached copies of the dashboard and the public pages. */
function applyLocally(dispatch: Dispatch, id: number, patch: Partial<Designer>): void {
  dispatch(
    designersApi.util.updateQueryData('getMyDesigner', undefined, (draft) => {
      if (draft.designer && draft.designer.id === id) Object.assign(draft.designer, patch);
    }),
  );
  dispatch(
    designersApi.util.updateQueryData('getDesigner', id, (draft) => {
      Object.assign(draft, patch);
    }),
  );
}

/**
 * Queues a profile text edit for when the connection returns (pictures need a live connection) and
 * shows it at once. The outbox replays it with its Idempotency-Key; a refusal rolls the screen back
 * to what the server has and says why. `key` is the Idempotency-Key of a direct attempt whose answer
 * was lost, so the server replays its stored answer instead of applying the edit again.
 */
export async function queueProfileEdit(
  dispatch: Dispatch,
  id: number,
  body: Record<string, unknown>,
  patch: Partial<Designer>,
  key?: string,
): Promise<void> {
  await enqueueAction({ kind: PROFILE_EDIT_KIND, entity: `designer:${id}`, method: 'PUT', path: `/api/designers/${id}`, body, key });
  applyLocally(dispatch, id, patch);
}

/** Registers how replayed edits are reconciled; the app calls it once at start. */
export function registerProfileEditOutbox(dispatch: Dispatch): () => void {
  return registerOutboxHandler(PROFILE_EDIT_KIND, {
    onSent: (response) => {
      const designer = parseDesigner(response);
      if (designer) applyLocally(dispatch, designer.id, designer);
      dispatch(designersApi.util.invalidateTags([{ type: 'Designer', id: 'ME' }]));
    },
    onFailed: (error) => {
      dispatch(designersApi.util.invalidateTags(['Designer']));
      showToast(t('designers.edit.rejected'), { tone: 'error', detail: error.message });
    },
  });
}
