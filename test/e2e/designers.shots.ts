import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ARTIFACTS_DIR, openBrowser, untilSettled } from './harness/browser';
import { makeJpegFiles, signInThroughApi } from './harness/designers';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the designer screens at 390 and 1280 px into test/artifacts/screenshots/.
 * Gallery pictures come from SHOTS_PICTURES (a folder of JPEG/PNG files, e.g. the artwork samples:
 * `ARTWORK_SAMPLES=/tmp/art go test ./internal/artwork -run TestSamples_WhenAsked`) when it is set,
 * else from pictures drawn on a canvas.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;
const PASSWORD = 'progetti-luce-2026';

/** Scrolls through the page so lazy pictures load, and waits until every picture has arrived. */
async function settle(page: Page, fullPage: boolean): Promise<void> {
  if (fullPage) {
    await page.evaluate(async () => {
      const step = Math.max(200, window.innerHeight * 0.8);
      for (let y = 0; y < document.body.scrollHeight; y += step) {
        window.scrollTo(0, y);
        // A frame for the pictures now in view to be asked for.
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      }
      window.scrollTo(0, 0);
    });
  }
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.loading === 'lazy' && !img.getBoundingClientRect().height ? true : img.complete), null, { timeout: 20_000 })
    .catch(() => undefined);
  await untilSettled(page);
}

async function shot(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  await settle(page, fullPage);
  await page.screenshot({ path: join(OUT, `designers-${name}-${width}.png`), fullPage });
}

async function pictureFiles(page: Page): Promise<string[]> {
  const dir = process.env.SHOTS_PICTURES;
  if (dir) {
    const names = (await readdir(dir)).filter((name) => /^scene_.*\.(png|jpe?g)$/i.test(name)).sort();
    if (names.length > 0) return names.slice(0, 9).map((name) => join(dir, name));
  }
  return makeJpegFiles(page, ['soggiorno.jpg', 'cucina.jpg', 'camera.jpg', 'bagno.jpg', 'studio.jpg', 'terrazza.jpg']);
}

async function dataUrl(path: string): Promise<string> {
  const type = path.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg';
  return `data:${type};base64,${(await readFile(path)).toString('base64')}`;
}

