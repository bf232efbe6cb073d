import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Button } from '../../../shared/ui/Button';
import { showToast } from '../../../shared/ui/Toast';
import { designerStyleLabel, isStyleCode } from '../../../shared/lib/designStyles';
import { useRunCommand } from '../../../shared/offline/command';
import { type AdminDesigner, type AdminQueryState } from '../api/adminApi';
import { toggleDesignerVerified } from '../commands';
import { useBulkDelete } from '../hooks/useBulkDelete';
import { adminErrorMessage, asAppError } from '../lib/errors';
import { DESIGNER_SEARCH_FIELDS, formatCreatedAt } from '../lib/table';
import { AdminTable, type AdminColumn } from './AdminTable';
import { EditDesignerModal } from './EditDesignerModal';
import styles from './AdminPanel.module.css';

function VerifyToggle({ designer }: { designer: AdminDesigner }) {
  const { run: toggle, busy: isLoading } = useRunCommand(toggleDesignerVerified);
  const flip = async () => {
    const result = await toggle({ id: designer.id });
    if (result.status === 'refused') {
      showToast(adminErrorMessage(result.error), { tone: 'error' });
      return;
    }
    const updated = result.status === 'sent' ? (result.response as AdminDesigner) : designer;
    showToast(updated.verified ? t('admin.verify.on', { name: updated.name }) : t('admin.verify.off', { name: updated.name }), {
      tone: 'success',
    });
  };
  return (
    <label className={styles.verify}>
      <input
        type="checkbox"
        role="switch"
        checked={designer.verified}
        disabled={isLoading}
        aria-label={t('admin.verify.label', { name: designer.name })}
        onChange={() => void flip()}
      />
      <span aria-hidden="true">{designer.verified ? t('admin.yes') : t('admin.no')}</span>
    </label>
  );
}

const columns: AdminColumn<AdminDesigner>[] = [
  { key: 'id', label: t('admin.col.id'), render: (d) => d.id },
  {
    key: 'name',
    label: t('admin.col.name'),
    render: (d) => (
      <Link to={`/profile/${d.id}`} className={styles.nameLink}>
        {d.name}
      </Link>
    ),
    primary: true,
  },
  { key: 'email', label: t('admin.col.email'), render: (d) => d.email },
  { key: 'phone', label: t('admin.col.phone'), render: (d) => d.phone },
  { key: 'city', label: t('admin.col.city'), render: (d) => d.city },
  {
    key: 'style',
    label: t('admin.col.style'),
    render: (d) => (isStyleCode(d.design_style) ? `${d.design_style} · ${designerStyleLabel(d.design_style)}` : d.design_style),
  },
  { key: 'proposal', label: t('admin.col.primaProposta'), render: (d) => d.prima_proposta },
  { key: 'created', label: t('admin.col.createdAt'), render: (d) => formatCreatedAt(d.created_at) },
  { key: 'verified', label: t('admin.col.verified'), render: (d) => <VerifyToggle designer={d} /> },
];

/** The designers tab: profiles with the verification toggle, edit and deletion. */
export function DesignersTab({ query }: { query: AdminQueryState<AdminDesigner[]> }) {
  const [editing, setEditing] = useState<AdminDesigner | null>(null);
  const onDelete = useBulkDelete('designers');
  return (
    <>
      <AdminTable
        kind="designers"
        rows={query.data}
        columns={columns}
        searchFields={DESIGNER_SEARCH_FIELDS}
        searchPlaceholder={t('admin.search.designers')}
        rowName={(d) => d.name}
        loading={query.isFetching}
        errorMessage={query.isError ? adminErrorMessage(asAppError(query.error), 'admin.error.loadDesigners') : null}
        onRetry={() => void query.refetch()}
        onDelete={onDelete}
        actions={(d) => (
          <Button variant="ghost" onClick={() => setEditing(d)} aria-label={t('admin.editLabel', { name: d.name })} aria-haspopup="dialog">
            {t('admin.edit')}
          </Button>
        )}
      />
      <EditDesignerModal designer={editing} onClose={() => setEditing(null)} />
    </>
  );
}
