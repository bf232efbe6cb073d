import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient, type Account } from './harness/api';
import { ARTIFACTS_DIR, inBrowser } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the screens of the shared vocabulary the other suites do not show (issue 18
 * item 4): the admin panel's underlined tabs and a customer's conversation list with its avatars, at
 * 390 and 1280 px.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;
let api: ReturnType<typeof apiClient>;
let admin: Account;
let anna: Account;

async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(OUT, `vocabulary-${name}-${width}.png`), fullPage: true, animations: 'disabled' });
}

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  server = await startInterno({ INTERNO_DEMO: 'true', INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
  admin = await api.login('admin@interno.demo', 'InternoAdmin2026!');
  anna = await api.customer('Anna Maria Neri');
  for (const name of ['Sofia Marino', "Élodie d'Amico"]) {
    const designer = await api.designer(name);
    await api.must(201, 'POST', '/api/contacts/', anna.token, { designer_id: designer.id, message: `Buongiorno ${name}, vorrei rifare la cucina.` });
  }
}, 120_000);

afterAll(async () => {
  await server.stop();
});

describe('vocabulary screenshots', () => {
  for (const width of WIDTHS) {
    it(`admin tabs and the conversation list at ${width} px`, async () => {
      await inBrowser(`vocabulary-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await api.signIn(page, admin);
        await page.goto(`${server.baseUrl}/admin`);
        await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).waitFor();
        await page.locator('tbody tr').first().waitFor();
        await shot(page, 'admin-users', width);
        await page.getByRole('tab', { name: /^Designers \(\d+\)$/ }).click();
        await page.getByRole('tabpanel', { name: /^Designers/ }).locator('tbody tr').first().waitFor();
        await shot(page, 'admin-designers', width);

        await api.signIn(page, anna);
        await page.goto(`${server.baseUrl}/user-profile`);
        await page.getByRole('button', { name: /Élodie d'Amico/ }).waitFor();
        await shot(page, 'conversations', width);
      });
    });
  }
});
