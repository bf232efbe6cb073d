import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Account } from './harness/api';
import { inBrowser, openBrowser, saveScreenshot, untilServiceWorkerControls, type BrowserSession } from './harness/browser';
import { makeJpegFiles } from './harness/designers';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Journeys across the two sides (issue 15, items 3–6), each starting from a fresh browser, acting
 * through the UI only and ending on the server's state read through the API, at 390 and 1280 px:
 * - a customer books in one browser and the designer's dashboard, open in another, shows the
 *   pending request without a reload; confirming it inline confirms it on the server; offline, the
 *   inline confirmation waits in the outbox and is sent once;
 * - a confirmed call in the future cannot be completed (no button, and the API answers 409);
 * - a request refused inline shows in the customer's history under "Annullati";
 * - the demo designer edits the gallery of the demo catalogue (remove one, add one);
 * - a like from a card moves the count by exactly one on the card, the heart and every API.
 */

const WIDTHS = [390, 1280] as const;
/** Within this time a booking must reach an open dashboard (the fallback poll is much slower). */
const LIVE_MS = 10_000;

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startInterno({ INTERNO_DEMO: 'true', INTERNO_RATE_LIMITS: 'off', INTERNO_CALL_BASE_URL: 'https://meet.example' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
});

function emailOf(account: Account): string {
  return String(account.user.email);
}

/** Opens the home page as a stranger and answers the cookie banner. */
async function arrive(page: Page): Promise<void> {
  await page.goto(server.baseUrl);
  await page.getByRole('button', { name: 'Solo Essenziali' }).click();
}

/** Signs in through the top bar's "Accedi" and the login form. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  await arrive(page);
  await page.getByRole('link', { name: 'Accedi' }).first().click();
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** Counts full navigations of the page's main frame (a reload would add one). */
function navigations(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

function pendingRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Richieste in attesa' });
}

/** The designer's appointment as the API has it. */
async function designerAppointment(token: string, id: number): Promise<Record<string, any>> {
  const list = await api.must(200, 'GET', '/api/appointments/designer?limit=100', token);
  const found = (list.appointments as Array<Record<string, any>>).find((a) => a.appointment_id === id);
  if (!found) throw new Error(`appointment ${id} is not in the designer's list`);
  return found;
}

