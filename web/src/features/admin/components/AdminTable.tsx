import { useId, useMemo, useState, type ReactNode } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { useDebounced } from '../hooks/useDebounced';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  allSelected,
  filterRows,
  paginate,
  pruneSelection,
  toggleAll,
  toggleId,
} from '../lib/table';
import { ConfirmDeletionModal } from './ConfirmDeletionModal';
import styles from './AdminTable.module.css';

export interface AdminColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Shown larger on phone cards (the row's title). */
  primary?: boolean;
}

export interface AdminTableProps<T extends { id: number }, K extends keyof T> {
  kind: 'users' | 'designers';
  rows: readonly T[] | undefined;
  columns: readonly AdminColumn<T>[];
  searchFields: readonly K[];
  searchPlaceholder: string;
  /** Locked rows (admins) show a lock instead of a checkbox and are never selected. */
  isLocked?: (row: T) => boolean;
  rowName: (row: T) => string;
  /** Extra controls per row (edit, verify). */
  actions?: (row: T) => ReactNode;
  loading: boolean;
  errorMessage: string | null;
  onRetry: () => void;
  /** Deletes the ids; resolves once every call has settled. */
  onDelete: (ids: number[]) => Promise<void>;
}

/**
 * The admin list: search (300 ms debounce), page size 10/20/50/All, Previous/Next with "Page X of Y",
 * row checkboxes with select-all, "Delete (n)" and its confirmation. A table on wide screens, cards on
 * phones (same markup, restyled), so nothing is hidden at 390 px.
 */
export function AdminTable<T extends { id: number }, K extends keyof T>(props: AdminTableProps<T, K>) {
  const { kind, rows, columns, searchFields, searchPlaceholder, isLocked, rowName, actions, loading, errorMessage, onRetry, onDelete } =
    props;
  const searchId = useId();
  const sizeId = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const filtered = useMemo(() => filterRows(rows ?? [], query, searchFields), [rows, query, searchFields]);
  const shown = paginate(filtered, page, pageSize);
  const selectableAll = useMemo(() => filtered.filter((row) => !isLocked?.(row)).map((row) => row.id), [filtered, isLocked]);
  const selectableShown = shown.rows.filter((row) => !isLocked?.(row)).map((row) => row.id);

  // A new search starts from the first page; rows that vanish or get locked leave the selection.
  // Adjusted during render rather than in effects, so a stale page or selection never shows.
  const [pagedFor, setPagedFor] = useState({ query, pageSize });
  if (pagedFor.query !== query || pagedFor.pageSize !== pageSize) {
    setPagedFor({ query, pageSize });
    setPage(1);
  }
  const [prunedFor, setPrunedFor] = useState<typeof selectableAll | null>(null);
  if (prunedFor !== selectableAll) {
    setPrunedFor(selectableAll);
    setSelected((current) => pruneSelection(current, selectableAll));
  }

  const confirmDeletion = async () => {
    setDeleting(true);
    try {
      await onDelete([...selected]);
      setSelected(new Set());
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  if (errorMessage && !rows) {
    return (
      <Alert tone="error" className={styles.loadError}>
        <p>{errorMessage}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('admin.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <label htmlFor={searchId} className={styles.toolbarLabel}>
            {t('admin.search.label')}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.input}
            value={search}
            placeholder={searchPlaceholder}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <div className={styles.size}>
          <label htmlFor={sizeId} className={styles.toolbarLabel}>
            {t('admin.pageSize')}
          </label>
          <select
            id={sizeId}
            className={styles.input}
            value={pageSize}
            onChange={(event) => setPageSize(Number(event.currentTarget.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size === 0 ? t('admin.pageSize.all') : size}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          className={styles.deleteButton}
          disabled={selected.size === 0}
          onClick={() => setConfirming(true)}
          aria-haspopup="dialog"
        >
          {t('admin.delete', { count: selected.size })}
        </Button>
      </div>

      {errorMessage ? (
        <Alert tone="error">
          <p>{errorMessage}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('admin.retry')}
          </Button>
        </Alert>
      ) : null}

      <table className={styles.table} aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col" className={styles.check} data-label={t('admin.selectAll')}>
              <input
                type="checkbox"
                aria-label={t('admin.selectAll')}
                checked={allSelected(selected, selectableShown)}
                disabled={selectableShown.length === 0}
                onChange={() => setSelected((current) => toggleAll(current, selectableShown))}
              />
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
            {actions ? <th scope="col">{t('admin.col.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((row) => {
            const locked = isLocked?.(row) ?? false;
            return (
              <tr key={row.id} className={selected.has(row.id) ? styles.selectedRow : undefined} data-testid={`admin-row-${row.id}`}>
                <td className={styles.check}>
                  {locked ? (
                    <span className={styles.lock} role="img" aria-label={t('admin.locked')} title={t('admin.locked')}>
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                        <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
                        <path d="M8 11V8a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth="2" fill="none" />
                      </svg>
                    </span>
                  ) : (
                    <input
                      type="checkbox"
                      aria-label={t('admin.selectRow', { name: rowName(row) })}
                      checked={selected.has(row.id)}
                      onChange={() => setSelected((current) => toggleId(current, row.id))}
                    />
                  )}
                </td>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.label} className={column.primary ? styles.primary : undefined}>
                    {column.render(row)}
                  </td>
                ))}
                {actions ? (
                  <td data-label={t('admin.col.actions')} className={styles.actions}>
                    {actions(row)}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      {!loading && shown.rows.length === 0 ? (
        <p className={styles.empty}>{query.trim() ? t('admin.emptySearch', { query: query.trim() }) : t('admin.empty')}</p>
      ) : null}

      <nav className={styles.pager} aria-label={t('admin.pageOf', { page: shown.page, count: shown.pageCount })}>
        <Button variant="ghost" disabled={shown.page <= 1} onClick={() => setPage(shown.page - 1)}>
          {t('admin.previous')}
        </Button>
        <span aria-live="polite">{t('admin.pageOf', { page: shown.page, count: shown.pageCount })}</span>
        <Button variant="ghost" disabled={shown.page >= shown.pageCount} onClick={() => setPage(shown.page + 1)}>
          {t('admin.next')}
        </Button>
      </nav>

      <ConfirmDeletionModal
        open={confirming}
        kind={kind}
        count={selected.size}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDeletion()}
      />
    </div>
  );
}
