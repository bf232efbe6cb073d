import { defineCommand, type CommandDispatch } from '../../shared/offline/command';
import { adminApi, type AdminDesigner, type AdminDesignerEdit, type AdminUser, type AdminUserEdit } from './api/adminApi';

/**
 * The writes of the admin panel. They are never kept on the device (keep: 'never'): the panel keeps
 * no account data offline, and an admin change is made with the admin there to read the answer, so
 * offline it is refused at once (the panel says "admin changes need a connection").
 */

function isRow(value: unknown): value is { id: number } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

/** Puts the row the server answered with into the cached designers list at once. */
function patchDesignerRow(dispatch: CommandDispatch, response: unknown): void {
  if (!isRow(response)) return;
  const row = response as AdminDesigner;
  dispatch(adminApi.util.updateQueryData('adminDesigners', undefined, (rows) => rows.map((r) => (r.id === row.id ? row : r))));
}

export const updateAdminUser = defineCommand<{ id: number; edit: AdminUserEdit }>({
  kind: 'admin.user.update',
  keep: 'never',
  entity: ({ id }) => `admin-user:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/admin/users/${id}`,
  body: ({ edit }) => edit,
  onSent: (dispatch, response) => {
    if (isRow(response)) {
      const row = response as AdminUser;
      dispatch(adminApi.util.updateQueryData('adminUsers', undefined, (rows) => rows.map((r) => (r.id === row.id ? row : r))));
    }
    dispatch(adminApi.util.invalidateTags(['AdminUser', 'AdminStats']));
  },
});

/** One account of a bulk deletion; the lists are read again once, after the last (useBulkDelete). */
export const deleteAdminUser = defineCommand<{ id: number }>({
  kind: 'admin.user.delete',
  keep: 'never',
  entity: ({ id }) => `admin-user:${id}`,
  method: 'DELETE',
  path: ({ id }) => `/api/admin/users/${id}`,
});

export const updateAdminDesigner = defineCommand<{ id: number; edit: AdminDesignerEdit }>({
  kind: 'admin.designer.update',
  keep: 'never',
  entity: ({ id }) => `admin-designer:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/admin/designers/${id}`,
  body: ({ edit }) => edit,
  onSent: (dispatch, response) => {
    patchDesignerRow(dispatch, response);
    dispatch(adminApi.util.invalidateTags(['AdminDesigner', 'AdminStats', 'Designer']));
  },
});

export const deleteAdminDesigner = defineCommand<{ id: number }>({
  kind: 'admin.designer.delete',
  keep: 'never',
  entity: ({ id }) => `admin-designer:${id}`,
  method: 'DELETE',
  path: ({ id }) => `/api/admin/designers/${id}`,
});

/** Flips a designer's verified badge; the answer is the row as it is now. */
export const toggleDesignerVerified = defineCommand<{ id: number }>({
  kind: 'admin.designer.verify',
  keep: 'never',
  entity: ({ id }) => `admin-designer:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/admin/designers/${id}/verify`,
  onSent: (dispatch, response) => {
    patchDesignerRow(dispatch, response);
    dispatch(adminApi.util.invalidateTags(['AdminDesigner', 'AdminStats', 'Designer']));
  },
});

export const adminCommands = [updateAdminUser, deleteAdminUser, updateAdminDesigner, deleteAdminDesigner, toggleDesignerVerified];
