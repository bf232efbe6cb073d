import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../shared/offline/db';
import { enqueue } from '../../shared/offline/outbox';
import { LAST_SYNC_KEY } from '../../shared/offline/replay';
import { sessionReducer } from '../../shared/session/sessionSlice';
import { SyncStatus } from './SyncStatus';

function renderStatus() {
  const store = configureStore({
    reducer: { session: sessionReducer },
    preloadedState: {
      session: {
        user: {
          access_token: 't', token_type: 'bearer', id: 7, name: 'Giulia', email: 'g@example.com',
          role: 'user' as const, is_admin: false, is_designer: false, has_designer_profile: false,
        },
        rememberMe: false,
      },
    },
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>
    </Provider>,
  );
}

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(async () => {
  await db.outbox.clear();
  setOnline(true);
});

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('SyncStatus', () => {
  it('shows nothing when online with nothing waiting', async () => {
    renderStatus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('sync-status')).toBeNull();
  });

  it('says "Sei offline" and counts the signed-in user’s waiting actions', async () => {
    const base = { kind: 'like.toggle', method: 'POST' as const, path: '/api/likes', body: { designer_id: 1 } };
    await enqueue(db, { ...base, entity: 'like:1', userId: '7' });
    await enqueue(db, { ...base, entity: 'like:2', userId: '7' });
    await enqueue(db, { ...base, entity: 'like:3', userId: '99' });
    renderStatus();
    act(() => setOnline(false));
    expect(await screen.findByText('Sei offline · 2 azioni in attesa di invio')).toBeTruthy();
  });

  it('mentions actions that were refused', async () => {
    const entry = await enqueue(db, { kind: 'chat.message', entity: 'contact:4', method: 'POST', path: '/api/contacts/4/messages', body: {}, userId: '7' });
    await db.outbox.update(entry.seq, { state: 'failed' });
    renderStatus();
    expect(await screen.findByText('1 azione non inviata')).toBeTruthy();
  });

  it('tells when the data was last updated while offline and links to the list of actions', async () => {
    await db.kv.put({ key: LAST_SYNC_KEY, value: new Date('2026-03-10T08:05:00Z').getTime() });
    await enqueue(db, { kind: 'like.toggle', entity: 'like:1', method: 'POST', path: '/api/likes', body: {}, userId: '7' });
    renderStatus();
    act(() => setOnline(false));
    expect(await screen.findByText('Sei offline · Ultimo aggiornamento 09:05 · 1 azione in attesa di invio')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vedi dettagli' }).getAttribute('href')).toBe('/sincronizzazione');
    await db.kv.delete(LAST_SYNC_KEY);
  });
});
