import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ARTIFACTS_DIR, openBrowser, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the scheduling screens (booking modal, its errors and success, the
 * customer's and the designer's appointments, the weekly editor) at 390 and 1280 px.
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
  await page.screenshot({ path: join(OUT, `scheduling-${name}-${width}.png`), fullPage });
}

/** A soft, warm portrait-like picture drawn in the browser, sent as the designer's photo. */
async function portrait(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 480;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    const bg = ctx.createLinearGradient(0, 0, 480, 480);
    bg.addColorStop(0, '#d9c3a5');
    bg.addColorStop(1, '#a1472c');
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, 480, 480);
    ctx.fillStyle = '#f7f2ea';
    ctx.beginPath();
    ctx.arc(240, 190, 88, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(240, 470, 170, 150, 0, Math.PI, 0);
    ctx.fill();
    return canvas.toDataURL('image/jpeg', 0.85);
  });
}

interface Cast {
  designerId: number;
  designerUser: unknown;
  customerUser: unknown;
}

async function seed(page: Page, width: number): Promise<Cast> {
  await page.goto(`${server.baseUrl}/privacy`);
  const picture = await portrait(page);
  const designerEmail = `sofia${width}@example.com`;
  const designer = await api('POST', '/api/designers', null, {
    name: 'Sofia Marino', email: designerEmail, password: 'designer123', bio: 'Case luminose e calme.', specialties: ['Japandi', 'Minimal'],
    design_style: 'C', prima_proposta: '7-15 giorni', work_preferences: ['online'], city: 'Torino', privacy_consent: true, profile_picture: picture,
  });
  const designerUser = await api('POST', '/api/auth/login', null, { email: designerEmail, password: 'designer123' });
  const week = [0, 1, 2, 3, 4].flatMap((day) => [
    { day_of_week: day, start_time: '09:00', end_time: '13:00', is_active: true },
    { day_of_week: day, start_time: '14:30', end_time: '18:30', is_active: day !== 2 },
  ]);
  week.push({ day_of_week: 5, start_time: '10:00', end_time: '13:00', is_active: true });
  week.push({ day_of_week: 6, start_time: '10:00', end_time: '12:00', is_active: false });
  await api('PUT', `/api/appointments/availability/${designer.id}`, designerUser.access_token, week);
  const people = ['Giulia Bianchi', 'Marco Ferri', 'Elena Conti', 'Luca Moretti'];
  const tokens: string[] = [];
  for (const [i, name] of people.entries()) {
    const email = `cliente${width}-${i}@example.com`;
    await api('POST', '/api/auth/register', null, { email, password: 'password123', name });
    tokens.push((await api('POST', '/api/auth/login', null, { email, password: 'password123' })).access_token);
  }
  const customerUser = await api('POST', '/api/auth/login', null, { email: `cliente${width}-0@example.com`, password: 'password123' });
  const slots = (await api('GET', `/api/appointments/available-slots/${designer.id}`, null)).slots as Array<{ datetime: string }>;
  const book = (token: string, index: number, message: string, phone = ''): Promise<any> =>
    api('POST', '/api/appointments/', token, { designer_id: designer.id, appointment_date: slots[index]?.datetime, message, phone });
  const a = await book(tokens[0] as string, 2, 'Vorrei ripensare soggiorno e cucina, circa 40 mq.', '+39 333 123 4567');
  await api('PUT', `/api/appointments/${a.appointment_id}/confirm`, designerUser.access_token, { designer_notes: 'Porta qualche foto degli ambienti.' });
  await book(tokens[0] as string, 9, 'Seconda chiamata per i materiali.');
  await book(tokens[1] as string, 5, 'Camera da letto in stile japandi.', '+39 347 555 0101');
  const c = await book(tokens[2] as string, 7, '');
  await api('PUT', `/api/appointments/${c.appointment_id}/cancel`, tokens[2] as string, { reason: 'Ho cambiato i piani.' });
  await book(tokens[3] as string, 12, 'Bagno piccolo da ottimizzare.');
  return { designerId: designer.id, designerUser, customerUser };
}

async function signIn(page: Page, user: unknown): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  }, user);
}

