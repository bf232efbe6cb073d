import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminTable, type AdminColumn } from './AdminTable';

interface Row {
  id: number;
  email: string;
  name: string;
  is_admin: boolean;
}

const rows: Row[] = [
  { id: 1, email: 'root@interno.demo', name: 'Root', is_admin: true },
  ...Array.from({ length: 11 }, (_, i) => ({ id: i + 2, email: `cliente${i + 2}@example.com`, name: `Cliente ${i + 2}`, is_admin: false })),
];

const columns: AdminColumn<Row>[] = [
  { key: 'id', label: 'ID', render: (r) => r.id },
  { key: 'email', label: 'Email', render: (r) => r.email },
];

function renderTable(onDelete = vi.fn(async () => undefined)) {
  render(
    <AdminTable
      kind="users"
      rows={rows}
      columns={columns}
      searchFields={['email', 'name'] as const}
      searchPlaceholder="Search"
      isLocked={(r) => r.is_admin}
      rowName={(r) => r.email}
      loading={false}
      errorMessage={null}
      onRetry={() => undefined}
      onDelete={onDelete}
    />,
  );
  return onDelete;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AdminTable', () => {
  it('pages ten rows at a time and says where it is', () => {
    renderTable();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('locks admin rows: no checkbox, never selected by select-all', () => {
    renderTable();
    const adminRow = screen.getByTestId('admin-row-1');
    expect(within(adminRow).queryByRole('checkbox')).toBeNull();
    expect(within(adminRow).getByRole('img', { name: 'Admin accounts are locked and cannot be selected' })).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Delete (0)' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('button', { name: 'Delete (9)' })).toBeTruthy();
  });

  it('filters after the 300 ms debounce and confirms before deleting', async () => {
    const onDelete = renderTable();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'cliente1' } });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    // cliente10, cliente11, cliente12
    expect(screen.getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select cliente10@example.com' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select cliente12@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Are you sure you want to delete 2 selected users?')).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(onDelete).toHaveBeenCalledWith([10, 12]);
    expect(screen.getByRole('button', { name: 'Delete (0)' })).toBeTruthy();
  });

  it('offers a retry when the list failed to load', () => {
    const retry = vi.fn();
    render(
      <AdminTable
        kind="designers"
        rows={undefined}
        columns={columns}
        searchFields={['email'] as const}
        searchPlaceholder="Search"
        rowName={(r) => r.email}
        loading={false}
        errorMessage="Failed to load designers"
        onRetry={retry}
        onDelete={async () => undefined}
      />,
    );
    expect(screen.getByText('Failed to load designers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});
