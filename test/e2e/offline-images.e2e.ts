import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './harness/api';
import { inBrowser, saveScreenshot, untilServiceWorkerControls } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Liked designers keep their pictures offline: the favourites' covers are copied into IndexedDB while
 * online, so the list still shows them offline even with the service worker's image cache gone, and
 * logout removes them (which designers someone liked is theirs).
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startInterno({ INTERNO_DEMO: 'true', INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});

/** Rows in the app's IndexedDB picture store. */
function keptPictures(page: Page): Promise<{ url: string; bytes: number; userId: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('interno');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('images')) {
            database.close();
            resolve([]);
            return;
          }
          const read = database.transaction('images').objectStore('images').getAll();
          read.onsuccess = () => {
            database.close();
            resolve((read.result as { url: string; bytes: number; userId: string }[]).map(({ url, bytes, userId }) => ({ url, bytes, userId })));
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

describe('offline pictures', () => {
  it('shows liked designers with their picture offline from IndexedDB, and forgets them at logout', async () => {
    const customer = await api.login('cliente@interno.demo', 'InternoCliente2026!');
    const catalogue = await api.must(200, 'GET', '/api/designers?limit=5', null);
    const designers = (catalogue.designers ?? catalogue.items ?? catalogue) as { id: number; name: string; gallery_images: string[] }[];
    const liked = designers.find((d) => d.gallery_images.length > 0);
    if (!liked) throw new Error('no demo designer with a gallery');
    const mine = (await api.must(200, 'GET', '/api/likes/mine', customer.token)) as unknown[];
    if (!JSON.stringify(mine).includes(`"name":"${liked.name}"`)) {
      await api.must(200, 'POST', '/api/likes', customer.token, { designer_id: liked.id });
    }

    await inBrowser('offline-pictures', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await api.signIn(page, customer);
      await page.goto(`${server.baseUrl}/user-profile`);
      const favourites = page.getByTestId('favourites');
      await favourites.getByRole('link', { name: liked.name }).waitFor();
      await expect.poll(async () => (await keptPictures(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      const kept = await keptPictures(page);
      expect(kept.every((row) => row.bytes > 0 && row.userId === String(customer.user.id))).toBe(true);
      await untilServiceWorkerControls(page);

      // Without the service worker's picture cache, offline: the copy in IndexedDB is what shows.
      await page.evaluate(async () => {
        for (const name of await caches.keys()) if (name.includes('images')) await caches.delete(name);
      });
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('sync-status').getByText('Sei offline').waitFor();
      const card = page.getByTestId('favourites').getByRole('listitem').filter({ hasText: liked.name });
      const cover = card.locator('img').first();
      await expect
        .poll(async () => cover.evaluate((img: HTMLImageElement) => img.currentSrc.startsWith('blob:') && img.complete && img.naturalWidth > 0), { timeout: 15_000 })
        .toBe(true);
      await saveScreenshot(page, 'offline-pictures-390');

      // Logout removes this customer's pictures from the device.
      await context.setOffline(false);
      await page.getByRole('main').getByRole('button', { name: 'Esci', exact: true }).click();
      await page.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      await expect.poll(async () => (await keptPictures(page)).length, { timeout: 10_000 }).toBe(0);
    });
  });
});
