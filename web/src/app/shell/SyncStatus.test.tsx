import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, setOnline } from '../../test/session';
import { db } from '../../shared/offline/db';
import { enqueue } from '../../shared/offline/outbox';
import { LAST_SYNC_KEY } from '../../shared/offline/replay';
import { SyncStatus } from './SyncStatus';

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
    renderSignedIn(<SyncStatus />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('sync-status')).toBeNull();
  });

  it("says \"Sei offline\" and counts the signed-in user's waiting actions", async () => {
    const base = { kind: 'like.toggle', method: 'POST' as const, path: '/api/likes', body: { designer_id: 1 } };
    await enqueue(db, { ...base, entity: 'like:1', userId: '7' });
    await enqueue(db, { ...base, entity: 'like:2', userId: '7' });
    await enqueue(db, { ...base, entity: 'like:3', userId: '99' });
    renderSignedIn(<SyncStatus />);
    act(() => setOnline(false));
    expect(await screen.findByText('Sei offline · 2 azioni in attesa di invio')).toBeTruthy();
  });

  it('mentions actions that were refused', async () => {
    const entry = await enqueue(db, { kind: 'chat.message', entity: 'contact:4', method: 'POST', path: '/api/contacts/4/messages', body: {}, userId: '7' });
    await db.outbox.update(entry.seq, { state: 'failed' });
    renderSignedIn(<SyncStatus />);
    expect(await screen.findByText('1 azione non inviata')).toBeTruthy();
  });

  it('tells when the data was last updated while offline and links to the list of actions', async () => {
    await db.kv.put({ key: LAST_SYNC_KEY, value: new Date('2026-03-10T08:05:00Z').getTime() });
    await enqueue(db, { kind: 'like.toggle', entity: 'like:1', method: 'POST', path: '/api/likes', body: {}, userId: '7' });
    renderSignedIn(<SyncStatus />);
    act(() => setOnline(false));
    expect(await screen.findByText('Sei offline · Ultimo aggiornamento 09:05 · 1 azione in attesa di invio')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vedi dettagli' }).getAttribute('href')).toBe('/sincronizzazione');
    await db.kv.delete(LAST_SYNC_KEY);
  });
});
