import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ARTIFACTS_DIR, openBrowser, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the engagement screens (like and share buttons on the designer pages, the
 * share modal, the designer's statistics) at 390 and 1280 px.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;

async function api(method: string, path: string, token: string | null, body?: unknown): Promise<any> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function shot(page: Page, name: string, width: number, fullPage = false): Promise<void> {
  await untilSettled(page);
  await page.screenshot({ path: join(OUT, `engagement-${name}-${width}.png`), fullPage });
}

async function signIn(page: Page, user: unknown): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate((u) => {
    if (u) localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  }, user);
}

describe('engagement screenshots', () => {
  let designerUser: any;
  let designerId = 0;
  let customerUser: any;

  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
    const profile = await api('POST', '/api/designers', null, {
      name: 'Giulia Ferri', email: 'giulia@example.com', password: 'designer123', bio: 'Case luminose e materiali naturali.',
      specialties: ['Japandi', 'Minimal'], design_style: 'C', prima_proposta: '5-7 giorni', work_preferences: ['online', 'hybrid'],
      city: 'Milano', privacy_consent: true,
    });
    designerId = profile.id;
    designerUser = await api('POST', '/api/auth/login', null, { email: 'giulia@example.com', password: 'designer123' });
    const names = ['Anna Neri', 'Bruno Gallo', 'Chiara Fontana', 'Davide Romano', 'Elena Conti'];
    const platforms = ['whatsapp', 'facebook', 'copy', 'whatsapp', 'email'];
    for (const [i, name] of names.entries()) {
      const email = `cliente${i}@example.com`;
      await api('POST', '/api/auth/register', null, { email, password: 'password123', name });
      const user = await api('POST', '/api/auth/login', null, { email, password: 'password123' });
      if (i === 0) customerUser = user;
      if (i < 4) await api('POST', '/api/likes', user.access_token, { designer_id: designerId });
      await api('POST', '/api/shares', user.access_token, { designer_id: designerId, platform: platforms[i] });
    }
    await api('POST', '/api/shares', null, { designer_id: designerId, platform: 'link' });
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of WIDTHS) {
    it(`designer pages, share modal and statistics at ${width}px`, async () => {
      const session = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 900 });
      try {
        const { page } = session;
        await signIn(page, customerUser);
        await page.goto(`${server.baseUrl}/profile/${designerId}`);
        await page.getByTestId('like-button').waitFor();
        await shot(page, 'profile-buttons', width);
        await page.goto(`${server.baseUrl}/designer/${designerId}`);
        await page.getByTestId('like-button').waitFor();
        await shot(page, 'portfolio-buttons', width);
        await page.getByTestId('share-button').click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'share-modal', width);

        await signIn(page, designerUser);
        await page.goto(`${server.baseUrl}/designer-profile`);
        await page.getByRole('button', { name: /Mi piace/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Le tue statistiche' });
        await dialog.getByTestId('likers').waitFor();
        await shot(page, 'stats-liked', width);
        await dialog.getByRole('tab', { name: 'Condiviso' }).click();
        await dialog.getByTestId('share-platforms').waitFor();
        await shot(page, 'stats-shared', width);
      } finally {
        await session.close();
      }
    });
  }
});
