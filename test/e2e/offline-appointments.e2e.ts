import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Account } from './harness/api';
import { inBrowser, untilServiceWorkerControls } from './harness/browser';
import { untilOutboxSent } from './harness/device';
import { expectOneKeyAndReplay } from './harness/replay';
import { startInterno, type RunningServer } from './harness/server';

/**
 * The appointments journeys with the connection dropped at the worst moment: a designer on a building
 * site confirming a request, and a customer choosing a slot with no signal. On the server (through
 * the API) every action arrives exactly once and in order; on screen the states are right.
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

const CONFIRM_PATH = /\/api\/appointments\/\d+\/confirm$/;
const BOOK_PATH = /^\/api\/appointments\/?$/;

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});


async function designerCard(page: Page, account: Account, customerName: string): Promise<Locator> {
  await api.signIn(page, account);
  await page.goto(`${server.baseUrl}/appuntamenti`);
  const card = page.getByRole('listitem').filter({ hasText: customerName }).first();
  await card.waitFor();
  return card;
}

function requestsTo(requests: Request[], method: string, path: RegExp): Request[] {
  return requests.filter((request) => request.method() === method && path.test(new URL(request.url()).pathname));
}

async function appointment(appointmentId: number, account: Account): Promise<Record<string, unknown>> {
  return (await api.must(200, 'GET', `/api/appointments/${appointmentId}`, account.token)) as Record<string, unknown>;
}

describe('offline appointments: the designer', () => {
  it('confirms and the connection drops after the server committed: one confirmation, the call link appears', async () => {
    const { designer, customer, appointmentId } = await api.pendingRequest('Giada Fontana', 'Rocco Bellini');
    await inBrowser('appointments-confirm-drop', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const sent: Request[] = [];
      context.on('request', (request) => sent.push(request));
      let firstLink = '';
      await page.route(CONFIRM_PATH, async (route) => {
        if (firstLink) return route.continue();
        // The confirmation reaches the server and commits; the answer never reaches the page.
        const answer = await route.fetch();
        expect(answer.status()).toBe(200);
        firstLink = ((await answer.json()) as { call_link: string }).call_link;
        await route.abort('connectionreset');
      });
      const card = await designerCard(page, designer, 'Giada Fontana');
      await card.getByRole('button', { name: 'Conferma' }).click();

      await page.getByRole('tab', { name: /Confermati/ }).click();
      const confirmed = page.getByRole('listitem').filter({ hasText: 'Giada Fontana' }).first();
      const join = confirmed.getByRole('link', { name: 'Partecipa alla chiamata' });
      await join.waitFor({ timeout: 30_000 });
      // The outbox retries after its backoff; the card says the step is on its way until then.
      await confirmed.getByText('Conferma in invio', { exact: false }).waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(() => requestsTo(sent, 'PUT', CONFIRM_PATH).length, { timeout: 30_000, interval: 200 }).toBe(2);
      // The outbox holds the confirmation as sent: it sends it no more, so the count below is final.
      expect((await untilOutboxSent(page)).map(({ method, path }) => `${method} ${path}`)).toEqual([`PUT /api/appointments/${appointmentId}/confirm`]);

      const attempts = requestsTo(sent, 'PUT', CONFIRM_PATH);
      expect(attempts.length).toBe(2);
      await expectOneKeyAndReplay(attempts);

      // Confirmed once: the server kept the first call link, and the card shows that one.
      const stored = await appointment(appointmentId, designer);
      expect(stored.status).toBe('confirmed');
      expect(firstLink).toMatch(/^https?:\/\//);
      expect(stored.call_link).toBe(firstLink);
      expect(await join.getAttribute('href')).toBe(firstLink);
      expect((await appointment(appointmentId, customer)).status).toBe('confirmed');
      const list = await api.must(200, 'GET', '/api/appointments/designer', designer.token);
      expect(list.counts).toMatchObject({ all: 1, pending: 0, confirmed: 1 });
    });
  });

  it('confirms offline while the customer cancels: on reconnect the refusal is explained and the card is back', async () => {
    const { designer, customer, appointmentId } = await api.pendingRequest('Ilaria Costa', 'Sergio Rota');
    await inBrowser('appointments-confirm-refused', { baseUrl: server.baseUrl, width: 1280 }, async ({ context, page }) => {
      const finished: Request[] = [];
      context.on('requestfinished', (request) => finished.push(request));
      await designerCard(page, designer, 'Ilaria Costa');
      await untilServiceWorkerControls(page);

      // On the building site: no signal. The list opens from IndexedDB.
      await context.setOffline(true);
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await page.getByTestId('sync-status').getByText('Sei offline').waitFor();
      const card = page.getByRole('listitem').filter({ hasText: 'Ilaria Costa' }).first();
      await card.getByRole('button', { name: 'Conferma' }).click();
      await card.getByText('Conferma in invio: partirà appena sei di nuovo online.').waitFor();
      await card.getByText('Confermato').waitFor();
      await page.getByRole('tab', { name: /In attesa/ }).click();
      await page.getByText('Nessun appuntamento in attesa').waitFor();
      await page.getByRole('tab', { name: /Confermati/ }).click();
      await page.getByRole('listitem').filter({ hasText: 'Ilaria Costa' }).first().waitFor();
      expect(requestsTo(finished, 'PUT', CONFIRM_PATH).length).toBe(0);

      // Meanwhile the customer cancels the request.
      await api.must(200, 'PUT', `/api/appointments/${appointmentId}/cancel`, customer.token, {});
      await context.setOffline(false);

      await page.getByRole('tab', { name: /Tutti/ }).click();
      const back = page.getByRole('listitem').filter({ hasText: 'Ilaria Costa' }).first();
      await back
        .getByText("Operazione non riuscita: L'appuntamento ora risulta annullato: questa azione non è più possibile.")
        .waitFor({ timeout: 30_000 });
      await back.getByText('Annullato', { exact: true }).waitFor();
      await back.getByText('Annullato dal cliente').waitFor();
      expect(await back.getByRole('button', { name: 'Conferma' }).count()).toBe(0);
      await back.getByRole('button', { name: 'Ho capito' }).click();
      await back.getByRole('alert').waitFor({ state: 'detached' });
      await back.getByRole('button', { name: 'Elimina' }).waitFor();

      expect(requestsTo(finished, 'PUT', CONFIRM_PATH).length).toBe(1);
      expect((await appointment(appointmentId, designer)).status).toBe('cancelled');
    });
  });
});

/** dd/mm/yyyy of a slot's date, as the booking modal's field takes it. */
function typed(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Opens the booking link online once (the modal loads and keeps the designer's free slots), closes
 * it, drops the connection and chooses `slot` in the modal opened again offline.
 */
async function chooseOffline(page: Page, context: import('playwright-core').BrowserContext, account: Account, designerId: number, slot: { date: string; time: string }) {
  await api.signIn(page, account);
  await page.goto(`${server.baseUrl}/appuntamenti/prenota/${designerId}`);
  // The installed app: the service worker holds the shell and the lazy screens for offline use.
  await untilServiceWorkerControls(page);
  const dialog = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
  await dialog.getByLabel('Data').fill(typed(slot.date));
  await dialog.getByRole('radio', { name: slot.time }).waitFor();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await dialog.waitFor({ state: 'detached' });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Prenota videochiamata' }).click();
  await dialog.getByText(/^Sei offline: questi orari erano liberi all'ultimo aggiornamento/).waitFor();
  await dialog.getByLabel('Data').fill(typed(slot.date));
  await dialog.getByRole('radio', { name: slot.time }).click();
  await dialog.getByLabel('Messaggio per il designer (facoltativo)').fill('Cucina e soggiorno, 60 mq');
  await dialog.getByLabel('Telefono (facoltativo)').fill('+39 333 123 4567');
  return dialog;
}

async function customerAppointments(account: Account): Promise<Array<Record<string, unknown>>> {
  return (await api.must(200, 'GET', '/api/appointments/user', account.token)).appointments as Array<Record<string, unknown>>;
}

describe('offline appointments: a booking chosen offline', () => {
  it('is queued as a request and created exactly once on reconnect when the slot is still free', async () => {
    const designer = await api.designer('Teresa Galli');
    const customer = await api.customer('Nadia Serra');
    const [slot] = await api.freeSlots(designer.id);
    if (!slot) throw new Error('no free slot');
    await inBrowser('appointments-book-offline', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const finished: Request[] = [];
      context.on('requestfinished', (request) => finished.push(request));
      const dialog = await chooseOffline(page, context, customer, designer.id, slot);
      await dialog.getByRole('button', { name: 'Invia richiesta' }).click();
      const saved = page.getByRole('dialog', { name: 'Richiesta salvata' });
      await saved.getByText(/partirà appena sei di nuovo online/).waitFor();
      await saved.getByRole('link', { name: 'Vai ai miei appuntamenti' }).click();

      const request = page.getByTestId('booking-request').filter({ hasText: 'Teresa Galli' });
      await request.getByText('In attesa di connessione').waitFor();
      expect(requestsTo(finished, 'POST', BOOK_PATH).length).toBe(0);
      expect(await customerAppointments(customer)).toHaveLength(0);

      await context.setOffline(false);
      await request.waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByRole('tab', { name: /In Attesa/ }).click();
      await page.getByRole('listitem').filter({ hasText: 'Videochiamata con Teresa Galli' }).first().waitFor();
      // The outbox holds the booking as sent and sends it no more; the browser reports the request as
      // finished a moment after the page has read its answer, so the count is read once it is there.
      expect((await untilOutboxSent(page)).map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/appointments/']);
      await expect.poll(() => requestsTo(finished, 'POST', BOOK_PATH).length).toBeGreaterThan(0);

      expect(requestsTo(finished, 'POST', BOOK_PATH).length).toBe(1);
      const mine = await customerAppointments(customer);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ designer_id: designer.id, status: 'pending', message: 'Cucina e soggiorno, 60 mq', user_phone: '+39 333 123 4567' });
      expect(Date.parse(String(mine[0]?.appointment_date))).toBe(Date.parse(slot.datetime));
    });
  });

  it('whose slot another customer takes meanwhile ends with the nearest free slots offered, and one of them books', async () => {
    const designer = await api.designer('Paolo Greco');
    const customer = await api.customer('Elena Ruggeri');
    const rival = await api.customer('Marco Testa');
    const [slot] = await api.freeSlots(designer.id);
    if (!slot) throw new Error('no free slot');
    await inBrowser('appointments-book-offline-taken', { baseUrl: server.baseUrl, width: 1280 }, async ({ context, page }) => {
      const dialog = await chooseOffline(page, context, customer, designer.id, slot);
      await dialog.getByRole('button', { name: 'Invia richiesta' }).click();
      await page.getByRole('dialog', { name: 'Richiesta salvata' }).getByRole('link', { name: 'Vai ai miei appuntamenti' }).click();
      const request = page.getByTestId('booking-request').filter({ hasText: 'Paolo Greco' });
      await request.getByText('In attesa di connessione').waitFor();

      // Meanwhile another customer books the same slot.
      await api.must(201, 'POST', '/api/appointments/', rival.token, { designer_id: designer.id, appointment_date: slot.datetime });
      await context.setOffline(false);

      await request.getByText("L'orario che avevi scelto non è più libero.").waitFor({ timeout: 30_000 });
      await request.getByText('Non inviata').waitFor();
      await request.getByText('Orari liberi più vicini:').waitFor();
      const offers = request.getByRole('button', { name: /^Prenota .* alle \d{2}:\d{2}$/ });
      await expect.poll(() => offers.count()).toBeGreaterThan(0);
      expect(await offers.count()).toBeLessThanOrEqual(3);
      expect(await customerAppointments(customer)).toHaveLength(0);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      // The booking modal for that designer says the same.
      await page.goto(`${server.baseUrl}/appuntamenti/prenota/${designer.id}`);
      const modal = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
      await modal.getByText(/^La tua richiesta per .* non è andata a buon fine: l'orario non è più libero\.$/).waitFor();
      await modal.getByRole('button', { name: /^Prenota .* alle \d{2}:\d{2}$/ }).first().waitFor();
      await modal.getByRole('button', { name: 'Annulla' }).click();

      // Back on /appuntamenti, one tap books the first offer.
      await page.goto(`${server.baseUrl}/appuntamenti`);
      const offer = page.getByTestId('booking-request').getByRole('button', { name: /^Prenota .* alle \d{2}:\d{2}$/ }).first();
      const label = (await offer.textContent()) ?? '';
      const time = /(\d{2}:\d{2})$/.exec(label)?.[1];
      await offer.click();
      await page.getByTestId('booking-request').waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByRole('tab', { name: /In Attesa/ }).click();
      await page.getByRole('listitem').filter({ hasText: 'Videochiamata con Paolo Greco' }).first().waitFor();

      const mine = await customerAppointments(customer);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ designer_id: designer.id, status: 'pending', message: 'Cucina e soggiorno, 60 mq' });
      expect(Date.parse(String(mine[0]?.appointment_date))).not.toBe(Date.parse(slot.datetime));
      expect(String(mine[0]?.appointment_date)).toContain(`T${time}:00`);
    });
  });
});

