import type { Schemas } from '../../shared/api/contract';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/designers';
import { defineCommand, type CommandDispatch } from '../../shared/offline/command';
import { showToast } from '../../shared/ui/Toast';
import { designersApi } from './api/designersApi';
import { parseDesigner, type Designer } from './lib/designer';

/** The writes of the designers feature. The app registers them at start. */

/** Shows an edit at once in the cached copies of the dashboard and the public pages. */
function applyLocally(dispatch: CommandDispatch, id: number, patch: Partial<Designer>): void {
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
 * A designer's profile text edit (pictures need a live connection: they go with the multipart
 * update). Shown at once; a refusal rolls the screen back to what the server has and says why.
 */
export const editDesignerProfile = defineCommand<{ id: number; body: Schemas['DesignerFields']; patch: Partial<Designer> }>({
  kind: 'designer.update',
  entity: ({ id }) => `designer:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/designers/${id}`,
  body: ({ body }) => body,
  apply: (dispatch, { id, patch }) => applyLocally(dispatch, id, patch),
  onSent: (dispatch, response) => {
    const designer = parseDesigner(response);
    if (designer) applyLocally(dispatch, designer.id, designer);
    dispatch(designersApi.util.invalidateTags([{ type: 'Designer', id: 'ME' }]));
  },
  onRefused: (dispatch, error) => {
    dispatch(designersApi.util.invalidateTags(['Designer']));
    showToast(t('designers.edit.rejected'), { tone: 'error', detail: error.message });
  },
});

/**
 * A designer deletes their profile and account (DELETE /api/designers/{id}); the device logs out
 * right after. Never kept on the device (keep: 'never'): an account is not deleted later from a
 * queue, after its owner has gone, so offline the dialog says at once that it needs the connection.
 */
export const deleteDesignerProfile = defineCommand<{ id: number }>({
  kind: 'designer.delete',
  keep: 'never',
  entity: ({ id }) => `designer:${id}`,
  method: 'DELETE',
  path: ({ id }) => `/api/designers/${id}`,
});

export const designersCommands = [editDesignerProfile, deleteDesignerProfile];
