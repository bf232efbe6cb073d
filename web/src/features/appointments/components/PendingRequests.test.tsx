import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import { registerCommands } from '../../../shared/offline/command';
import { installOutbox } from '../../../shared/offline/outboxService';
import { appointmentCommands } from '../commands';
import type { StoredUser } from '../../../shared/session/sessionSlice';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { fakeFetch, type FakeFetch, OUTBOX_WAIT } from '../../../test/offline';
import { apiStore, setOnline } from '../../../test/session';
import type { DesignerAppointment } from '../api/appointmentsApi';
import { pendingCount } from '../lib/pendingRequests';
import { PendingRequests } from './PendingRequests';

const DESIGNER: StoredUser = {
  access_token: 'tok', token_type: 'bearer', id: 9, name: 'Sofia', email: 's@example.com',
  role: 'designer', is_admin: false, is_designer: true, has_designer_profile: true,
};

const SLOW = OUTBOX_WAIT;

function request(id: number, name: string, day: number, message = ''): DesignerAppointment {
  const date = `2027-03-${String(day).padStart(2, '0')}T10:00:00+01:00`;
  return {
    appointment_id: id, designer_id: 5, appointment_date: date, end_date: date, duration_minutes: 60, status: 'pending',
    user_name: name, user_email: `${name.split(' ')[0]?.toLowerCase()}@example.com`, user_phone: '', message,
    designer_notes: '', call_link: '', reason: '', cancelled_by: '', id, created_at: date, updated_at: date,
  };
}

let net: FakeFetch;
let pending: DesignerAppointment[];
let stop: () => Promise<void> = async () => {};

function page() {
  return {
    appointments: pending,
    counts: { all: pending.length, pending: pending.length, confirmed: 0, completed: 0, cancelled: 0 },
    total: pending.length,
    has_more: false,
  };
}

function renderSection(onOpenAll = vi.fn(), onOpenAppointments = vi.fn()) {
  const store = apiStore(DESIGNER);
  const unregister = registerCommands(store.dispatch, appointmentCommands);
  const stopOutbox = installOutbox({ database: db, getSession: () => ({ userId: '9', token: 'tok' }), onUnauthorized: () => {} });
  stop = async () => {
    await stopOutbox();
    unregister();
  };
  render(
    <Provider store={store}>
      <MemoryRouter>
        <PendingRequests onOpenAll={onOpenAll} onOpenAppointments={onOpenAppointments} />
      </MemoryRouter>
    </Provider>,
  );
  return { onOpenAll, region: () => screen.getByRole('region', { name: 'Richieste in attesa' }) };
}

