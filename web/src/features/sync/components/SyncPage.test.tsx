import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, setOnline } from '../../../test/session';
import { db } from '../../../shared/offline/db';
import { enqueue } from '../../../shared/offline/outbox';
import { holdWrite, resetWaitingRoom, waitingWrites } from '../../../shared/offline/waitingRoom';
import { SyncPage } from './SyncPage';

beforeEach(async () => {
  await db.outbox.clear();
  resetWaitingRoom();
  // Offline, so the page's buttons change the outbox without a drain racing the assertions.
  setOnline(false);
});

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('SyncPage', () => {
  it('says everything is synchronised when nothing waits', async () => {
    renderSignedIn(<SyncPage />);
    expect(await screen.findByText('Nessuna azione in attesa: è tutto sincronizzato.')).toBeTruthy();
    expect(screen.getByTestId('sync-connection').textContent).toContain('Sei offline');
  });

  it("lists only the signed-in user's actions, with their state, and shows why one was refused", async () => {
    await enqueue(db, { kind: 'designer.update', entity: 'designer:3', method: 'PUT', path: '/api/designers/3', body: {}, userId: '7' });
    const refused = await enqueue(db, { kind: 'appointment.cancel', entity: 'appointment:9', method: 'PUT', path: '/api/appointments/9/cancel', body: {}, userId: '7' });
    await db.outbox.update(refused.seq, {
      state: 'failed',
      attempts: 1,
      lastError: { status: 409, reason: 'invalid_transition', message: "L'appuntamento è già stato confermato.", detail: null },
    });
    await enqueue(db, { kind: 'designer.update', entity: 'designer:5', method: 'PUT', path: '/api/designers/5', body: {}, userId: '99' });
    renderSignedIn(<SyncPage />);
    const rows = await screen.findAllByTestId('sync-entry');
    expect(rows).toHaveLength(2);
    const failed = rows.find((row) => row.dataset.state === 'failed');
    expect(failed).toBeDefined();
    const row = within(failed as HTMLElement);
    expect(row.getByText('Annullamento di un appuntamento')).toBeTruthy();
    expect(row.getByText('Rifiutato')).toBeTruthy();
    expect(row.getByText("Motivo: L'appuntamento è già stato confermato.")).toBeTruthy();
    expect(within(rows.find((r) => r.dataset.state === 'pending') as HTMLElement).getByText('In attesa')).toBeTruthy();
  });

  it('retries a refused action and discards another', async () => {
    const first = await enqueue(db, { kind: 'designer.update', entity: 'designer:3', method: 'PUT', path: '/api/designers/3', body: {}, userId: '7' });
    await db.outbox.update(first.seq, { state: 'failed', lastError: { status: 422, reason: null, message: 'Dati non validi.', detail: null } });
    renderSignedIn(<SyncPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Riprova' }));
    await screen.findByText('In attesa');
    expect((await db.outbox.get(first.seq))?.state).toBe('pending');
    fireEvent.click(screen.getByRole('button', { name: 'Scarta: Modifica del profilo designer' }));
    await screen.findByText('Nessuna azione in attesa: è tutto sincronizzato.');
    expect(await db.outbox.count()).toBe(0);
  });

  it('lists a write still waiting for the outbox (made before its code arrived), and discards it', async () => {
    await enqueue(db, { kind: 'designer.update', entity: 'designer:3', method: 'PUT', path: '/api/designers/3', body: {}, userId: '7' });
    holdWrite({ kind: 'appointment.cancel', entity: 'appointment:9', method: 'PUT', path: '/api/appointments/9/cancel', body: {}, userId: '7' });
    holdWrite({ kind: 'designer.update', entity: 'designer:5', method: 'PUT', path: '/api/designers/5', body: {}, userId: '99' });
    renderSignedIn(<SyncPage />);
    await expect.poll(() => screen.queryAllByTestId('sync-entry').length).toBe(2);
    const held = screen.getAllByTestId('sync-entry').find((row) => within(row).queryByText('Annullamento di un appuntamento'));
    expect(held && within(held).getByText('In attesa')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Scarta: Annullamento di un appuntamento' }));
    await expect.poll(() => screen.queryAllByTestId('sync-entry').length).toBe(1);
    expect(waitingWrites().map((entry) => entry.userId)).toEqual(['99']);
    expect(await db.outbox.count()).toBe(1);
  });
});
