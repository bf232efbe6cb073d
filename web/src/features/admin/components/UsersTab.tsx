import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Button } from '../../../shared/ui/Button';
import type { AdminQueryState, AdminUser } from '../api/adminApi';
import { useBulkDelete } from '../hooks/useBulkDelete';
import { adminErrorMessage, asAppError } from '../lib/errors';
import { USER_SEARCH_FIELDS, authType, formatCreatedAt } from '../lib/table';
import { AdminTable, type AdminColumn } from './AdminTable';
import { EditUserModal } from './EditUserModal';

const AUTH_LABEL = { Google: 'admin.auth.google', Password: 'admin.auth.password', 'No Auth': 'admin.auth.none' } as const;

const columns: AdminColumn<AdminUser>[] = [
  { key: 'id', label: t('admin.col.id'), render: (u) => u.id },
  { key: 'email', label: t('admin.col.email'), render: (u) => u.email, primary: true },
  { key: 'name', label: t('admin.col.name'), render: (u) => u.name },
  { key: 'location', label: t('admin.col.location'), render: (u) => u.location },
  { key: 'created', label: t('admin.col.createdAt'), render: (u) => formatCreatedAt(u.created_at) },
  { key: 'auth', label: t('admin.col.authType'), render: (u) => t(AUTH_LABEL[authType(u)]) },
  { key: 'admin', label: t('admin.col.admin'), render: (u) => (u.is_admin ? t('admin.yes') : t('admin.no')) },
];

const isLocked = (u: AdminUser) => u.is_admin;

/** The users tab: customers and admins; admins are locked against deletion. */
export function UsersTab({ query }: { query: AdminQueryState<AdminUser[]> }) {
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const onDelete = useBulkDelete('users');
  return (
    <>
      <AdminTable
        kind="users"
        rows={query.data}
        columns={columns}
        searchFields={USER_SEARCH_FIELDS}
        searchPlaceholder={t('admin.search.users')}
        isLocked={isLocked}
        rowName={(u) => u.email}
        loading={query.isFetching}
        errorMessage={query.isError ? adminErrorMessage(asAppError(query.error), 'admin.error.loadUsers') : null}
        onRetry={() => void query.refetch()}
        onDelete={onDelete}
        actions={(u) => (
          <Button variant="ghost" onClick={() => setEditing(u)} aria-label={t('admin.editLabel', { name: u.email })} aria-haspopup="dialog">
            {t('admin.edit')}
          </Button>
        )}
      />
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
