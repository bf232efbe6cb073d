import type { AppError } from '../../../shared/api/errors';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';

/** What the admin panel says about a failed call: the spec's admin texts first, then the cause. */
export function adminErrorMessage(error: AppError | undefined, fallback: PlainKey = 'admin.error.requestFailed'): string {
  if (!error) return t(fallback);
  if (error.kind !== 'http') return error.kind === 'network' ? t('admin.error.offline') : t(fallback);
  switch (error.reason) {
    case 'admin_protected':
      return t('admin.error.adminProtected');
    case 'designer_account':
      return t('admin.error.designerAccount');
    case 'email_taken':
      return t('admin.error.emailTaken');
    case 'validation':
    case 'field_not_editable':
      return t('admin.error.invalid', { detail: error.detail ?? '' });
  }
  if (error.status === 401) return t('admin.error.authFailed');
  if (error.status === 403) return t('admin.error.accessRequired');
  return t(fallback);
}

/** Narrows what RTK Query hands back to the app's AppError, when it is one. */
export function asAppError(error: unknown): AppError | undefined {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'message' in error) return error as AppError;
  return undefined;
}
