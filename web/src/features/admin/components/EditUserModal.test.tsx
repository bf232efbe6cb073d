import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import type { StoredUser } from '../../../shared/session/sessionSlice';
import { commandTestbed } from '../../../test/offline';
import { apiStore, setOnline } from '../../../test/session';
import type { AdminUser } from '../api/adminApi';
import { adminCommands } from '../commands';
import { EditUserModal } from './EditUserModal';

const ADMIN: StoredUser = {
  access_token: 'admin-tok', token_type: 'bearer', id: 1, name: 'Root', email: 'root@interno.demo',
  role: 'admin', is_admin: true, is_designer: false, has_designer_profile: false,
};

const USER = { id: 12, name: 'Giulia Verdi', email: 'giulia@example.com', location: 'Milano' } as AdminUser;

const bed = commandTestbed((call) => (call.method === 'PUT' ? { status: 200, body: { ...USER, name: 'Giulia Bianchi' } } : { status: 404, body: { detail: 'Not Found' } }));

function renderModal(onClose = vi.fn()) {
  const store = apiStore(ADMIN);
  bed.wiring.wire(store.dispatch, adminCommands, { userId: '1', token: 'admin-tok' });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root" />
        <EditUserModal user={USER} onClose={onClose} />
      </MemoryRouter>
    </Provider>,
  );
  return onClose;
}

function puts() {
  return bed.net.calls.filter((call) => call.method === 'PUT');
}

function rename(name: string): void {
  fireEvent.input(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}



describe('an admin edit of an account (the updateAdminUser command, never kept on the device)', () => {
  it('online is sent at once with its Idempotency-Key and the admin token; the dialog closes', async () => {
    const onClose = renderModal();
    rename('Giulia Bianchi');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = puts();
    expect(puts()).toHaveLength(1);
    expect(put?.url).toBe('/api/admin/users/12');
    expect(put?.body).toEqual({ name: 'Giulia Bianchi' });
    expect(put?.headers['idempotency-key']).toMatch(/.{16,}/);
    expect(put?.headers.authorization).toBe('Bearer admin-tok');
    expect(await db.outbox.count()).toBe(0);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    bed.net.respond(() => ({ status: 409, body: { detail: 'Email already registered', reason: 'email_taken' } }));
    const onClose = renderModal();
    rename('Giulia Bianchi');
    await screen.findByText('This email address is already registered. Please use a different email.');
    expect(onClose).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline is refused at once: nothing is sent and nothing is kept', async () => {
    setOnline(false);
    const onClose = renderModal();
    rename('Giulia Bianchi');
    await screen.findByText('You are offline: admin changes need a connection.');
    expect(onClose).not.toHaveBeenCalled();
    expect(puts()).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
