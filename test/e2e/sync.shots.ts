import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient } from './harness/api';
import { ARTIFACTS_DIR, openBrowser, untilServiceWorkerControls, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/** `npm run screenshots`: the sync page with one action refused and one waiting, at 390 and 1280 px. */
const OUT = join(ARTIFACTS_DIR, 'screenshots');

let server: RunningServer;

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  await mkdir(OUT, { recursive: true });
});

afterAll(async () => {
  await server.stop();
});

describe('sync screenshots', () => {
  it('renders /sincronizzazione with a refused and a waiting action', async () => {
    const api = apiClient(server.baseUrl);
    const designer = await api.designer('Ugo Bassi');
    const customer = await api.customer('Dora Villa');
    const slots = await api.freeSlots(designer.id);
    const first = await api.must(201, 'POST', '/api/appointments/', customer.token, { designer_id: designer.id, appointment_date: slots[0]?.datetime });
    await api.must(201, 'POST', '/api/appointments/', customer.token, { designer_id: designer.id, appointment_date: slots[1]?.datetime });
    const session = await openBrowser({ baseUrl: server.baseUrl, width: 390, height: 844 });
    try {
      const { page, context } = session;
      await api.signIn(page, customer);
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await page.getByRole('tab', { name: /In Attesa/ }).click();
      const cards = page.getByRole('listitem').filter({ hasText: 'Ugo Bassi' });
      await cards.nth(1).waitFor();
      await untilServiceWorkerControls(page);
      await context.setOffline(true);
      await cards.first().getByRole('button', { name: 'Annulla richiesta' }).click();
      await cards.first().getByRole('button', { name: 'Sì, annulla' }).click();
      await api.must(200, 'PUT', `/api/appointments/${first.appointment_id}/confirm`, designer.token, {});
      await context.setOffline(false);
      await page.getByTestId('sync-status').getByText('1 azione non inviata').waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      await cards.first().getByRole('button', { name: 'Annulla richiesta' }).click();
      await cards.first().getByRole('button', { name: 'Sì, annulla' }).click();
      await page.getByTestId('sync-status').getByRole('link', { name: 'Vedi dettagli' }).click();
      // The refused cancellation and the one waiting for the connection.
      await page.getByTestId('sync-entry').nth(1).waitFor();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await untilSettled(page);
        await page.screenshot({ path: join(OUT, `sync-page-${width}.png`), fullPage: true });
      }
    } catch (error) {
      await session.page.screenshot({ path: join(OUT, 'sync-page-failure.png'), fullPage: true });
      throw error;
    } finally {
      await session.close();
    }
  });
});
