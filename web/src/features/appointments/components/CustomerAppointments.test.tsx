import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxEntry } from '../../../shared/offline/db';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { commandWiring, fakeFetch, type FakeFetch, type Reply, OUTBOX_WAIT } from '../../../test/offline';
import { apiStore, setOnline } from '../../../test/session';
import type { Slot } from '../api/appointmentsApi';
import { appointmentCommands } from '../commands';
import { CustomerAppointmentsPanel } from './CustomerAppointments';

const SLOW = OUTBOX_WAIT;

function slot(date: string, time: string): Slot {
  return { datetime: `${date}T${time}:00+01:00`, date, time };
}

/** A booking chosen offline that the server refused on arrival: its slot went, three others offered. */
function refusedRequest(): Omit<OutboxEntry, 'seq'> {
  return {
    key: 'k-refused', kind: 'appointment.book', entity: 'booking:7', method: 'POST', path: '/api/appointments/',
    body: { designer_id: 7, appointment_date: '2027-03-10T09:00:00+01:00', message: 'Cucina', phone: '333 1234567' },
    meta: { designerName: 'Sofia Marino' }, userId: '5', createdAt: Date.now(), attempts: 1, nextAttemptAt: 0, state: 'failed',
    lastError: { status: 409, reason: 'slot_taken', message: "L'orario selezionato non è più disponibile.", detail: 'slot taken',
      extra: { alternatives: [slot('2027-03-10', '11:00'), slot('2027-03-12', '09:00')] } },
    claimedBy: null, claimedAt: null, sentAt: null, response: null, needsReview: false, reviewedAt: null,
  };
}

let net: FakeFetch;
let bookReply: () => Reply;
const wiring = commandWiring();

function renderPanel() {
  const store = apiStore();
  wiring.wire(store.dispatch, appointmentCommands, { userId: '5', token: 'tok' });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <CustomerAppointmentsPanel />
      </MemoryRouter>
    </Provider>,
  );
}

function bookings() {
  return net.calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/appointments/'));
}

beforeEach(async () => {
  await db.outbox.clear();
  await db.responses.clear();
  vi.stubGlobal('EventSource', FakeEventSource);
  bookReply = () => ({ status: 201, body: { appointment_id: 9, status: 'pending', designer_name: 'Sofia Marino', appointment_date: '2027-03-12T09:00:00+01:00' } });
  net = fakeFetch();
  net.respond((call) => {
    if (call.url.includes('/api/appointments/user')) return { status: 200, body: { appointments: [], total: 0, has_more: false } };
    if (call.url.endsWith('/api/events/ticket')) return { status: 200, body: { ticket: 't' } };
    if (call.method === 'POST' && call.url.endsWith('/api/appointments/')) return bookReply();
    return { status: 404, body: { detail: 'Not Found' } };
  });
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
  await db.outbox.add(refusedRequest() as OutboxEntry);
});

afterEach(async () => {
  // Waits for a drain under way to end: it holds the drain lease the next test's outbox needs.
  await wiring.stop();
  cleanup();
  vi.unstubAllGlobals();
});

async function refusedCard(): Promise<HTMLElement> {
  const card = await screen.findByTestId('booking-request');
  await within(card).findByText("L'orario che avevi scelto non è più libero.");
  return card;
}

describe('a refused booking request on the customer appointments', () => {
  it('books an offered slot online through the bookAppointment command, and the request is settled', async () => {
    renderPanel();
    const card = await refusedCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Prenota venerdì 12 marzo 2027 alle 09:00' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent']), SLOW);
    await waitFor(() => expect(screen.queryByTestId('booking-request')).toBeNull());
    const [post] = bookings();
    expect(bookings()).toHaveLength(1);
    expect(post?.body).toEqual({ designer_id: 7, appointment_date: '2027-03-12T09:00:00+01:00', message: 'Cucina', phone: '333 1234567' });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.kind, e.entity, e.state])).toEqual([['appointment.book', 'booking:7', 'sent']]);
    expect(post?.headers['idempotency-key']).toBe(entries[0]?.key);
    expect(entries[0]?.key).not.toBe('k-refused');
  });

  it('refused again, the new request takes the card with the slots free now', async () => {
    bookReply = () => ({
      status: 409,
      body: { detail: 'slot taken', reason: 'slot_taken', alternatives: [slot('2027-03-15', '16:00')] },
    });
    renderPanel();
    const card = await refusedCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Prenota mercoledì 10 marzo 2027 alle 11:00' }));
    const fresh = await screen.findByRole('button', { name: 'Prenota lunedì 15 marzo 2027 alle 16:00' }, SLOW);
    expect(screen.getAllByTestId('booking-request')).toHaveLength(1);
    expect(within(screen.getByTestId('booking-request')).getByText('Non inviata')).toBeTruthy();
    expect(fresh).toBeTruthy();
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.state, e.key])).toEqual([['failed', bookings()[0]?.headers['idempotency-key']]]);
  });

  it('if the new booking cannot be written on the device, the refused request and its offers stay', async () => {
    renderPanel();
    const card = await refusedCard();
    const add = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(within(card).getByRole('button', { name: 'Prenota venerdì 12 marzo 2027 alle 09:00' }));
    await within(card).findByText('Si è verificato un errore imprevisto. Riprova.');
    expect(within(card).getByRole('button', { name: 'Prenota venerdì 12 marzo 2027 alle 09:00' })).toBeTruthy();
    expect((await db.outbox.toArray()).map((e) => [e.key, e.state])).toEqual([['k-refused', 'failed']]);
    expect(bookings()).toHaveLength(0);
    add.mockRestore();
    error.mockRestore();
  });

  it('when the connection fails on the way, the booking waits in the outbox as a request, with its key', async () => {
    net.respond((call) => {
      if (call.method === 'POST') return 'network-error';
      if (call.url.includes('/api/appointments/user')) return { status: 200, body: { appointments: [], total: 0, has_more: false } };
      if (call.url.endsWith('/api/events/ticket')) return { status: 200, body: { ticket: 't' } };
      return { status: 404, body: { detail: 'Not Found' } };
    });
    renderPanel();
    const card = await refusedCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Prenota venerdì 12 marzo 2027 alle 09:00' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => [e.state, e.lastError?.status])).toEqual([['pending', null]]), SLOW);
    const waiting = await screen.findByText('In attesa di connessione');
    expect(waiting).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'appointment.book', entity: 'booking:7', state: 'pending', meta: { designerName: 'Sofia Marino' },
      body: { designer_id: 7, appointment_date: '2027-03-12T09:00:00+01:00', message: 'Cucina', phone: '333 1234567' },
    });
    expect(bookings().map((call) => call.headers['idempotency-key'])).toEqual([entry?.key]);
  });

  it('offline, the offers wait for the connection and nothing is sent', async () => {
    setOnline(false);
    renderPanel();
    const card = await refusedCard();
    expect(within(card).getByText('Torna online per prenotare uno di questi orari.')).toBeTruthy();
    const offer = within(card).getByRole('button', { name: 'Prenota venerdì 12 marzo 2027 alle 09:00' }) as HTMLButtonElement;
    expect(offer.disabled).toBe(true);
    fireEvent.click(offer);
    expect(bookings()).toHaveLength(0);
    expect((await db.outbox.toArray()).map((e) => e.key)).toEqual(['k-refused']);
  });
});
