import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { db } from '../../../shared/offline/db';
import { installOutbox } from '../../../shared/offline/outboxService';
import { sessionReducer, type StoredUser } from '../../../shared/session/sessionSlice';
import { fakeFetch, type FakeFetch, OUTBOX_WAIT } from '../../../test/offline';
import { setOnline } from '../../../test/session';
import { availabilityApi, type AvailabilityWindow } from '../api/availabilityApi';
import { registerCommands } from '../../../shared/offline/command';
import { availabilityCommands } from '../commands';
import { AVAILABILITY_KIND } from '../lib/queued';
import { ToastViewport } from '../../../shared/ui/Toast';
import { enqueueAction } from '../../../shared/offline/outboxService';
import { AvailabilityCounter } from './AvailabilityCounter';
import { AvailabilityEditor } from './AvailabilityEditor';

const DESIGNER: StoredUser = {
  access_token: 'tok', token_type: 'bearer', id: 9, name: 'Sofia', email: 's@example.com',
  role: 'designer', is_admin: false, is_designer: true, has_designer_profile: true,
};
const weekdays: AvailabilityWindow[] = [0, 1, 2, 3, 4].map((day) => ({ id: day + 1, day_of_week: day, start_time: '09:00', end_time: '12:00', is_active: true }));
const conflicts = [
  { id: 41, datetime: '2027-03-01T10:00:00+01:00', date: '2027-03-01', time: '10:00', status: 'pending', customer_name: 'Anna Neri' },
  { id: 42, datetime: '2027-03-08T09:00:00+01:00', date: '2027-03-08', time: '09:00', status: 'confirmed', customer_name: 'Bruno Gialli' },
];

let net: FakeFetch;
let serverWeek: AvailabilityWindow[];
let refuseUntilKept: boolean;
let stop: () => Promise<void> = async () => {};

const SLOW = OUTBOX_WAIT;

function renderEditor(withEditor = true, stored: AvailabilityWindow[] = weekdays) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user: DESIGNER, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  store.dispatch(availabilityApi.util.upsertQueryData('weeklyAvailability', 5, stored));
  stop = installOutbox({ database: db, getSession: () => ({ userId: '9', token: 'tok' }), onUnauthorized: () => {} });
  const unregister = registerCommands(store.dispatch, availabilityCommands);
  const onSaved = vi.fn();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AvailabilityCounter designerId={5} />
        {withEditor ? <AvailabilityEditor designerId={5} onSaved={onSaved} /> : null}
        <ToastViewport />
      </MemoryRouter>
    </Provider>,
  );
  const previous = stop;
  stop = async () => {
    await previous();
    unregister();
  };
  return { onSaved };
}

const puts = () => net.calls.filter((call) => call.method === 'PUT');
const counterValue = () => screen.getByText(/^Fasce di disponibilità$|^Disponibilità da impostare$|^Modifica rifiutata/).previousElementSibling?.textContent;

beforeEach(async () => {
  await db.outbox.clear();
  await db.responses.clear();
  serverWeek = weekdays;
  refuseUntilKept = false;
  net = fakeFetch();
  net.respond((call) => {
    if (call.method === 'GET') return { status: 200, body: serverWeek };
    const body = call.body as { slots: AvailabilityWindow[]; keep: number[] };
    if (refuseUntilKept && body.keep.length < conflicts.length) {
      return { status: 409, body: { detail: 'The new availability no longer offers…', reason: 'availability_conflict', conflicts } };
    }
    serverWeek = body.slots.map((w, i) => ({ ...w, id: 100 + i }));
    return { status: 200, body: serverWeek };
  });
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
});

