import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser } from './harness/browser';
import { storedRows } from './harness/device';
import { startInterno, type RunningServer } from './harness/server';

const GTAG = /^https:\/\/www\.googletagmanager\.com\//;

async function analyticsScripts(page: Page): Promise<string[]> {
  return page.$$eval('script[src]', (scripts) => scripts.map((s) => (s as HTMLScriptElement).src).filter((src) => src.includes('googletagmanager')));
}

/**
 * Waits until the page has rendered its next frame and run the tasks that frame's earlier callbacks
 * queued: the effects of a render that has already happened have run by then (Preact runs them in a
 * task queued from the next animation frame, or sooner).
 */
async function untilNextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve));
      }),
  );
}

describe('cookie consent', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startInterno({ INTERNO_ANALYTICS_ID: 'G-TEST' });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('remembers Solo Essenziali across reloads and loads no analytics', async () => {
    await inBrowser('consent-essential', { baseUrl: server.baseUrl }, async ({ page }) => {
      const gtagRequests: string[] = [];
      await page.route(GTAG, (route) => {
        gtagRequests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      await page.goto(server.baseUrl);
      const banner = page.getByRole('region', { name: 'La tua privacy, le tue scelte' });
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Solo Essenziali' }).click();
      await banner.waitFor({ state: 'detached' });

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('region', { name: 'La tua privacy, le tue scelte' }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('essential');
      expect(await analyticsScripts(page)).toEqual([]);
      expect(gtagRequests).toEqual([]);
    });
  });

  it('loads analytics only after Accetta Tutti, and keeps it after a reload', async () => {
    await inBrowser('consent-all', { baseUrl: server.baseUrl }, async ({ page }) => {
      const gtagRequests: string[] = [];
      await page.route(GTAG, (route) => {
        gtagRequests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      await page.goto(server.baseUrl);
      await page.getByRole('region', { name: 'La tua privacy, le tue scelte' }).waitFor();
      expect(await analyticsScripts(page)).toEqual([]);

      // Customise first: the settings show essential locked on.
      await page.getByRole('button', { name: 'Personalizza' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preferenze cookie' });
      await dialog.waitFor();
      expect(await dialog.getByRole('switch', { name: 'Cookie essenziali' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('switch', { name: 'Cookie essenziali' }).isChecked()).toBe(true);
      expect(await analyticsScripts(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Accetta Tutti' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.waitForFunction(() => document.getElementById('interno-analytics') !== null);
      expect(await analyticsScripts(page)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST']);
      await expect.poll(() => gtagRequests.length).toBeGreaterThan(0);

      await page.reload();
      await page.waitForFunction(() => document.getElementById('interno-analytics') !== null);
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('all');
      expect(await page.getByRole('region', { name: 'La tua privacy, le tue scelte' }).count()).toBe(0);

      // Withdrawing from the footer removes the script.
      await page.getByRole('button', { name: 'Gestisci cookie' }).click();
      await page.getByRole('dialog', { name: 'Preferenze cookie' }).getByRole('button', { name: 'Solo Essenziali' }).click();
      await page.waitForFunction(() => document.getElementById('interno-analytics') === null);
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('essential');
    });
  });
});

describe('cookie consent without an analytics id', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startInterno({ INTERNO_ANALYTICS_ID: '' });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('adds nothing even with Accetta Tutti', async () => {
    await inBrowser('consent-no-id', { baseUrl: server.baseUrl }, async ({ page }) => {
      const gtagRequests: string[] = [];
      await page.route(GTAG, (route) => {
        gtagRequests.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      await page.goto(server.baseUrl);
      const configAnswer = page.waitForResponse((response) => response.url().endsWith('/api/config'));
      await page.getByRole('button', { name: 'Accetta Tutti' }).click();
      expect((await (await configAnswer).json()).analytics_id).toBe('');
      // Analytics would start in an effect of the render that receives the config. The app keeps
      // the answer on the device only after its store has taken it (the render follows at once), and
      // the effects of that render have run once the next frame is over: only then is "nothing
      // added" a finding rather than a check made too early.
      await expect.poll(async () => (await storedRows<{ key: string }>(page, 'responses')).map((row) => row.key)).toContain('anon|/config');
      await untilNextFrame(page);
      expect(await analyticsScripts(page)).toEqual([]);
      expect(gtagRequests).toEqual([]);
    });
  });
});
