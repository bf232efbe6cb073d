import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../../shared/api/api';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { showToast } from '../../../shared/ui/Toast';
import { useRunCommand } from '../../../shared/offline/command';
import { deleteAdminDesigner, deleteAdminUser } from '../commands';
import { adminErrorMessage } from '../lib/errors';

/**
 * Deletes the selected accounts one by one (each a deleteAdminUser/deleteAdminDesigner command with its own idempotency key), then reloads the
 * lists and the stats once. Unlike the original client, failures are not swallowed: the toast says
 * how many could not be deleted and why.
 */
export function useBulkDelete(kind: 'users' | 'designers'): (ids: number[]) => Promise<void> {
  const dispatch = useDispatch();
  const { run: deleteUser } = useRunCommand(deleteAdminUser);
  const { run: deleteDesigner } = useRunCommand(deleteAdminDesigner);
  return useCallback(
    async (ids: number[]) => {
      let failed = 0;
      let reason = '';
      for (const id of ids) {
        const result = await (kind === 'users' ? deleteUser({ id }) : deleteDesigner({ id }));
        if (result.status === 'refused') {
          failed += 1;
          reason = adminErrorMessage(result.error);
        }
      }
      dispatch(api.util.invalidateTags(['AdminUser', 'AdminDesigner', 'AdminStats', 'Designer']));
      if (failed === 0) showToast(t('admin.deleted', { count: ids.length }), { tone: 'success' });
      else showToast(t('admin.deleteFailed', { failed, count: ids.length, reason }), { tone: 'error' });
    },
    [kind, deleteUser, deleteDesigner, dispatch],
  );
}