afterEach(async () => {
  // Waits for a drain under way to end: it holds the drain lease the next test's outbox needs.
  await stop();
  cleanup();
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('AvailabilityEditor', { timeout: 30_000 }, () => {
  it('saves online through the outbox with an Idempotency-Key', async () => {
    const { onSaved } = renderEditor();
    fireEvent.click(await screen.findByRole('switch', { name: 'Lunedì, fascia 1: attiva' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva disponibilità' }));
    await screen.findByText('Disponibilità salvata.', {}, SLOW);
    expect(puts()).toHaveLength(1);
    expect(puts()[0]?.headers['idempotency-key']).toMatch(/.+/);
    const sent = puts()[0]?.body as { slots: AvailabilityWindow[]; keep: number[] };
    expect(sent.keep).toEqual([]);
    expect(sent.slots.filter((w) => w.is_active).map((w) => w.day_of_week)).toEqual([1, 2, 3, 4]);
    expect(sent.slots.find((w) => w.day_of_week === 0)).toEqual({ day_of_week: 0, start_time: '09:00', end_time: '12:00', is_active: false });
    expect(onSaved).toHaveBeenCalledWith(serverWeek);
    const entries = await db.outbox.toArray();
    expect(entries).toMatchObject([{ kind: AVAILABILITY_KIND, entity: 'availability:5', state: 'sent' }]);
  });

  it('a designer who never saved a week is told the proposal is not saved yet, until it is', async () => {
    serverWeek = [];
    renderEditor(true, []);
    const notice = await screen.findByText(/^Non hai ancora salvato la tua disponibilità: finché non la salvi, i clienti non possono prenotare/);
    expect(notice.textContent).toContain('dal lunedì al venerdì, dalle 09:00 alle 18:00');
    // The proposal: weekdays active, weekends off; the dashboard's counter says nothing is open yet.
    expect((screen.getByRole('switch', { name: 'Lunedì, fascia 1: attiva' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Sabato, fascia 1: attiva' }) as HTMLInputElement).checked).toBe(false);
    expect(counterValue()).toBe('0');
    const counter = screen.getByText('Disponibilità da impostare').parentElement as HTMLElement;
    expect(counter.textContent).toContain('I clienti non possono ancora prenotarti.');

    fireEvent.click(screen.getByRole('button', { name: 'Salva disponibilità' }));
    await screen.findByText('Disponibilità salvata.', {}, SLOW);
    await waitFor(() => expect(counterValue()).toBe('5'), SLOW);
    expect(screen.queryByText(/^Non hai ancora salvato la tua disponibilità/)).toBeNull();
    expect(counter.textContent).toBe('5Fasce di disponibilità');
    expect(serverWeek.filter((w) => w.is_active).map((w) => [w.day_of_week, w.start_time, w.end_time])).toEqual(
      [0, 1, 2, 3, 4].map((day) => [day, '09:00', '18:00']),
    );
  });

  it('online conflict: lists the bookings, then keeps them and saves anyway', async () => {
    refuseUntilKept = true;
    renderEditor();
    fireEvent.click(await screen.findByRole('switch', { name: 'Lunedì, fascia 1: attiva' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva disponibilità' }));
    const panel = await screen.findByRole('alert', {}, SLOW);
    expect(within(panel).getByRole('heading').textContent).toBe('2 appuntamenti cadono fuori dalla nuova settimana');
    const items = within(within(panel).getByRole('list', { name: 'Appuntamenti in conflitto' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Anna Nerilunedì 1 marzo 2027 alle 10:00In attesa',
      'Bruno Giallilunedì 8 marzo 2027 alle 09:00Confermato',
    ]);
    expect(panel.textContent).toContain('per ora resta valida quella precedente.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mantieni gli appuntamenti e salva' }));
    await screen.findByText('Disponibilità salvata.', {}, SLOW);
    expect(puts()).toHaveLength(2);
    expect((puts()[1]?.body as { keep: number[] }).keep).toEqual([41, 42]);
    expect(puts()[1]?.headers['idempotency-key']).not.toBe(puts()[0]?.headers['idempotency-key']);
    expect(serverWeek.filter((w) => w.is_active)).toHaveLength(4);
  });

  it('online conflict: going back keeps the edited week in the editor', async () => {
    refuseUntilKept = true;
    renderEditor();
    fireEvent.click(await screen.findByRole('switch', { name: 'Lunedì, fascia 1: attiva' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva disponibilità' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica la settimana' }, SLOW));
    // The editor settles on the refused week as the draft (the server's week must not come back).
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Lunedì, fascia 1: attiva' }) as HTMLInputElement).checked).toBe(false), SLOW);
    await waitFor(async () => expect(await db.outbox.count()).toBe(0), SLOW);
    expect((screen.getByRole('switch', { name: 'Lunedì, fascia 1: attiva' }) as HTMLInputElement).checked).toBe(false);
  });

  it('offline: queues the week, shows it at once, and rolls back with the conflicts when refused on replay', async () => {
    renderEditor();
    await screen.findByRole('switch', { name: 'Lunedì, fascia 1: attiva' });
    await waitFor(() => expect(counterValue()).toBe('5'), SLOW);
    setOnline(false);
    net.respond((call) => (call.method === 'GET' ? 'network-error' : 'network-error'));
    fireEvent.click(screen.getByRole('switch', { name: 'Lunedì, fascia 1: attiva' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva disponibilità' }));
    await screen.findByText('Modifica salvata su questo dispositivo: la invieremo appena torni online.', {}, SLOW);
    await waitFor(() => expect(counterValue()).toBe('4'), SLOW);
    expect((screen.getByRole('switch', { name: 'Lunedì, fascia 1: attiva' }) as HTMLInputElement).checked).toBe(false);

    // Meanwhile a customer booked Monday: the replay is refused.
    net.respond((call) =>
      call.method === 'GET'
        ? { status: 200, body: weekdays }
        : { status: 409, body: { detail: 'conflict', reason: 'availability_conflict', conflicts: conflicts.slice(0, 1) } },
    );
    setOnline(true);
    const panel = await screen.findByRole('alert', {}, SLOW);
    expect(panel.textContent).toContain('Un appuntamento cade fuori dalla nuova settimana');
    expect(panel.textContent).toContain('per ora resta valida quella precedente.');
    expect(panel.textContent).toContain('Anna Neri');
    await waitFor(() => expect(counterValue()).toBe('5'), SLOW);
    expect(screen.getByText('Modifica rifiutata: vedi i conflitti')).toBeTruthy();
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ state: 'failed', lastError: { reason: 'availability_conflict', message: 'La nuova disponibilità lascia fuori un appuntamento già prenotato.' } });

    fireEvent.click(within(panel).getByRole('button', { name: "Lascia la settimana com'era" }));
    const monday = await screen.findByRole('switch', { name: 'Lunedì, fascia 1: attiva' });
    expect((monday as HTMLInputElement).checked).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    // Every attempt was the same action: one Idempotency-Key.
    expect(new Set(puts().map((call) => call.headers['idempotency-key'])).size).toBe(1);
  });

  it('on the dashboard (no editor open): the queued week counts, and a refusal rolls it back and names the booking', async () => {
    setOnline(false);
    net.respond(() => 'network-error');
    renderEditor(false);
    await enqueueAction({
      kind: AVAILABILITY_KIND, entity: 'availability:5', method: 'PUT', path: '/api/appointments/availability/5',
      body: { slots: weekdays.map((w) => (w.day_of_week === 0 ? { ...w, is_active: false } : w)), keep: [] },
    });
    await waitFor(() => expect(counterValue()).toBe('4'), SLOW);
    net.respond((call) =>
      call.method === 'GET'
        ? { status: 200, body: weekdays }
        : { status: 409, body: { detail: 'conflict', reason: 'availability_conflict', conflicts: conflicts.slice(0, 1) } },
    );
    setOnline(true);
    await screen.findByText('La modifica alla disponibilità è stata rifiutata.', {}, SLOW);
    expect(screen.getByText('Anna Neri, lunedì 1 marzo 2027 alle 10:00')).toBeTruthy();
    await waitFor(() => expect(counterValue()).toBe('5'), SLOW);
    expect(screen.getByText('Modifica rifiutata: vedi i conflitti')).toBeTruthy();
  });
});
