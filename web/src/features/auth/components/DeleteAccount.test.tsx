import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { db } from '../../../shared/offline/db';
import { commandTestbed } from '../../../test/offline';
import { ANNA, apiStore, setOnline } from '../../../test/session';
import { authCommands } from '../commands';
import { DeleteAccount } from './DeleteAccount';

const bed = commandTestbed((call) => (call.method === 'DELETE' ? { status: 204 } : { status: 404, body: { detail: 'Not Found' } }));

function renderZone() {
  const store = apiStore(ANNA);
  bed.wiring.wire(store.dispatch, authCommands, { userId: '5', token: 'tok' });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/profilo']}>
        <div id="root" />
        <Routes>
          <Route path="/profilo" element={<DeleteAccount />} />
          <Route path="/" element={<p>Home</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

function deletes() {
  return bed.net.calls.filter((call) => call.method === 'DELETE');
}

function confirmDeletion(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Elimina account' }));
  fireEvent.click(screen.getByRole('button', { name: 'Elimina definitivamente' }));
}



describe('deleting the account (the deleteAccount command, never kept on the device)', () => {
  it('online is sent at once with its Idempotency-Key and the token, then the device logs out and goes home', async () => {
    const store = renderZone();
    confirmDeletion();
    await screen.findByText('Home');
    const [call] = deletes();
    expect(deletes()).toHaveLength(1);
    expect(call?.url).toBe('/api/users/me');
    expect(call?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect(store.getState().session.user).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refusal keeps the person signed in and says so', async () => {
    bed.net.respond(() => ({ status: 403, body: { detail: 'Forbidden', reason: 'forbidden' } }));
    const store = renderZone();
    confirmDeletion();
    await screen.findByText("Non siamo riusciti a eliminare l'account. Riprova.");
    expect(store.getState().session.user).not.toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline is refused at once: nothing is sent, nothing is kept, the person stays signed in', async () => {
    setOnline(false);
    const store = renderZone();
    confirmDeletion();
    await screen.findByText("Sei offline: per eliminare l'account serve una connessione.");
    await waitFor(() => expect(deletes()).toHaveLength(0));
    expect(store.getState().session.user).not.toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});
