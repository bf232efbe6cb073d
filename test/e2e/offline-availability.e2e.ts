import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Account, type SlotJson } from './harness/api';
import { ARTIFACTS_DIR, inBrowser, untilServiceWorkerControls, untilSettled } from './harness/browser';
import { untilOutboxSent } from './harness/device';
import { startInterno, type RunningServer } from './harness/server';

/**
 * The weekly availability offline: the editor opens from IndexedDB after one online visit, a change
 * made offline is queued, shown at once and sent exactly once on reconnect; a change refused on replay
 * (a customer booked the removed day meanwhile) is rolled back and names the booking, here and on
 * /sincronizzazione; online, a conflict can be kept and saved anyway.
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

const AVAILABILITY_PATH = /\/api\/appointments\/availability\/\d+$/;
const DAY_NAMES = ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'];
const SHOTS = join(ARTIFACTS_DIR, 'screenshots');

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});

type Window = { day_of_week: number; start_time: string; end_time: string; is_active: boolean };

async function week(designerId: number): Promise<Window[]> {
  return (await api.must(200, 'GET', `/api/appointments/availability/${designerId}`, null)) as Window[];
}

/** A free slot at least two days ahead, and the weekday (Monday 0) it falls on. */
async function laterSlot(designerId: number): Promise<{ slot: SlotJson; day: number }> {
  const slots = await api.freeSlots(designerId);
  const soon = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const slot = slots.find((s) => s.date > soon);
  if (!slot) throw new Error('no free slot two days ahead');
  const day = (new Date(`${slot.date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return { slot, day };
}

/** PUTs of the week that reached the server and came back (offline attempts fail in the browser). */
function weekPuts(context: BrowserContext): Request[] {
  const seen: Request[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() === 'PUT' && AVAILABILITY_PATH.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

async function openEditor(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Gestione Disponibilità' }).click();
  const editor = page.getByRole('dialog', { name: 'Gestione Disponibilità' });
  await editor.getByRole('button', { name: 'Salva disponibilità' }).waitFor();
  return editor;
}

async function designerPage(page: Page, designer: Account): Promise<void> {
  await api.signIn(page, designer);
  await page.goto(`${server.baseUrl}/appuntamenti`);
  await page.getByRole('button', { name: /7\s*Fasce di disponibilità/ }).waitFor();
}

describe('offline availability', () => {
  it('opens offline from IndexedDB, queues the change and sends it exactly once on reconnect', async () => {
    const designer = await api.designer('Rita Galli');
    await inBrowser('availability-offline-replay', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const puts = weekPuts(context);
      await designerPage(page, designer);
      let editor = await openEditor(page);
      await page.keyboard.press('Escape');
      await untilServiceWorkerControls(page);

      // Offline, a fresh load: the shell from the service worker, the week from IndexedDB.
      await context.setOffline(true);
      await page.reload();
      editor = await openEditor(page);
      await editor.getByText('Dati non aggiornati — sei offline').waitFor();
      await editor.getByText('Sei offline: puoi modificare la settimana, la invieremo appena torni online.').waitFor();
      await editor.getByRole('switch', { name: 'Domenica, fascia 1: attiva' }).uncheck();
      await editor.getByRole('button', { name: 'Salva disponibilità' }).click();
      await editor.getByText('Modifica salvata su questo dispositivo: la invieremo appena torni online.').waitFor();
      expect(await editor.getByRole('switch', { name: 'Domenica, fascia 1: attiva' }).isChecked()).toBe(false);
      await page.keyboard.press('Escape');
      // The dashboard counter shows the queued week too.
      await page.getByRole('button', { name: /6\s*Fasce di disponibilità/ }).waitFor();
      await page.getByTestId('sync-status').getByText('1 azione in attesa di invio').waitFor();
      expect(puts.length).toBe(0);
      expect((await week(designer.id)).filter((w) => w.is_active)).toHaveLength(7);

      await context.setOffline(false);
      await expect
        .poll(async () => (await week(designer.id)).find((w) => w.day_of_week === 6)?.is_active, { timeout: 30_000, interval: 300 })
        .toBe(false);
      await page.getByTestId('sync-status').waitFor({ state: 'detached', timeout: 15_000 });
      // Online, focus and timers all drain, and none sends an action the outbox holds as sent: once it
      // holds the week as sent, what reached the server is final. The browser reports the request as
      // finished a moment after the page has read its answer, so the count is read once it is there.
      expect((await untilOutboxSent(page)).map(({ method, path }) => `${method} ${path}`)).toEqual([`PUT /api/appointments/availability/${designer.id}`]);
      await expect.poll(() => puts.length).toBeGreaterThan(0);
      expect(puts.length).toBe(1);
      expect((await week(designer.id)).filter((w) => w.is_active)).toHaveLength(6);
      await page.getByRole('button', { name: /6\s*Fasce di disponibilità/ }).waitFor();
    });
  });

  it('a day removed offline while a customer books it: refused on replay, rolled back, the booking named, discarded on /sincronizzazione', async () => {
    const designer = await api.designer('Paolo Serra');
    const customer = await api.customer('Anna Riva');
    const { slot, day } = await laterSlot(designer.id);
    await inBrowser('availability-refused-on-replay', { baseUrl: server.baseUrl, width: 1280 }, async ({ context, page }) => {
      const puts = weekPuts(context);
      await designerPage(page, designer);
      const editor = await openEditor(page);
      await context.setOffline(true);
      await editor.getByRole('switch', { name: `${DAY_NAMES[day]}, fascia 1: attiva` }).uncheck();
      await editor.getByRole('button', { name: 'Salva disponibilità' }).click();
      await editor.getByText('Modifica salvata su questo dispositivo: la invieremo appena torni online.').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /6\s*Fasce di disponibilità/ }).waitFor();
      await openEditor(page);

      // Meanwhile a customer books a call on that day.
      await api.must(201, 'POST', '/api/appointments/', customer.token, { designer_id: designer.id, appointment_date: slot.datetime });
      await context.setOffline(false);

      const panel = editor.getByRole('alert').filter({ hasText: 'Un appuntamento cade fuori dalla nuova settimana' });
      await panel.waitFor({ timeout: 30_000 });
      const booking = panel.getByRole('listitem');
      await booking.getByText('Anna Riva').waitFor();
      await booking.getByText(new RegExp(`alle ${slot.time}$`)).waitFor();
      await booking.getByText('In attesa').waitFor();
      await panel.getByText('per ora resta valida quella precedente.').waitFor();
      // Rolled back: the server kept the old week, and so does the dashboard counter, which flags the refusal.
      expect((await week(designer.id)).filter((w) => w.is_active)).toHaveLength(7);
      expect(puts.length).toBe(1);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /7\s*Modifica rifiutata: vedi i conflitti/ }).waitFor();
      await page.getByTestId('sync-status').getByRole('link', { name: 'Vedi dettagli' }).click();
      const entry = page.getByTestId('sync-entry').filter({ hasText: 'Modifica della disponibilità settimanale' });
      await entry.getByText('Rifiutato').waitFor();
      await entry.getByText('Motivo: La nuova disponibilità lascia fuori un appuntamento già prenotato.').waitFor();
      await entry.getByRole('button', { name: /^Scarta/ }).click();
      await page.getByText('Nessuna azione in attesa: è tutto sincronizzato.').waitFor();
      expect(puts.length).toBe(1);

      // The editor is back to the server's week, with no refusal left to decide on.
      await page.goto(`${server.baseUrl}/appuntamenti`);
      const fresh = await openEditor(page);
      expect(await fresh.getByRole('switch', { name: `${DAY_NAMES[day]}, fascia 1: attiva` }).isChecked()).toBe(true);
      expect(await fresh.getByRole('alert').filter({ hasText: 'cade fuori' }).count()).toBe(0);
    });
  });

  for (const width of [390, 1280]) {
    it(`online conflict at ${width} px: the booking is listed, kept, and the week saved anyway`, async () => {
      const designer = await api.designer(`Elena Fabbri ${width}`);
      const customer = await api.customer('Bruno Leone');
      const { slot, day } = await laterSlot(designer.id);
      const booked = await api.must(201, 'POST', '/api/appointments/', customer.token, { designer_id: designer.id, appointment_date: slot.datetime });
      await inBrowser(`availability-online-conflict-${width}`, { baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 900 }, async ({ page }) => {
        await designerPage(page, designer);
        const editor = await openEditor(page);
        await editor.getByRole('switch', { name: `${DAY_NAMES[day]}, fascia 1: attiva` }).uncheck();
        await editor.getByRole('button', { name: 'Salva disponibilità' }).click();
        const panel = editor.getByRole('alert').filter({ hasText: 'Un appuntamento cade fuori dalla nuova settimana' });
        await panel.waitFor({ timeout: 30_000 });
        await panel.getByRole('listitem').getByText('Bruno Leone').waitFor();
        await mkdir(SHOTS, { recursive: true });
        // The panel has slid in and the fonts are in: the screenshot shows the screen as it settles.
        await untilSettled(page);
        await page.screenshot({ path: join(SHOTS, `availability-conflict-${width}.png`) });
        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).include('[role="dialog"]').analyze();
        const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);

        await panel.getByRole('button', { name: 'Mantieni gli appuntamenti e salva' }).click();
        await editor.getByText('Disponibilità salvata.').waitFor({ timeout: 30_000 });
        await expect
          .poll(async () => (await week(designer.id)).find((w) => w.day_of_week === day)?.is_active, { timeout: 10_000, interval: 300 })
          .toBe(false);
        const kept = await api.must(200, 'GET', `/api/appointments/${booked.appointment_id}`, designer.token);
        expect(kept.status).toBe('pending');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: /6\s*Fasce di disponibilità/ }).waitFor();
      });
    });
  }
});
