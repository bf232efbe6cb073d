import type { Schemas } from '../../shared/api/contract';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/designers';
import { defineCommand, isAwaited, type CommandDispatch } from '../../shared/offline/command';
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

/** The server took an edit: its answer goes into the cached copies, and what depends on it is read again. */
function designerSaved(dispatch: CommandDispatch, response: unknown, id: number): void {
  const designer = parseDesigner(response);
  if (designer) applyLocally(dispatch, designer.id, designer);
  dispatch(designersApi.util.invalidateTags([{ type: 'Designer', id: 'ME' }, { type: 'Designer', id: designer?.id ?? id }, 'Profile', 'Match']));
}

/** The designer an edit is about, read back from its path (/api/designers/{id}). */
function designerIdOf(path: string): number {
  return Number(path.split('/').pop());
}

/**
 * A designer's profile text edit (pictures need a live connection: editDesignerWithPictures).
 * Shown at once; a refusal rolls the screen back to what the server has, and a refusal of a later
 * replay says why (the form says it while it waits).
 */
export const editDesignerProfile = defineCommand<{ id: number; body: Schemas['DesignerFields']; patch: Partial<Designer> }>({
  kind: 'designer.update',
  entity: ({ id }) => `designer:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/designers/${id}`,
  body: ({ body }) => body,
  apply: (dispatch, { id, patch }) => applyLocally(dispatch, id, patch),
  onSent: (dispatch, response, entry) => designerSaved(dispatch, response, designerIdOf(entry.path)),
  onRefused: (dispatch, error, entry) => {
    dispatch(designersApi.util.invalidateTags(['Designer']));
    if (!isAwaited(entry)) showToast(t('designers.edit.rejected'), { tone: 'error', detail: error.message });
  },
});

/**
 * A designer's profile edit that changes the photo or the gallery (the pictures go as data URLs in
 * the JSON body). Pictures are never written to the device (keep: 'never'): sent at once online,
 * refused at once offline with the Italian reason; the form waits for the answer and says a refusal.
 */
export const editDesignerWithPictures = defineCommand<{ id: number; body: Schemas['DesignerFields'] }>({
  kind: 'designer.updatePictures',
  keep: 'never',
  entity: ({ id }) => `designer:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/designers/${id}`,
  body: ({ body }) => body,
  onSent: (dispatch, response, entry) => designerSaved(dispatch, response, designerIdOf(entry.path)),
});

/**
 * A designer's registration, with a password (POST /api/designers) or Google's credential
 * (POST /api/designers/google-auth), the pictures as data URLs. Credentials and pictures are never
 * written to the device (keep: 'never'); they belong to no account yet (send with userId ''). The
 * screen passes onProgress: with twelve pictures the body is large and the bar should move.
 */
export const registerDesigner = defineCommand<Record<string, unknown> & { password: string }>({
  kind: 'designer.register',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/designers',
  body: (args) => args,
});

export const registerDesignerWithGoogle = defineCommand<{ credential: string; designer_data: Record<string, unknown> }>({
  kind: 'designer.registerGoogle',
  keep: 'never',
  entity: () => 'auth',
  method: 'POST',
  path: () => '/api/designers/google-auth',
  body: (args) => args,
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

export const designersCommands = [editDesignerProfile, editDesignerWithPictures, deleteDesignerProfile, registerDesigner, registerDesignerWithGoogle];
