import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../../shared/api/api';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { showToast } from '../../../shared/ui/Toast';
import { useDeleteAdminDesignerMutation, useDeleteAdminUserMutation } from '../api/adminApi';
import { adminErrorMessage, asAppError } from '../lib/errors';

/**
 * Deletes the selected accounts one by one (each call has its own idempotency key), then reloads the
 * lists and the stats once. Unlike the original client, failures are not swallowed: the toast says
 * how many could not be deleted and why.
 */
export function useBulkDelete(kind: 'users' | 'designers'): (ids: number[]) => Promise<void> {
  const dispatch = useDispatch();
  const [deleteUser] = useDeleteAdminUserMutation();
  const [deleteDesigner] = useDeleteAdminDesignerMutation();
  return useCallback(
    async (ids: number[]) => {
      let failed = 0;
      let reason = '';
      for (const id of ids) {
        try {
          await (kind === 'users' ? deleteUser(id) : deleteDesigner(id)).unwrap();
        } catch (error) {
          failed += 1;
          reason = adminErrorMessage(asAppError(error));
        }
      }
      dispatch(api.util.invalidateTags(['AdminUser', 'AdminDesigner', 'AdminStats', 'Designer']));
      if (failed === 0) showToast(t('admin.deleted', { count: ids.length }), { tone: 'success' });
      else showToast(t('admin.deleteFailed', { failed, count: ids.length, reason }), { tone: 'error' });
    },
    [kind, deleteUser, deleteDesigner, dispatch],
  );
}
