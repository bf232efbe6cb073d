import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient } from './harness/api';
import { ARTIFACTS_DIR, openBrowser } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the screens of issue 15's designer side at 390 and 1280 px: the dashboard's
 * pending requests (several, and the inline refusal), a confirmed future call in I Miei Appuntamenti,
 * the customer's history tabs, and matched designer cards (one score, one like count).
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

async function shot(target: Page | Locator, name: string, width: number): Promise<void> {
  await target.screenshot({ path: join(OUT, `designer-side-${name}-${width}.png`), animations: 'disabled' });
}

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  server = await startInterno({ INTERNO_DEMO: 'true', INTERNO_RATE_LIMITS: 'off', INTERNO_CALL_BASE_URL: 'https://meet.example' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
});

describe('designer side screenshots', () => {
  for (const width of WIDTHS) {
    it(`pending requests, refusal, future call, history, cards (${width} px)`, async () => {
      const studio = await api.designer(`Studio Luce ${width}`);
      const names = ['Anna Neri', 'Bruno Gialli', 'Carla Bianchi', 'Dario Rosa'];
      const customers = await Promise.all(names.map((name) => api.customer(name)));
      const slots = await api.freeSlots(studio.id);
      const messages = ['Vorrei ripensare la cucina e il soggiorno, che oggi sono separati da un muro.', '', 'Casa di campagna da arredare.', ''];
      const ids: number[] = [];
      for (const [i, who] of customers.entries()) {
        const booked = await api.must(201, 'POST', '/api/appointments/', who.token, {
          designer_id: studio.id, appointment_date: slots[i * 3]?.datetime, message: messages[i],
        });
        ids.push(booked.appointment_id as number);
      }
      await api.must(200, 'PUT', `/api/appointments/${ids[3]}/reject`, studio.token, { reason: 'Quel giorno sono in cantiere fuori città.' });

      const { page, close } = await openBrowser({ baseUrl: server.baseUrl, width, height: 900 });
      try {
        await api.signIn(page, studio);
        await page.goto(`${server.baseUrl}/designer-profile`);
        const region = page.getByRole('region', { name: 'Richieste in attesa' });
        await region.getByText('3 richieste da gestire').waitFor();
        await shot(region, 'pending', width);
        const card = region.getByRole('listitem').filter({ hasText: 'Bruno Gialli' });
        await card.getByRole('button', { name: 'Rifiuta', exact: true }).click();
        await card.getByLabel('Motivo per il cliente (facoltativo)').fill('Quel giorno sono fuori città: prova la settimana dopo.');
        await shot(region, 'pending-reject', width);
        await card.getByRole('button', { name: 'Annulla' }).click();
        await region.getByRole('listitem').filter({ hasText: 'Anna Neri' }).getByRole('button', { name: 'Conferma', exact: true }).click();
        await region.getByText('2 richieste da gestire').waitFor();
        await shot(region, 'pending-confirmed', width);
        await page.getByRole('button', { name: /Appuntamenti confermati/ }).click();
        const modal = page.getByRole('dialog', { name: 'I Miei Appuntamenti' });
        await modal.getByRole('tab', { name: /Confermati/ }).click();
        await modal.getByText(/Potrai segnarla come completata/).waitFor();
        await shot(modal, 'future-call', width);
        await page.keyboard.press('Escape');

        await api.signIn(page, customers[3]!);
        await page.goto(`${server.baseUrl}/appuntamenti`);
        await page.getByRole('tab', { name: /Annullati/ }).click();
        await page.getByText('Annullato').first().waitFor();
        await shot(page, 'history', width);

        const fan = await api.customer('Lia Verdi');
        await api.signIn(page, fan);
        await page.goto(`${server.baseUrl}/?openQuestionnaire=true`);
        const options = page.locator('label:has(input[type="radio"])');
        for (const [i, pick] of [2, 2, 4, 2, 0, 2, 1].entries()) {
          await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
          await options.nth(pick).click();
          await page.getByRole('button', { name: /^(Avanti|Completa)$/ }).click();
        }
        await page.getByRole('button', { name: 'Mostra Designer' }).click();
        const cards = page.locator('article');
        await cards.nth(1).waitFor();
        await page.waitForFunction(() => Array.from(document.querySelectorAll('article img')).slice(0, 4).every((img) => (img as HTMLImageElement).complete));
        await shot(cards.first(), 'card', width);
      } finally {
        await close();
      }
    });
  }
});
