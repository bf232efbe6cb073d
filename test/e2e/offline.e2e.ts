import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, untilServiceWorkerControls } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

describe('offline app shell', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startInterno();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('reloads the shell offline after a first visit, and says it is offline', async () => {
    await inBrowser('offline-reload', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await page.goto(server.baseUrl);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The service worker installs, precaches the shell and takes control (clients.claim).
      await untilServiceWorkerControls(page);
      await page.getByRole('button', { name: 'Solo Essenziali' }).click();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: "Trova l'interior designer che parla il tuo stile" }).waitFor();
      await page.getByTestId('sync-status').getByText('Sei offline').waitFor();

      // A screen never opened before still arrives: its chunk was precached.
      await page.goto(`${server.baseUrl}/privacy`);
      await page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' }).waitFor();
      await page.goto(`${server.baseUrl}/landing`);
      await page.getByRole('timer').waitFor();

      await context.setOffline(false);
      await page.goto(server.baseUrl);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('sync-status').count()).toBe(0);
    });
  });
});
