import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient } from './harness/api';
import { ARTIFACTS_DIR, openBrowser, untilServiceWorkerControls, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: a booking chosen offline — the modal on the slots last seen, and once the
 * slot was taken meanwhile, the nearest free slots on /appuntamenti and in the booking modal — at
 * 390 and 1280 px.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

async function shot(page: Page, name: string, width: number, fullPage = false): Promise<void> {
  await untilSettled(page);
  await page.screenshot({ path: join(OUT, `booking-offline-${name}-${width}.png`), fullPage });
}

function typed(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

describe('offline booking screenshots', () => {
  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
    api = apiClient(server.baseUrl);
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of WIDTHS) {
    it(`captures the offline booking request and its alternatives at ${width} px`, async () => {
      const designer = await api.designer('Chiara Lombardi');
      const customer = await api.customer('Anna Bianchi');
      const rival = await api.customer('Luca Ferri');
      const slots = await api.freeSlots(designer.id);
      const slot = slots[2] ?? slots[0];
      if (!slot) throw new Error('no free slot');
      const session = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 900 });
      const { context, page } = session;
      try {
        await api.signIn(page, customer);
        await page.goto(`${server.baseUrl}/appuntamenti/prenota/${designer.id}`);
        await untilServiceWorkerControls(page);
        const dialog = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
        await dialog.getByLabel('Data').fill(typed(slot.date));
        await dialog.getByRole('radio', { name: slot.time }).waitFor();
        await dialog.getByRole('button', { name: 'Annulla' }).click();

        await context.setOffline(true);
        await page.getByRole('button', { name: 'Prenota videochiamata' }).click();
        await dialog.getByText(/^Sei offline: questi orari erano liberi/).waitFor();
        await dialog.getByLabel('Data').fill(typed(slot.date));
        await dialog.getByRole('radio', { name: slot.time }).click();
        await dialog.evaluate((el) => el.scrollTo(0, 0));
        await shot(page, 'modal', width);
        await dialog.getByRole('radio', { name: slot.time }).scrollIntoViewIfNeeded();
        await shot(page, 'modal-slots', width);
        await dialog.getByLabel('Messaggio per il designer (facoltativo)').fill('Vorrei rinnovare cucina e soggiorno, circa 60 mq.');
        await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await shot(page, 'modal-bottom', width);
        await dialog.getByRole('button', { name: 'Invia richiesta' }).click();
        const saved = page.getByRole('dialog', { name: 'Richiesta salvata' });
        await saved.waitFor();
        await shot(page, 'saved', width);
        await saved.getByRole('link', { name: 'Vai ai miei appuntamenti' }).click();
        await page.getByTestId('booking-request').getByText('In attesa di connessione').waitFor();
        await shot(page, 'waiting', width);

        await api.must(201, 'POST', '/api/appointments/', rival.token, { designer_id: designer.id, appointment_date: slot.datetime });
        await context.setOffline(false);
        await page.getByTestId('booking-request').getByText('Orari liberi più vicini:').waitFor({ timeout: 30_000 });
        await shot(page, 'alternatives', width, true);

        await page.goto(`${server.baseUrl}/appuntamenti/prenota/${designer.id}`);
        await dialog.getByText(/non è andata a buon fine/).waitFor();
        await shot(page, 'stale-modal', width);
      } finally {
        await session.close();
      }
    });
  }
});
