import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { db, type OutboxEntry } from '../../../shared/offline/db';
import { commandWiring } from '../../../test/offline';
import { apiStore } from '../../../test/session';
import type { Slot } from '../api/appointmentsApi';
import { appointmentCommands } from '../commands';
import { BookingFlow } from './BookButton';
import { BookingModal } from './BookingModal';

// Pinned clock: Tuesday 10 March 2026, 08:00 in Rome.
const NOW = new Date('2026-03-10T07:00:00Z');

function slot(date: string, time: string): Slot {
  return { datetime: `${date}T${time}:00+01:00`, date, time };
}

interface Answer {
  status: number;
  body: unknown;
}

function json({ status, body }: Answer): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let slotsAnswer: () => Answer;
let bookAnswer: () => Answer;
let requests: Array<{ method: string; url: string; body: unknown; key: string | null }>;
const wiring = commandWiring();

/** The store and the outbox as the app has them: every command registered, the outbox installed. */
function renderModal(onBooked = vi.fn(), onQueued = vi.fn()) {
  const s = apiStore();
  wiring.wire(s.dispatch, appointmentCommands, { userId: '5', token: 'tok' });
  const view = render(
    <Provider store={s}>
      <MemoryRouter>
        <div id="root" />
        <BookingModal open designerId={7} designerName="Sofia Marino" onClose={() => undefined} onBooked={onBooked} onQueued={onQueued} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store: s, onBooked, onQueued };
}

let online = true;

