import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, saveScreenshot, untilServiceWorkerControls } from './harness/browser';
import { axeProblems } from './harness/designers';
import { startInterno, type RunningServer } from './harness/server';

async function acceptEssentialCookies(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

const options = (page: Page) => page.locator('label:has(input[type="radio"])');
const next = (page: Page) => page.getByRole('button', { name: /^(Avanti|Completa)$/ });

/** Answers question n (1-based) with its option `pick` and waits for the next screen. */
async function answer(page: Page, n: number, pick: number): Promise<void> {
  await page.getByText(`Domanda ${n} di 7`).waitFor();
  await options(page).nth(pick).click();
  await next(page).click();
}

/** Whether an e-mail to address has been written to the server's outbox folder. */
async function outboxMentions(dataDir: string, address: string): Promise<boolean> {
  const dir = join(dataDir, 'outbox');
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    // Skip the outbox's `.tmp-*.eml` files: they are renamed (and gone) once complete.
    if (name.endsWith('.eml') && !name.startsWith('.') && (await readFile(join(dir, name), 'utf8')).includes(address)) return true;
  }
  return false;
}

describe('questionnaire and matching', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startInterno({ INTERNO_DEMO: 'true' });
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of [390, 1280]) {
    it(`a visitor takes the quiz, sees the profile and the matched designers, loads more and opens one (${width} px)`, async () => {
      await inBrowser(`matching-journey-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        await page.goto(server.baseUrl);
        await acceptEssentialCookies(page);
        await page.reload();
        await page.getByRole('link', { name: 'Inizia il test di stile' }).first().click();

        await page.getByText('Domanda 1 di 7').waitFor();
        expect(await next(page).isDisabled()).toBe(true);
        expect(await options(page).count()).toBeGreaterThanOrEqual(4);
        await options(page).nth(2).click();
        expect(await next(page).isDisabled()).toBe(false);
        await page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>('main img');
          return img !== null && img.complete && img.naturalWidth > 0;
        });
        await saveScreenshot(page, `matching-quiz-${width}`);
        expect(await axeProblems(page)).toEqual([]);
        await next(page).click();

        // Indietro keeps the earlier answer.
        await page.getByText('Domanda 2 di 7').waitFor();
        await page.getByRole('button', { name: 'Indietro' }).click();
        await page.getByText('Domanda 1 di 7').waitFor();
        expect(await page.locator('input[type="radio"]').nth(2).isChecked()).toBe(true);
        await next(page).click();

        const picks = [2, 4, 2, 0, 2, 1];
        for (const [i, pick] of picks.entries()) await answer(page, i + 2, pick);

        const title = page.getByRole('heading', { level: 1, name: /^Il tuo stile è/ });
        await title.waitFor();
        expect(await title.textContent()).toContain('Minimal Contemporaneo');
        await page.getByText(/^Minimal Contemporaneo$/).first().waitFor();
        expect(await page.getByRole('button', { name: 'Registrati' }).isVisible()).toBe(true);
        // The style picture is painted on its first request; wait for it before the screenshot.
        await page.waitForFunction(
          () => {
            const img = document.querySelector<HTMLImageElement>('section[aria-labelledby="style-result-title"] img');
            return img !== null && img.complete && img.naturalWidth > 0;
          },
          undefined,
          { timeout: 20_000 },
        );
        await saveScreenshot(page, `matching-profile-${width}`);
        expect(await axeProblems(page)).toEqual([]);

        // The result can be sent by e-mail from the prompt, before registering.
        const address = `risultati-${width}@example.com`;
        await page.getByRole('button', { name: 'Invia i risultati via email' }).click();
        const send = page.getByRole('dialog', { name: 'Invia i risultati via email' });
        await send.getByLabel('La tua email').fill(address);
        await send.getByRole('button', { name: 'Invia', exact: true }).click();
        await page.getByText(`Email inviata a ${address}.`).waitFor();
        await expect.poll(async () => outboxMentions(server.dataDir, address), { timeout: 15_000, interval: 300 }).toBe(true);

        await page.getByRole('button', { name: 'Mostra Designer' }).click();
        await page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' }).waitFor();
        const cards = page.locator('article');
        await expect.poll(() => cards.count()).toBe(5);
        expect(await cards.first().textContent()).toMatch(/\d+% affine · Minimal/);
        await saveScreenshot(page, `matching-results-${width}`);
        expect(await axeProblems(page)).toEqual([]);

        await page.getByRole('button', { name: 'Carica altri designer' }).click();
        await expect.poll(() => cards.count()).toBe(10);

        const name = (await cards.first().getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
        await cards.first().getByRole('link', { name: 'Vedi profilo' }).click();
        await page.waitForURL(/\/profile\/\d+$/);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        expect(problems).toEqual([]);
      });
    });
  }

  it('opens the questionnaire offline from the cache, and sends the answers when back online', async () => {
    await inBrowser('matching-offline', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await page.goto(`${server.baseUrl}/?openQuestionnaire=true`);
      await acceptEssentialCookies(page);
      await page.getByText('Domanda 1 di 7').waitFor();
      await untilServiceWorkerControls(page);

      await context.setOffline(true);
      await page.reload();
      await page.getByText('Domanda 1 di 7').waitFor();
      for (const [i, pick] of [4, 4, 4, 3, 4, 0, 4].entries()) await answer(page, i + 1, pick);

      await page.getByRole('heading', { level: 1, name: 'Il tuo stile è Naturale Mediterraneo' }).waitFor();
      await page.getByText(/Sei offline: il profilo è stato calcolato su questo dispositivo/).waitFor();
      await page.getByRole('button', { name: 'Mostra Designer' }).click();
      await page.getByText('I designer compatibili appariranno appena torni online.').waitFor();
      expect(await page.locator('article').count()).toBe(0);

      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => page.locator('article').count(), { timeout: 15_000 }).toBe(5);
      expect(await page.locator('article').first().textContent()).toMatch(/% affine · Naturale/);
    });
  });
});
