import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ARTIFACTS_DIR, openBrowser, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the main screens at phone (390 px) and desktop (1280 px) widths, written to
 * test/artifacts/screenshots/ so a person can look at what the app shows.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

async function shot(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  await untilSettled(page);
  await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage });
}

async function acceptEssential(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

describe('screenshots', () => {
  let server: RunningServer;

  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    server = await startInterno();
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of WIDTHS) {
    it(`captures the screens at ${width} px`, async () => {
      const session = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 860 });
      const { page } = session;
      try {
        await page.goto(server.baseUrl);
        await page.getByRole('region', { name: 'La tua privacy, le tue scelte' }).waitFor();
        await shot(page, 'cookie-banner', width, false);

        await page.getByRole('button', { name: 'Personalizza' }).click();
        await page.getByRole('dialog', { name: 'Preferenze cookie' }).waitFor();
        await shot(page, 'cookie-settings', width, false);
        await page.keyboard.press('Escape');

        await acceptEssential(page);
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'home', width);
        await shot(page, 'home-top', width, false);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight * 0.4));
        await shot(page, 'home-middle', width, false);

        await page.goto(`${server.baseUrl}/privacy`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'privacy', width);

        await page.goto(`${server.baseUrl}/landing`);
        await page.getByRole('timer').waitFor();
        await shot(page, 'landing', width, false);

        await page.goto(`${server.baseUrl}/una-stanza-che-non-esiste`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'not-found', width, false);

        await page.goto(server.baseUrl);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Gestisci cookie' }).click();
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
        await session.context.setOffline(true);
        await page.getByTestId('sync-status').getByText('Sei offline').waitFor();
        // Closing the cookie settings gave the focus back to the footer's link: the strip is at the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, 'offline-strip', width, false);
        await session.context.setOffline(false);
      } finally {
        await session.close();
      }
    });
  }
});