describe('scheduling screenshots', () => {
  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of WIDTHS) {
    it(`captures the scheduling screens at ${width} px`, async () => {
      const session = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 900 });
      const { page } = session;
      try {
        const cast = await seed(page, width);

        await signIn(page, cast.customerUser);
        await page.goto(`${server.baseUrl}/appuntamenti/prenota/${cast.designerId}`);
        const dialog = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
        await dialog.waitFor();
        await dialog.getByRole('radio').first().or(dialog.getByText('Nessun orario disponibile per questa data.')).waitFor();
        await dialog.locator('button[aria-pressed]:not([disabled])').first().click();
        await dialog.getByRole('radio').nth(1).click();
        await shot(page, 'booking-modal', width);
        await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await shot(page, 'booking-modal-bottom', width);

        await page.route('**/api/appointments/', (route) =>
          route.request().method() === 'POST'
            ? route.fulfill({
                status: 409,
                contentType: 'application/json',
                body: JSON.stringify({
                  detail: 'The selected time is no longer available (slot taken)',
                  reason: 'slot_taken',
                  alternatives: [
                    { datetime: '2030-03-05T10:00:00+01:00', date: '2030-03-05', time: '10:00' },
                    { datetime: '2030-03-05T11:00:00+01:00', date: '2030-03-05', time: '11:00' },
                    { datetime: '2030-03-06T09:00:00+01:00', date: '2030-03-06', time: '09:00' },
                  ],
                }),
              })
            : route.continue(),
        );
        await dialog.getByRole('button', { name: 'Prenota' }).click();
        await dialog.getByText('Orari liberi più vicini', { exact: true }).waitFor();
        await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await shot(page, 'booking-taken', width);
        await page.unroute('**/api/appointments/');

        await dialog.locator('button[aria-pressed]:not([disabled])').first().click();
        await dialog.getByRole('radio').first().click();
        await dialog.getByRole('button', { name: 'Prenota' }).click();
        await page.getByRole('dialog', { name: 'Richiesta inviata' }).waitFor();
        await shot(page, 'booking-success', width);
        await page.getByRole('button', { name: 'Ho capito' }).click();
        await shot(page, 'booking-page', width, true);

        await page.goto(`${server.baseUrl}/appuntamenti`);
        await page.getByText('Confermato').first().waitFor();
        await shot(page, 'customer-confirmed', width, true);
        await page.getByRole('tab', { name: /In Attesa/ }).click();
        await page.getByRole('button', { name: 'Annulla richiesta' }).first().click();
        await shot(page, 'customer-pending', width, true);

        await signIn(page, cast.designerUser);
        await page.goto(`${server.baseUrl}/appuntamenti`);
        await page.getByRole('button', { name: 'Conferma' }).first().waitFor();
        await shot(page, 'designer-appointments', width, true);
        await page.getByRole('button', { name: 'Elimina' }).first().click();
        await page.getByRole('alertdialog', { name: 'Conferma Eliminazione' }).waitFor();
        await shot(page, 'designer-delete-confirm', width);
        await page.getByRole('button', { name: 'Annulla' }).click();

        await page.getByRole('button', { name: 'Gestione Disponibilità' }).click();
        const editor = page.getByRole('dialog', { name: 'Gestione Disponibilità' });
        await editor.getByRole('button', { name: 'Salva disponibilità' }).waitFor();
        await shot(page, 'availability-editor', width);
        await editor.getByRole('combobox', { name: 'Martedì, fascia 2: inizio' }).selectOption({ label: '12:00' });
        await shot(page, 'availability-overlap', width);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: /Appuntamenti confermati/ }).click();
        await page.getByRole('dialog', { name: 'I Miei Appuntamenti' }).getByRole('tab', { name: /Confermati/ }).click();
        await shot(page, 'designer-modal-confirmed', width);
        await page.keyboard.press('Escape');

        await page.goto(`${server.baseUrl}/designer-profile`);
        await page.getByRole('button', { name: /Fasce di disponibilità/ }).waitFor();
        // Every counter has its number (a counter still loading is aria-busy), and the requests above
        // them have arrived (they say 'Caricamento appuntamenti...' until then).
        await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null && !document.body.innerText.includes('Caricamento'));
        await page.getByRole('button', { name: /Fasce di disponibilità/ }).scrollIntoViewIfNeeded();
        await shot(page, 'dashboard-counters', width);

        await signIn(page, cast.customerUser);
        await page.goto(`${server.baseUrl}/profile/${cast.designerId}`);
        await page.getByRole('button', { name: 'Prenota videochiamata' }).waitFor();
        await shot(page, 'public-profile-book', width);
      } finally {
        await session.close();
      }
    });
  }
});