beforeEach(async () => {
  await db.outbox.clear();
  await db.responses.clear();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  pending = [request(1, 'Anna Neri', 2, 'Vorrei rifare la cucina.'), request(2, 'Bruno Gialli', 3), request(3, 'Carla Bianchi', 4), request(4, 'Dario Rosa', 5)];
  net = fakeFetch();
  net.respond((call) => {
    if (call.url.endsWith('/api/events/ticket')) return { status: 200, body: { ticket: 'ticket-1' } };
    if (call.method === 'GET' && call.url.includes('/api/appointments/designer')) return { status: 200, body: page() };
    const done = /\/api\/appointments\/(\d+)\/(confirm|reject)$/.exec(call.url);
    if (call.method === 'PUT' && done) {
      const id = Number(done[1]);
      pending = pending.filter((a) => a.appointment_id !== id);
      return { status: 200, body: { appointment_id: id, status: done[2] === 'confirm' ? 'confirmed' : 'cancelled' } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  });
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
});

afterEach(async () => {
  // Waits for a drain under way to end: it holds the drain lease the next test's outbox needs.
  await stop();
  cleanup();
  vi.unstubAllGlobals();
});

describe('PendingRequests', () => {
  it('shows the count and the next three requests, and the rest one tap away', async () => {
    const { region, onOpenAll } = renderSection();
    await within(region()).findByText('4 richieste da gestire');
    expect(within(region()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region()).getByText('Vorrei rifare la cucina.')).toBeTruthy();
    expect(within(region()).queryByText('Dario Rosa')).toBeNull();
    fireEvent.click(within(region()).getByRole('button', { name: 'Vedi tutte le 4 richieste' }));
    expect(onOpenAll).toHaveBeenCalledOnce();
  });

  it('confirms inline through the outbox and says so once the request has left the list', async () => {
    const onOpenAppointments = vi.fn();
    const { region } = renderSection(vi.fn(), onOpenAppointments);
    const card = (await within(region()).findByRole('heading', { name: 'Anna Neri' })).closest('li') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Conferma' }));
    await within(region()).findByText(/Hai confermato la richiesta di Anna Neri/, undefined, SLOW);
    // The notice names where the call's link is, and opens it; the focus, left by the card that went, is on it.
    const open = within(region()).getByRole('button', { name: 'Apri I Miei Appuntamenti' });
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(within(region()).getByRole('status').textContent).toMatch(/^Hai confermato la richiesta di Anna Neri/);
    fireEvent.click(open);
    expect(onOpenAppointments).toHaveBeenCalledOnce();
    await within(region()).findByText('3 richieste da gestire');
    const put = net.calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/api\/appointments\/1\/confirm$/);
    expect(put?.headers['idempotency-key']).toBeTruthy();
  });

  it('refuses inline with an optional reason for the customer, or not at all', async () => {
    const { region } = renderSection();
    const card = (await within(region()).findByRole('heading', { name: 'Bruno Gialli' })).closest('li') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Rifiuta' }));
    const reason = within(card).getByLabelText(/Motivo per il cliente/);
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(card).getByRole('button', { name: 'Annulla' }));
    expect(within(card).queryByLabelText(/Motivo per il cliente/)).toBeNull();
    expect(net.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.input(within(card).getByLabelText(/Motivo per il cliente/), { target: { value: '  Sono in cantiere.  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Rifiuta richiesta' }));
    await within(region()).findByText('Hai rifiutato la richiesta di Bruno Gialli.', undefined, SLOW);
    const put = net.calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/api\/appointments\/2\/reject$/);
    expect(put?.body).toEqual({ reason: 'Sono in cantiere.' });
  });

  it('waits in the outbox offline: the card says so and leaves the count', async () => {
    const { region } = renderSection();
    const card = (await within(region()).findByRole('heading', { name: 'Anna Neri' })).closest('li') as HTMLElement;
    net.respond((call) => (call.method === 'GET' ? { status: 200, body: page() } : 'network-error'));
    setOnline(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Conferma' }));
    await within(card).findByText('Conferma in invio: partirà appena sei di nuovo online.', undefined, SLOW);
    expect(within(region()).getByText('3 richieste da gestire')).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
  });

  it('shows a new booking as soon as the event stream announces it', async () => {
    const { region } = renderSection();
    await within(region()).findByText('4 richieste da gestire');
    await waitFor(() => expect(FakeEventSource.current()?.types()).toContain('appointment'));
    pending = [request(9, 'Elena Blu', 1), ...pending];
    FakeEventSource.current()?.emit('appointment', { type: 'appointment', appointment_id: 9, status: 'pending' });
    await within(region()).findByText('5 richieste da gestire');
    expect(within(region()).getByRole('heading', { name: 'Elena Blu' })).toBeTruthy();
  });

  it('says there is nothing to answer', async () => {
    pending = [];
    const { region } = renderSection();
    await within(region()).findByText('Nessuna richiesta in attesa');
    expect(within(region()).queryByRole('list')).toBeNull();
  });
});

describe('pendingCount', () => {
  const state = (queued: 'confirm' | null) => ({ busy: null, queued, failed: null, status: queued ? 'confirmed' : 'pending' });
  it('leaves out the requests answered offline', () => {
    expect(pendingCount(4, [state(null), state('confirm')])).toBe(3);
    expect(pendingCount(0, [state('confirm')])).toBe(0);
  });
});