async function bookFirstSlot(page: Page, designerId: number, message: string): Promise<void> {
  await page.goto(`${server.baseUrl}/profile/${designerId}`);
  await page.getByRole('button', { name: 'Prenota videochiamata' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
  await dialog.waitFor();
  const calendar = dialog.getByRole('group', { name: 'Calendario dei giorni disponibili' });
  await dialog.getByRole('radio').first().or(dialog.getByText('Nessun orario disponibile per questa data.')).waitFor();
  await calendar.locator('button[aria-pressed]:not([disabled])').first().click();
  await dialog.getByRole('radio').first().click();
  await dialog.getByLabel('Messaggio per il designer (facoltativo)').fill(message);
  await dialog.getByRole('button', { name: 'Prenota' }).click();
  const success = page.getByRole('dialog', { name: 'Richiesta inviata' });
  await success.waitFor();
  await success.getByRole('button', { name: 'Ho capito' }).click();
}

describe('designers see and act on new requests', () => {
  for (const width of WIDTHS) {
    it(`a booking made in one browser appears on the open dashboard without reload and is confirmed inline (${width} px)`, async () => {
      const studio = await api.designer(`Studio Aperto ${width}`);
      const anna = await api.customer(`Anna Neri ${width}`);
      let designerSide: BrowserSession | null = null;
      let customerSide: BrowserSession | null = null;
      try {
        designerSide = await openBrowser({ baseUrl: server.baseUrl, width, height: 900 });
        customerSide = await openBrowser({ baseUrl: server.baseUrl, width, height: 900 });
        const dpage = designerSide.page;
        await logIn(dpage, emailOf(studio), 'designer123');
        await dpage.waitForURL(/\/designer-profile$/);
        const region = pendingRegion(dpage);
        await region.getByText('Nessuna richiesta in attesa').waitFor();
        const loads = navigations(dpage);
        const before = loads();

        const cpage = customerSide.page;
        await logIn(cpage, emailOf(anna), 'password123');
        await cpage.waitForURL(/\/user-profile$/);
        await bookFirstSlot(cpage, studio.id, 'Vorrei ripensare la cucina.');

        // The dashboard learns of it through the event stream, within seconds, without a reload.
        const card = region.getByRole('listitem').filter({ hasText: `Anna Neri ${width}` });
        await card.waitFor({ timeout: LIVE_MS });
        await region.getByText('1 richiesta da gestire').waitFor();
        expect(await card.getByText('Vorrei ripensare la cucina.').count()).toBe(1);
        expect(loads()).toBe(before);
        await saveScreenshot(dpage, `journey-pending-${width}`);

        await card.getByRole('button', { name: 'Conferma', exact: true }).click();
        await region.getByText('Nessuna richiesta in attesa').waitFor();
        expect(loads()).toBe(before);
        // The notice says where the call's link is, and opens it there.
        await region.getByRole('button', { name: 'Apri I Miei Appuntamenti' }).click();
        const modal = dpage.getByRole('dialog', { name: 'I Miei Appuntamenti' });
        await modal.getByRole('listitem').filter({ hasText: `Anna Neri ${width}` }).getByRole('link', { name: 'Partecipa alla chiamata' }).waitFor();

        const list = await api.must(200, 'GET', '/api/appointments/designer?limit=100', studio.token);
        expect(list.appointments).toHaveLength(1);
        expect(list.appointments[0].status).toBe('confirmed');
        expect(list.appointments[0].call_link).toMatch(/^https:\/\/meet\.example\//);
        const mine = await api.must(200, 'GET', '/api/appointments/user', anna.token);
        expect(mine.appointments[0].status).toBe('confirmed');
      } catch (error) {
        if (designerSide) await saveScreenshot(designerSide.page, `failed-journey-pending-designer-${width}`).catch(() => null);
        if (customerSide) await saveScreenshot(customerSide.page, `failed-journey-pending-customer-${width}`).catch(() => null);
        throw error;
      } finally {
        await designerSide?.close();
        await customerSide?.close();
      }
    });

    it(`a confirmed call in the future cannot be completed (${width} px)`, async () => {
      const booked = await api.pendingRequest(`Bruno Gialli ${width}`, `Studio Futuro ${width}`);
      await inBrowser(`journey-future-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await logIn(page, emailOf(booked.designer), 'designer123');
        await page.waitForURL(/\/designer-profile$/);
        const card = pendingRegion(page).getByRole('listitem').filter({ hasText: `Bruno Gialli ${width}` });
        await card.getByRole('button', { name: 'Conferma', exact: true }).click();
        await pendingRegion(page).getByText('Nessuna richiesta in attesa').waitFor();

        await page.getByRole('button', { name: /Appuntamenti confermati/ }).click();
        const modal = page.getByRole('dialog', { name: 'I Miei Appuntamenti' });
        const confirmed = modal.getByRole('listitem').filter({ hasText: `Bruno Gialli ${width}` });
        await confirmed.getByText('Confermato').waitFor();
        await confirmed.getByText(/Potrai segnarla come completata dall'inizio della chiamata/).waitFor();
        expect(await confirmed.getByRole('button', { name: 'Segna Completato' }).count()).toBe(0);
        await saveScreenshot(page, `journey-future-${width}`);
      });
      const refused = await api.call('PUT', `/api/appointments/${booked.appointmentId}/complete`, booked.designer.token, {});
      expect(refused.status).toBe(409);
      expect(refused.json.reason).toBe('call_not_started');
      expect((await designerAppointment(booked.designer.token, booked.appointmentId)).status).toBe('confirmed');
    });

    it(`a request refused inline shows in the customer's history under Annullati (${width} px)`, async () => {
      const booked = await api.pendingRequest(`Carla Blu ${width}`, `Studio Pieno ${width}`);
      await inBrowser(`journey-reject-designer-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await logIn(page, emailOf(booked.designer), 'designer123');
        await page.waitForURL(/\/designer-profile$/);
        const card = pendingRegion(page).getByRole('listitem').filter({ hasText: `Carla Blu ${width}` });
        await card.getByRole('button', { name: 'Rifiuta', exact: true }).click();
        await card.getByLabel('Motivo per il cliente (facoltativo)').fill('Quel giorno sono in cantiere fuori città.');
        await card.getByRole('button', { name: 'Rifiuta richiesta' }).click();
        await pendingRegion(page).getByText('Nessuna richiesta in attesa').waitFor();
      });
      await inBrowser(`journey-reject-customer-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await logIn(page, emailOf(booked.customer), 'password123');
        await page.waitForURL(/\/user-profile$/);
        await page.goto(`${server.baseUrl}/appuntamenti`);
        await page.getByRole('tab', { name: /Completati/ }).waitFor();
        await page.getByRole('tab', { name: /Annullati/ }).click();
        const card = page.getByRole('listitem').filter({ hasText: `Studio Pieno ${width}` });
        await card.getByText('Annullato').waitFor();
        await card.getByText(/Quel giorno sono in cantiere fuori città\./).waitFor();
        await saveScreenshot(page, `journey-history-${width}`);
      });
      const mine = await api.must(200, 'GET', '/api/appointments/user', booked.customer.token);
      expect(mine.appointments[0]).toMatchObject({ status: 'cancelled', cancelled_by: 'designer', reason: 'Quel giorno sono in cantiere fuori città.' });
    });
  }

  it('confirms inline while offline: the step waits in the outbox and is sent once', async () => {
    const booked = await api.pendingRequest('Dario Rosa', 'Studio Cantiere');
    await inBrowser('journey-pending-offline', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await logIn(page, emailOf(booked.designer), 'designer123');
      await page.waitForURL(/\/designer-profile$/);
      const card = pendingRegion(page).getByRole('listitem').filter({ hasText: 'Dario Rosa' });
      await card.waitFor();
      await untilServiceWorkerControls(page);
      await context.setOffline(true);
      // The installed app opened without a connection shows the requests it last saw.
      await page.reload();
      await card.waitFor();
      await card.getByRole('button', { name: 'Conferma', exact: true }).click();
      await card.getByText('Conferma in invio: partirà appena sei di nuovo online.').waitFor();
      expect((await designerAppointment(booked.designer.token, booked.appointmentId)).status).toBe('pending');
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      // The summary already says none while the step waits (it counts as answered), so wait for the
      // server to have it, with the page still open, and then for the card to leave the list.
      await expect
        .poll(async () => (await designerAppointment(booked.designer.token, booked.appointmentId)).status, { timeout: 20_000, interval: 250 })
        .toBe('confirmed');
      await pendingRegion(page).getByText('Nessuna richiesta in attesa').waitFor({ timeout: 20_000 });
      await card.waitFor({ state: 'detached', timeout: 20_000 });
    });
    const confirmed = await designerAppointment(booked.designer.token, booked.appointmentId);
    expect(confirmed.status).toBe('confirmed');
  });
});

describe('the demo designer edits the gallery', () => {
  for (const width of WIDTHS) {
    it(`removes one picture and adds one, and the server keeps the new gallery (${width} px)`, async () => {
      const owner = await api.login('designer@interno.demo', 'InternoDesigner2026!');
      const before = (await api.must(200, 'GET', '/api/designers/by-email/designer@interno.demo', owner.token)) as { id: number; gallery_images: string[] };
      expect(before.gallery_images.length).toBeGreaterThanOrEqual(2);
      await inBrowser(`journey-gallery-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await logIn(page, 'designer@interno.demo', 'InternoDesigner2026!');
        await page.waitForURL(/\/designer-profile$/);
        await page.getByRole('button', { name: 'Modifica profilo' }).click();
        const modal = page.getByRole('dialog', { name: 'Modifica profilo' });
        await modal.waitFor();
        await modal.getByRole('button', { name: /^Rimuovi l.immagine 1$/ }).click();
        const [file] = await makeJpegFiles(page, [`terrazzo-${width}.jpg`]);
        await modal.locator('input[type="file"][multiple]').setInputFiles(file ? [file] : []);
        await modal.getByText(`${before.gallery_images.length} di 12 immagini`).waitFor();
        await modal.getByRole('button', { name: 'Salva modifiche' }).click();
        await modal.waitFor({ state: 'detached' });
        await page.getByText('Profilo aggiornato.').waitFor();
      });
      const after = (await api.must(200, 'GET', `/api/designers/${before.id}`, null)) as { gallery_images: string[] };
      expect(after.gallery_images).toHaveLength(before.gallery_images.length);
      expect(after.gallery_images.slice(0, -1)).toEqual(before.gallery_images.slice(1));
      expect(after.gallery_images.at(-1)).toMatch(/^\/api\/uploads\/gallery\//);
    });
  }
});

describe('one like, counted once everywhere', () => {
  for (const width of WIDTHS) {
    it(`a like from a matched designer's card moves every count by exactly one (${width} px)`, async () => {
      let designerId = 0;
      let before = 0;
      let customerEmail = '';
      await inBrowser(`journey-like-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await arrive(page);
        await page.getByRole('link', { name: 'Inizia il test di stile' }).first().click();
        const options = page.locator('label:has(input[type="radio"])');
        for (const [i, pick] of [2, 2, 4, 2, 0, 2, 1].entries()) {
          await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
          await options.nth(pick).click();
          await page.getByRole('button', { name: /^(Avanti|Completa)$/ }).click();
        }
        await page.getByRole('heading', { level: 1, name: /^Il tuo stile è/ }).waitFor();
        await page.getByRole('button', { name: 'Registrati' }).click();
        await page.waitForURL(/\/login/);
        customerEmail = `fan-${width}-${Date.now()}@example.com`;
        await page.getByLabel('Nome', { exact: true }).fill(`Lia Verdi ${width}`);
        await page.getByLabel('Email', { exact: true }).fill(customerEmail);
        await page.getByLabel('Password', { exact: true }).fill('salotto-verde-2026');
        await page.getByLabel('Conferma password').fill('salotto-verde-2026');
        await page.getByRole('button', { name: 'Registrati', exact: true }).click();
        await page.waitForURL(/\/user-profile$/);

        const card = page.locator('article').first();
        await card.waitFor();
        // The score is shown once per card.
        expect((await card.textContent())?.match(/\d+%/g) ?? []).toHaveLength(1);
        const href = (await card.getByRole('link', { name: 'Vedi profilo' }).getAttribute('href')) ?? '';
        designerId = Number(/\/profile\/(\d+)$/.exec(href)?.[1]);
        expect(designerId).toBeGreaterThan(0);
        // One like count per card: the heart's, the same number the API counts from the likes.
        const heart = card.getByTestId('like-count');
        const button = card.getByTestId('like-button');
        const name = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
        before = (await api.must(200, 'GET', `/api/likes/designer/${designerId}/count`, null)).like_count as number;
        // The profile's stored count is the same number (the demo catalogue stores none of its own).
        expect((await api.must(200, 'GET', `/api/designers/${designerId}`, null)).like_count).toBe(before);
        await expect.poll(() => heart.textContent()).toBe(String(before));
        expect(await button.getAttribute('aria-label')).toBe(`${name}: ${before} mi piace`);
        expect(await card.getByText(/mi piace/).count()).toBe(0);

        await button.click();
        await expect.poll(() => heart.textContent()).toBe(String(before + 1));
        await expect.poll(() => button.getAttribute('aria-label')).toBe(`${name}: ${before + 1} mi piace`);
        // The like goes through the outbox: the server has it once the send is done, which takes more
        // than expect.poll's default second on a busy machine.
        await expect
          .poll(async () => (await api.must(200, 'GET', `/api/likes/designer/${designerId}/count`, null)).like_count, { timeout: 20_000 })
          .toBe(before + 1);
        await saveScreenshot(page, `journey-like-${width}`);
      });
      const admin = await api.login('admin@interno.demo', 'InternoAdmin2026!');
      const fan = await api.login(customerEmail, 'salotto-verde-2026');
      expect((await api.must(200, 'GET', `/api/designers/${designerId}`, null)).like_count).toBe(before + 1);
      expect((await api.must(200, 'GET', `/api/likes/stats/${designerId}`, admin.token)).total_likes).toBe(before + 1);
      expect((await api.must(200, 'GET', `/api/likes/status/${designerId}`, fan.token)).is_liked).toBe(true);
      const matches = await api.must(200, 'GET', `/api/designers/matches?user_id=${fan.user.id}&limit=50`, fan.token);
      const matched = (matches.designers as Array<{ id: number; like_count: number }>).find((d) => d.id === designerId);
      expect(matched?.like_count).toBe(before + 1);
    });
  }
});