function setOnline(value: boolean): void {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

beforeEach(async () => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  await db.outbox.clear();
  await db.kv.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  requests = [];
  slotsAnswer = () => ({
    status: 200,
    body: {
      designer_id: 7, start_date: '2026-03-10', end_date: '2026-04-05', timezone: 'Europe/Rome', slot_minutes: 60,
      slots: [slot('2026-03-10', '10:00'), slot('2026-03-10', '11:00'), slot('2026-03-12', '09:00')],
    },
  });
  bookAnswer = () => ({ status: 201, body: { appointment_id: 1, status: 'pending', designer_name: 'Sofia Marino', appointment_date: '2026-03-10T10:00:00+01:00' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    // Offline nothing reaches the server.
    if (!online) throw new TypeError('Failed to fetch');
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const body = request.method === 'GET' ? null : await request.clone().text();
    requests.push({ method: request.method, url: request.url, body: body ? JSON.parse(body) : null, key: request.headers.get('Idempotency-Key') });
    if (request.url.includes('/available-slots/')) return json(slotsAnswer());
    if (request.url.endsWith('/appointments/') && request.method === 'POST') return json(bookAnswer());
    return json({ status: 404, body: { detail: 'Not Found' } });
  });
});

afterEach(async () => {
  // Waits for a drain under way to end: it holds the drain lease the next test's outbox needs.
  await wiring.stop();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function dateField(): HTMLInputElement {
  return screen.getByLabelText('Data') as HTMLInputElement;
}

describe('BookingModal', () => {
  it('opens on today with its slots, asking the business zone for the 42-day grid', async () => {
    renderModal();
    expect(dateField().value).toBe('10/03/2026');
    await screen.findByRole('radio', { name: '10:00' });
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['10:00', '11:00']);
    const slotsCall = requests.find((r) => r.url.includes('available-slots'));
    expect(slotsCall?.url).toContain('/api/appointments/available-slots/7?start_date=2026-03-10&end_date=2026-04-05');
    expect(screen.getByRole('heading', { name: /Orari disponibili · martedì 10 marzo 2026/ })).toBeTruthy();
  });

  it('disables past days and days without free slots', async () => {
    renderModal();
    await screen.findByRole('radio', { name: '10:00' });
    const calendar = screen.getByRole('group', { name: 'Calendario dei giorni disponibili' });
    const day = (label: string) => within(calendar).getByRole('button', { name: new RegExp(`^${label}`) }) as HTMLButtonElement;
    expect(within(calendar).getAllByRole('button', { name: /\d{4}/ })).toHaveLength(42);
    expect(day('lunedì 9 marzo 2026').disabled).toBe(true);
    expect(day('mercoledì 11 marzo 2026').disabled).toBe(true);
    expect(day('giovedì 12 marzo 2026').disabled).toBe(false);
    fireEvent.click(day('giovedì 12 marzo 2026'));
    expect(dateField().value).toBe('12/03/2026');
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['09:00']);
  });

  it('formats typed digits and shows the three date errors of the spec', async () => {
    renderModal();
    await screen.findByRole('radio', { name: '10:00' });
    const field = dateField();
    fireEvent.input(field, { target: { value: '3102' } });
    expect(field.value).toBe('31/02');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.input(field, { target: { value: '31022027' } });
    expect(screen.getByRole('alert').textContent).toBe('Data non valida');
    fireEvent.input(field, { target: { value: '01/01/2023' } });
    expect(screen.getByRole('alert').textContent).toBe('Data non valida');
    fireEvent.input(field, { target: { value: '09/03/2026' } });
    expect(screen.getByRole('alert').textContent).toBe('La data non può essere nel passato');
    fireEvent.input(field, { target: { value: '12/0' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe('Formato data non valido. Usa gg/mm/aaaa');
    fireEvent.input(field, { target: { value: 'ab1203x2026' } });
    expect(field.value).toBe('12/03/2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['09:00']);
  });

  it('a date that is not valid, past or typed at all drops the day, its slots and the choice; nothing can be sent', async () => {
    renderModal();
    await screen.findByRole('radio', { name: '10:00' });
    const field = dateField();
    const submit = () => screen.getByRole('button', { name: 'Prenota' }) as HTMLButtonElement;
    const calendar = screen.getByRole('group', { name: 'Calendario dei giorni disponibili' });
    const pressed = () => within(calendar).queryAllByRole('button', { pressed: true });
    fireEvent.input(field, { target: { value: '12032026' } });
    fireEvent.click(screen.getByRole('radio', { name: '09:00' }));
    expect(submit().disabled).toBe(false);
    for (const typed of ['31022027', '09032026', '12/03', '']) {
      fireEvent.input(field, { target: { value: typed } });
      // Nothing of 12 March is left: not its slots, not the choice, not its name, not its highlight.
      expect(screen.queryAllByRole('radio')).toHaveLength(0);
      expect(screen.queryByText(/Nessun orario disponibile/)).toBeNull();
      expect(screen.getByRole('heading', { name: /^Orari disponibili/ }).textContent).toBe('Orari disponibili');
      expect(screen.getByText('Scegli un orario per continuare.')).toBeTruthy();
      expect(pressed()).toHaveLength(0);
      expect(submit().disabled).toBe(true);
      fireEvent.click(submit());
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    // A valid date again brings its own slots, and the booking is for that day.
    fireEvent.input(field, { target: { value: '10032026' } });
    expect(screen.getByRole('heading', { name: /^Orari disponibili/ }).textContent).toBe('Orari disponibili · martedì 10 marzo 2026');
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['10:00', '11:00']);
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    expect(pressed().map((b) => b.getAttribute('aria-label'))).toEqual(['martedì 10 marzo 2026, oggi']);
    fireEvent.click(screen.getByRole('radio', { name: '11:00' }));
    fireEvent.click(submit());
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ designer_id: 7, appointment_date: '2026-03-10T11:00:00+01:00' });
  });

  it('shows the empty-state texts for a day without slots', async () => {
    renderModal();
    await screen.findByRole('radio', { name: '10:00' });
    fireEvent.input(dateField(), { target: { value: '13/03/2026' } });
    expect(screen.getByText('Nessun orario disponibile per questa data.')).toBeTruthy();
    expect(screen.getByText("Prova a selezionare un'altra data.")).toBeTruthy();
  });

  it('clears a chosen slot that a refresh no longer lists, with a warning', async () => {
    const { store: s } = renderModal();
    fireEvent.click(await screen.findByRole('radio', { name: '11:00' }));
    expect(screen.getByText('Hai scelto martedì 10 marzo 2026 alle 11:00.')).toBeTruthy();
    slotsAnswer = () => ({
      status: 200,
      body: { designer_id: 7, start_date: '2026-03-10', end_date: '2026-04-05', timezone: 'Europe/Rome', slot_minutes: 60, slots: [slot('2026-03-10', '10:00')] },
    });
    await act(async () => {
      s.dispatch(api.util.invalidateTags([{ type: 'Slot', id: 7 }]));
    });
    await screen.findByText(/L'orario che avevi scelto non è più disponibile/);
    expect(screen.getByText('Scegli un orario per continuare.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prenota' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('books the chosen slot and hands the appointment over', async () => {
    const { onBooked } = renderModal();
    fireEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    fireEvent.input(screen.getByLabelText('Messaggio per il designer (facoltativo)'), { target: { value: ' Cucina ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Prenota' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(onBooked.mock.calls[0]?.[0]).toMatchObject({ appointment_id: 1, status: 'pending' });
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ designer_id: 7, appointment_date: '2026-03-10T10:00:00+01:00', message: 'Cucina' });
    // Online it went through the bookAppointment command: sent at once, under its entry's Idempotency-Key.
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'appointment.book', entity: 'booking:7', state: 'sent', userId: '5' });
    expect(post?.key).toBe(entry?.key);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('explains a taken slot, reloads the slots and offers the nearest alternatives', async () => {
    bookAnswer = () => ({
      status: 409,
      body: { detail: 'The selected time is no longer available (slot taken)', reason: 'slot_taken',
        alternatives: [slot('2026-03-10', '11:00'), slot('2026-03-12', '09:00')] },
    });
    renderModal();
    fireEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    const slotCalls = requests.filter((r) => r.url.includes('available-slots')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Prenota' }));
    await screen.findByText("L'orario selezionato non è più disponibile. Seleziona un altro orario.");
    await waitFor(() => expect(requests.filter((r) => r.url.includes('available-slots')).length).toBeGreaterThan(slotCalls));
    // Refused with the person here: said on this screen, not left behind as a refused request.
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(screen.queryByText(/non è andata a buon fine/)).toBeNull();
    expect(requests.find((r) => r.method === 'POST')?.key).toEqual(expect.any(String));
    fireEvent.click(screen.getByRole('button', { name: 'Scegli giovedì 12 marzo 2026 alle 09:00' }));
    expect(dateField().value).toBe('12/03/2026');
    expect(screen.getByRole('radio', { name: '09:00' }).getAttribute('aria-checked')).toBe('true');
  });

  it('says when the slots cannot be loaded and retries on request', async () => {
    slotsAnswer = () => ({ status: 500, body: { detail: 'Internal error' } });
    renderModal();
    await screen.findByText('Errore nel caricamento degli orari disponibili. Riprova.');
    slotsAnswer = () => ({
      status: 200,
      body: { designer_id: 7, start_date: '2026-03-10', end_date: '2026-04-05', timezone: 'Europe/Rome', slot_minutes: 60, slots: [slot('2026-03-10', '10:00')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await screen.findByRole('radio', { name: '10:00' });
  });

  it('offline, offers the slots last seen and queues the booking as a request', async () => {
    const first = renderModal();
    await screen.findByRole('radio', { name: '10:00' });
    await waitFor(async () => expect(await db.kv.get('slots-seen:7')).toBeTruthy());
    first.unmount();

    setOnline(false);
    const { onQueued } = renderModal();
    await screen.findByText(/Sei offline: questi orari erano liberi all'ultimo aggiornamento/);
    fireEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    fireEvent.input(screen.getByLabelText('Messaggio per il designer (facoltativo)'), { target: { value: 'Soggiorno di 30 mq' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia richiesta' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'appointment.book', entity: 'booking:7', method: 'POST', path: '/api/appointments/', userId: '5',
      body: { designer_id: 7, appointment_date: '2026-03-10T10:00:00+01:00', message: 'Soggiorno di 30 mq' },
      meta: { designerName: 'Sofia Marino' },
      state: 'pending',
    });
    expect(entry?.key).toEqual(expect.any(String));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('online with the server not answering, the saved request speaks of the server, not of the connection', async () => {
    bookAnswer = () => ({ status: 503, body: { detail: 'Service unavailable' } });
    const s = apiStore();
    wiring.wire(s.dispatch, appointmentCommands, { userId: '5', token: 'tok' });
    const flow = render(
      <Provider store={s}>
        <MemoryRouter>
          <div id="root" />
          <BookingFlow open designerId={7} designerName="Sofia Marino" onClose={() => undefined} />
        </MemoryRouter>
      </Provider>,
    );
    fireEvent.click(await screen.findByRole('radio', { name: '10:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Prenota' }));
    const saved = await screen.findByRole('dialog', { name: 'Richiesta salvata' });
    within(saved).getByText(/^Il server non risponde in questo momento: la richiesta a Sofia Marino per .* partirà appena torna raggiungibile/);
    expect(within(saved).queryByText(/di nuovo online/)).toBeNull();
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['pending']);
    flow.unmount();

    renderModal();
    await screen.findByText(/Hai già una richiesta in attesa di invio per .*: il server non risponde in questo momento, partirà appena torna raggiungibile\./);
  });

  it('offline with no slot ever seen for the designer, booking stays disabled with the clear message', async () => {
    setOnline(false);
    renderModal();
    await screen.findByText(/Sei offline: per prenotare serve la connessione/);
    expect((screen.getByRole('button', { name: 'Invia richiesta' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(requests).toHaveLength(0);
  });

  it('a request refused because the slot went offers the nearest free slots, booked in one tap', async () => {
    const refused: Omit<OutboxEntry, 'seq'> = {
      key: 'k-refused', kind: 'appointment.book', entity: 'booking:7', method: 'POST', path: '/api/appointments/',
      body: { designer_id: 7, appointment_date: '2026-03-10T09:00:00+01:00', message: 'Cucina', phone: '333 1234567' },
      meta: { designerName: 'Sofia Marino' }, userId: '5', createdAt: 0, attempts: 1, nextAttemptAt: 0, state: 'failed',
      lastError: { status: 409, reason: 'slot_taken', message: "L'orario selezionato non è più disponibile.", detail: 'slot taken',
        extra: { alternatives: [slot('2026-03-10', '11:00'), slot('2026-03-12', '09:00')] } },
      claimedBy: null, claimedAt: null, sentAt: null, response: null, needsReview: false, reviewedAt: null,
    };
    await db.outbox.add(refused as OutboxEntry);
    bookAnswer = () => ({ status: 201, body: { appointment_id: 9, status: 'pending', designer_name: 'Sofia Marino', appointment_date: '2026-03-12T09:00:00+01:00' } });
    const { onBooked } = renderModal();
    await screen.findByText("La tua richiesta per martedì 10 marzo 2026 alle 09:00 non è andata a buon fine: l'orario non è più libero.");
    fireEvent.click(screen.getByRole('button', { name: 'Prenota giovedì 12 marzo 2026 alle 09:00' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ designer_id: 7, appointment_date: '2026-03-12T09:00:00+01:00', message: 'Cucina', phone: '333 1234567' });
    // The refused request gave way; what is left is the booking just sent, under the key it went with.
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.kind, e.state, e.key])).toEqual([['appointment.book', 'sent', post?.key]]);
    expect(entries.some((e) => e.key === 'k-refused')).toBe(false);
  });
});