describe('designer screenshots', () => {
  let server: RunningServer;
  let designerId = 0;
  let pictures: string[] = [];

  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    server = await startInterno();
    const session = await openBrowser({ baseUrl: server.baseUrl });
    try {
      await session.page.goto(`${server.baseUrl}/privacy`);
      pictures = await pictureFiles(session.page);
      const gallery = await Promise.all(pictures.slice(0, 7).map(dataUrl));
      const response = await fetch(`${server.baseUrl}/api/designers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Chiara Galli', email: 'chiara@example.com', password: PASSWORD, phone: '+39 345 000 1111', city: 'Bari',
          bio: 'Progetto case luminose tra Puglia e Basilicata, con artigiani locali e materiali del territorio: pietra, calce, legno di ulivo.\n\nOgni progetto parte da una visita e da una lunga chiacchierata.',
          specialties: ['Mediterraneo', 'Rustico', 'Wabi Sabi'], design_style: 'E', prima_proposta: '7-15 giorni',
          work_preferences: ['in-person', 'hybrid'], privacy_consent: true, gallery_images: gallery,
          website: 'studiogalli.it', social_instagram: '@studio.galli', portfolio: 'behance.net/chiaragalli',
        }),
      });
      if (response.status !== 201) throw new Error(`registration: ${response.status} ${await response.text()}`);
      designerId = ((await response.json()) as { id: number }).id;
      await fetch(`${server.baseUrl}/api/designers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Marco De Luca', email: 'marco@example.com', password: PASSWORD, city: 'Torino', bio: 'Loft e spazi di lavoro.',
          specialties: ['Industrial'], design_style: 'D', prima_proposta: '5-7 giorni', work_preferences: ['online'], privacy_consent: true,
        }),
      });
    } finally {
      await session.close();
    }
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of WIDTHS) {
    it(`captures the designer screens at ${width} px`, async () => {
      const session = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 860 });
      const { page } = session;
      try {
        await page.goto(`${server.baseUrl}/privacy`);
        await page.evaluate(() => {
          localStorage.setItem('cookie-consent', 'essential');
          localStorage.setItem('cookie-consent-date', new Date().toISOString());
        });

        await page.goto(`${server.baseUrl}/designer-registration`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'registration', width);
        await page.getByRole('button', { name: 'Continua' }).click();
        await page.getByRole('alert').first().waitFor();
        await shot(page, 'registration-errors', width, false);
        await page.getByLabel('Nome e cognome').fill('Giulia Neri');
        await page.getByLabel('Email', { exact: true }).fill('giulia@example.com');
        await page.locator('#designer-registration-gallery_images').setInputFiles(pictures.slice(0, 4));
        await page.getByText('4 di 12 immagini').waitFor();
        await page.locator('#designer-registration-gallery_images').scrollIntoViewIfNeeded();
        await shot(page, 'registration-gallery', width, false);
        await page.getByLabel('Città').fill('Lecce');
        await page.getByLabel('Biografia').fill('Case sul mare, luce e calce.');
        for (const [role, name] of [
          ['radio', /^Naturale e mediterraneo/],
          ['checkbox', 'Mediterraneo'],
          ['radio', '7-15 giorni'],
          ['checkbox', 'Online'],
          ['checkbox', /^Ho letto e accetto/],
        ] as const) {
          await page.locator('label', { has: page.getByRole(role, { name, exact: typeof name === 'string' }) }).click();
        }
        await page.getByRole('button', { name: 'Continua' }).click();
        await page.getByLabel('Password', { exact: true }).fill('corta');
        await page.getByLabel('Conferma password').fill('diversa');
        await shot(page, 'password', width, false);

        await page.goto(`${server.baseUrl}/designer/${designerId}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'portfolio-top', width, false);
        await shot(page, 'portfolio', width);
        await page.getByRole('button', { name: 'Apri a schermo intero il progetto 2' }).click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'viewer', width, false);
        await page.keyboard.press('Escape');

        await page.goto(`${server.baseUrl}/profile/${designerId}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'profile', width);
        await page.getByRole('button', { name: 'Contatta Chiara Galli' }).click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'registration-required', width, false);
        await page.keyboard.press('Escape');

        await page.goto(`${server.baseUrl}/profile/99999`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'not-found', width, false);

        await page.goto(`${server.baseUrl}/designer-profile`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'access-denied', width, false);

        await signInThroughApi(page, 'marco@example.com', PASSWORD);
        await page.goto(`${server.baseUrl}/designer-profile`);
        await page.getByRole('heading', { level: 1, name: 'Marco De Luca' }).waitFor();
        await shot(page, 'dashboard-empty', width);

        await signInThroughApi(page, 'chiara@example.com', PASSWORD);
        await page.goto(`${server.baseUrl}/designer-profile`);
        await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
        await shot(page, 'dashboard', width);
        await page.getByRole('button', { name: 'Modifica profilo' }).click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'edit', width, false);
        await page.getByRole('dialog').getByLabel(/^Budget minimo/).fill('100');
        await page.getByRole('dialog').getByRole('button', { name: 'Salva modifiche' }).click();
        await page.getByRole('dialog').getByText('Minimum budget must be at least €300').first().waitFor();
        await shot(page, 'edit-errors', width, false);
        await page.getByRole('dialog').getByRole('button', { name: 'Elimina account' }).click();
        await page.getByRole('dialog').getByText('Sei sicuro di voler eliminare il tuo account?', { exact: false }).waitFor();
        await shot(page, 'delete-confirm', width, false);
      } finally {
        await session.close();
      }
    });
  }
});
