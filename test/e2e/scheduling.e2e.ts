import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, untilSettled } from './harness/browser';
import { apiClient, type Account } from './harness/api';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Scheduling journeys: a customer books, the designer confirms, the customer sees the confirmed call
 * with its link; a customer cancels a pending request (online and offline); a slot taken meanwhile
 * gives the spec's message and the nearest alternatives; offline, booking becomes a request on the
 * slots last seen (disabled when none was ever seen).
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;
const must = (...args: Parameters<ReturnType<typeof apiClient>['must']>) => api.must(...args);
const customer = (name: string) => api.customer(name);
const designer = (...args: Parameters<ReturnType<typeof apiClient>['designer']>) => api.designer(...args);
const freeSlots = (id: number) => api.freeSlots(id);
const signIn = (page: Page, account: Account) => api.signIn(page, account);

function bookingDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Prenota una videochiamata' });
}

/** Picks the first day the calendar offers and the first slot of that day; returns the slot's time. */
async function chooseFirstSlot(page: Page): Promise<string> {
  const dialog = bookingDialog(page);
  const calendar = dialog.getByRole('group', { name: 'Calendario dei giorni disponibili' });
  await dialog.getByRole('radio').first().or(dialog.getByText('Nessun orario disponibile per questa data.')).waitFor();
  await calendar.locator('button[aria-pressed]:not([disabled])').first().click();
  const first = dialog.getByRole('radio').first();
  await first.click();
  return (await first.textContent()) ?? '';
}

beforeAll(async () => {
  server = await startInterno({ INTERNO_CALL_BASE_URL: 'https://meet.example', INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});

describe('scheduling', () => {
  it('customer books → designer confirms → customer sees Confermato and the call link', async () => {
    const sofia = await designer('Sofia Marino');
    const anna = await customer('Anna Neri');

    await inBrowser('booking-customer', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, anna);
      // The public profile composes scheduling's BookButton.
      await page.goto(`${server.baseUrl}/profile/${sofia.id}`);
      await page.getByRole('button', { name: 'Prenota videochiamata' }).click();
      const dialog = bookingDialog(page);
      await dialog.waitFor();
      expect(await dialog.getByLabel('Data').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const time = await chooseFirstSlot(page);
      await dialog.getByLabel('Messaggio per il designer (facoltativo)').fill('Vorrei rinnovare il soggiorno.');
      await dialog.getByRole('button', { name: 'Prenota' }).click();
      const success = page.getByRole('dialog', { name: 'Richiesta inviata' });
      await success.waitFor();
      expect(await success.getByText('In attesa di conferma').count()).toBe(1);
      expect(await success.textContent()).toContain(time);
      await success.getByRole('button', { name: 'Ho capito' }).click();
    });

    await inBrowser('booking-designer', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      await signIn(page, sofia);
      // The dashboard composes the two scheduling counters; confirmed appointments opens the list.
      await page.goto(`${server.baseUrl}/designer-profile`);
      const counter = page.getByRole('button', { name: /Appuntamenti confermati/ });
      // Wait for the state like every Playwright step (expect.poll gives up after one second).
      await counter.filter({ hasText: '0' }).waitFor();
      const windows = page.getByRole('button', { name: /Fasce di disponibilità/ });
      await windows.filter({ hasText: '7' }).waitFor();
      await counter.click();
      const modal = page.getByRole('dialog', { name: 'I Miei Appuntamenti' });
      const card = modal.getByRole('listitem').filter({ hasText: 'Anna Neri' });
      await card.waitFor();
      expect(await card.getByText('Vorrei rinnovare il soggiorno.').count()).toBe(1);
      expect(await card.getByText('In attesa').count()).toBe(1);
      await card.getByRole('button', { name: 'Conferma' }).click();
      await card.getByText('Confermato').waitFor();
      const link = card.getByRole('link', { name: 'Partecipa alla chiamata' });
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/meet\.example\/Interno-[a-z0-9]{16,}$/);
      expect(await link.getAttribute('target')).toBe('_blank');
      const tabs = modal.getByRole('tablist', { name: 'Appuntamenti per stato' });
      expect(await tabs.getByRole('tab', { name: /Confermati/ }).textContent()).toContain('1');
      await page.keyboard.press('Escape');
      await counter.filter({ hasText: '1' }).waitFor();
    });

    await inBrowser('booking-confirmed', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, anna);
      await page.goto(`${server.baseUrl}/appuntamenti`);
      const card = page.getByRole('listitem').filter({ hasText: 'Sofia Marino' });
      await card.getByText('Confermato').waitFor();
      const link = card.getByRole('link', { name: 'Partecipa alla chiamata' });
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/meet\.example\/Interno-/);
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Aggiungi al calendario' }).click();
      expect((await download).suggestedFilename()).toMatch(/^appuntamento-interno-\d+\.ics$/);
    });
  });

  it('customer cancels a pending booking, also while offline', async () => {
    const bea = await designer('Bea Verdi');
    const bruno = await customer('Bruno Gialli');
    const slots = await freeSlots(bea.id);
    const first = await must(201, 'POST', '/api/appointments/', bruno.token, { designer_id: bea.id, appointment_date: slots[0]?.datetime });
    const second = await must(201, 'POST', '/api/appointments/', bruno.token, { designer_id: bea.id, appointment_date: slots[1]?.datetime });

    await inBrowser('cancel-pending', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await signIn(page, bruno);
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await page.getByRole('tab', { name: /In Attesa/ }).click();
      const cards = page.getByRole('listitem').filter({ hasText: 'Bea Verdi' });
      await cards.nth(1).waitFor();
      expect(await page.getByRole('tab', { name: /Confermati/ }).textContent()).toContain('0');

      await cards.first().getByRole('button', { name: 'Annulla richiesta' }).click();
      await cards.first().getByRole('button', { name: 'Sì, annulla' }).click();
      await expect.poll(async () => cards.count()).toBe(1);
      expect((await must(200, 'GET', `/api/appointments/${first.appointment_id}`, bruno.token)).status).toBe('cancelled');

      // Offline: the cancellation waits in the outbox and leaves when the connection returns.
      await context.setOffline(true);
      await cards.first().getByRole('button', { name: 'Annulla richiesta' }).click();
      await cards.first().getByRole('button', { name: 'Sì, annulla' }).click();
      await cards.first().getByText('Annullamento in invio: partirà appena sei di nuovo online.').waitFor();
      expect((await must(200, 'GET', `/api/appointments/${second.appointment_id}`, bruno.token)).status).toBe('pending');
      await context.setOffline(false);
      await page.getByText('Nessuna richiesta in attesa').waitFor({ timeout: 30_000 });
      expect((await must(200, 'GET', `/api/appointments/${second.appointment_id}`, bruno.token)).status).toBe('cancelled');
    });
  });

  it("a slot taken meanwhile shows the spec's message and the nearest alternatives", async () => {
    const chiara = await designer('Chiara Galli');
    const dario = await customer('Dario Blu');
    const elena = await customer('Elena Rosa');

    await inBrowser('slot-taken', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      // Hold the slot list still while the other customer books, so the conflict reaches the server
      // (the 15-second refresh would otherwise be allowed to notice it first).
      let frozen: string | null = null;
      let hold = true;
      await page.route('**/api/appointments/available-slots/**', async (route: Route) => {
        if (hold && frozen !== null) {
          await route.fulfill({ status: 200, contentType: 'application/json', body: frozen });
          return;
        }
        try {
          const response = await route.fetch();
          const body = await response.text();
          if (hold) frozen = body;
          await route.fulfill({ response, body });
        } catch (error) {
          // A refresh still in flight when the journey ends and the browser closes: nothing to answer.
          if (!page.isClosed()) throw error;
        }
      });
      await signIn(page, dario);
      await page.goto(`${server.baseUrl}/appuntamenti/prenota/${chiara.id}`);
      const dialog = bookingDialog(page);
      await dialog.waitFor();
      const time = await chooseFirstSlot(page);
      const date = await dialog.getByLabel('Data').inputValue();
      const [day, month, year] = date.split('/');
      const taken = (await freeSlots(chiara.id)).find((s) => s.date === `${year}-${month}-${day}` && s.time === time);
      expect(taken).toBeTruthy();
      await must(201, 'POST', '/api/appointments/', elena.token, { designer_id: chiara.id, appointment_date: taken?.datetime });

      hold = false;
      await dialog.getByRole('button', { name: 'Prenota' }).click();
      const alert = dialog.getByRole('alert').filter({ hasText: "L'orario selezionato non è più disponibile. Seleziona un altro orario." });
      await alert.waitFor();
      await alert.getByText('Orari liberi più vicini').waitFor();
      const alternatives = alert.getByRole('button', { name: /^Scegli / });
      expect(await alternatives.count()).toBe(3);
      // The reloaded list no longer offers the taken time on that day.
      await expect.poll(async () => dialog.getByRole('radio', { name: time }).count()).toBe(0);

      await alternatives.first().click();
      expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(1);
      await dialog.getByRole('button', { name: 'Prenota' }).click();
      await page.getByRole('dialog', { name: 'Richiesta inviata' }).waitFor();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });

  it('offline, a booking becomes a request on the slots last seen; with none ever seen it stays disabled', async () => {
    const fabio = await designer('Fabio Neri');
    const nora = await designer('Nora Pace');
    const gaia = await customer('Gaia Verdi');
    await inBrowser('booking-offline', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await signIn(page, gaia);
      await page.goto(`${server.baseUrl}/appuntamenti/prenota/${fabio.id}`);
      const dialog = bookingDialog(page);
      await chooseFirstSlot(page);
      await context.setOffline(true);
      await dialog.getByText(/^Sei offline: questi orari erano liberi all'ultimo aggiornamento/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Invia richiesta' }).isDisabled()).toBe(false);
      await context.setOffline(false);
      await expect.poll(async () => dialog.getByRole('button', { name: 'Prenota' }).isDisabled()).toBe(false);

      // A designer whose slots never reached this device: nothing to request offline.
      await page.route(new RegExp(`/api/appointments/available-slots/${nora.id}`), (route) => route.abort('connectionreset'));
      await page.goto(`${server.baseUrl}/appuntamenti/prenota/${nora.id}`);
      await dialog.getByText('Errore nel caricamento degli orari disponibili. Riprova.').first().waitFor();
      await context.setOffline(true);
      await dialog.getByText(/^Sei offline: per prenotare serve la connessione/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Invia richiesta' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('radio').count()).toBe(0);
    });
  });

  it('has no serious accessibility violations in the booking modal, the lists and the weekly editor', async () => {
    const ivo = await designer('Ivo Sarti');
    const lia = await customer('Lia Conti');
    const slots = await freeSlots(ivo.id);
    const a = await must(201, 'POST', '/api/appointments/', lia.token, { designer_id: ivo.id, appointment_date: slots[0]?.datetime, message: 'Salotto.' });
    await must(200, 'PUT', `/api/appointments/${a.appointment_id}/confirm`, ivo.token, {});
    await must(201, 'POST', '/api/appointments/', lia.token, { designer_id: ivo.id, appointment_date: slots[1]?.datetime });
    const blocking = async (page: Page, scope?: string): Promise<string[]> => {
      await untilSettled(page);
      const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
      const results = await (scope ? builder.include(scope) : builder).analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    await inBrowser('axe-scheduling', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, lia);
      await page.goto(`${server.baseUrl}/appuntamenti/prenota/${ivo.id}`);
      await chooseFirstSlot(page);
      expect(await blocking(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await page.getByRole('link', { name: 'Partecipa alla chiamata' }).waitFor();
      expect(await blocking(page)).toEqual([]);

      await signIn(page, ivo);
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await page.getByRole('button', { name: 'Conferma', exact: true }).first().waitFor();
      expect(await blocking(page)).toEqual([]);
      await page.getByRole('button', { name: 'Gestione Disponibilità' }).click();
      await page.getByRole('button', { name: 'Salva disponibilità' }).waitFor();
      expect(await blocking(page, '[role="dialog"]')).toEqual([]);
    });
  });

  it('a new designer is told the proposed week is not saved, saves it, and a visitor can then book', async () => {
    const nina = await designer('Nina Fabbri', { week: false });
    expect(await freeSlots(nina.id)).toEqual([]);
    await inBrowser('availability-first-week', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/privacy`);
      await page.evaluate(() => localStorage.setItem('cookie-consent', 'essential'));
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('Email', { exact: true }).fill(String(nina.user.email));
      await page.getByLabel('Password', { exact: true }).fill('designer123');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/designer-profile');
      // The dashboard says nothing is open yet, where the designer looks for it.
      const windows = page.getByRole('button', { name: /^\d+\s*(Fasce di disponibilità|Disponibilità da impostare)/ });
      await windows.filter({ hasText: 'Disponibilità da impostare' }).filter({ hasText: 'I clienti non possono ancora prenotarti.' }).waitFor();
      expect(await windows.textContent()).toContain('0');
      await windows.click();
      const editor = page.getByRole('dialog', { name: 'Gestione Disponibilità' });
      const notice = editor.getByText(/^Non hai ancora salvato la tua disponibilità/);
      await notice.waitFor();
      expect(await editor.getByRole('switch', { name: 'Lunedì, fascia 1: attiva' }).isChecked()).toBe(true);
      await editor.getByRole('button', { name: 'Salva disponibilità' }).click();
      await editor.getByText('Disponibilità salvata.').waitFor();
      expect(await notice.count()).toBe(0);
      await page.keyboard.press('Escape');
      await windows.filter({ hasText: /^5Fasce di disponibilità$/ }).waitFor();
    });
    // On the server: the proposed week, and slots a visitor can book.
    const stored = (await must(200, 'GET', `/api/appointments/availability/${nina.id}`, null)) as { day_of_week: number; start_time: string; end_time: string; is_active: boolean }[];
    expect(stored.filter((w) => w.is_active).map((w) => `${w.day_of_week} ${w.start_time}-${w.end_time}`)).toEqual(
      [0, 1, 2, 3, 4].map((day) => `${day} 09:00-18:00`),
    );
    expect((await freeSlots(nina.id)).length).toBeGreaterThan(0);
  });

  it('a designer who books another designer finds the booking under "Vai ai miei appuntamenti"', async () => {
    const teo = await designer('Teo Galli');
    const rosa = await designer('Rosa Fabbri');
    await inBrowser('designer-books-designer', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, teo);
      await page.goto(`${server.baseUrl}/profile/${rosa.id}`);
      await page.getByRole('button', { name: 'Prenota videochiamata' }).click();
      const time = await chooseFirstSlot(page);
      await bookingDialog(page).getByRole('button', { name: 'Prenota' }).click();
      const success = page.getByRole('dialog', { name: 'Richiesta inviata' });
      await success.getByRole('link', { name: 'Vai ai miei appuntamenti' }).click();
      await page.waitForURL((url) => url.pathname === '/appuntamenti');
      const mine = page.getByRole('region', { name: 'Le tue prenotazioni con altri designer' });
      await mine.getByRole('tab', { name: /In Attesa/ }).click();
      const card = mine.getByRole('listitem').filter({ hasText: 'Rosa Fabbri' });
      await card.waitFor();
      expect(await card.textContent()).toContain(time);
      // Their own side of the page is still there, above.
      await page.getByRole('region', { name: 'I Miei Appuntamenti' }).waitFor();
    });
    const booked = await must(200, 'GET', '/api/appointments/user', teo.token);
    expect(booked.appointments).toMatchObject([{ designer_id: rosa.id, status: 'pending' }]);
  });

  it('lets a visitor choose a slot, then asks them to register and keeps the choice for afterwards', async () => {
    const ugo = await designer('Ugo Sala');
    await inBrowser('booking-visitor', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/privacy`);
      await page.evaluate(() => localStorage.setItem('cookie-consent', 'essential'));
      await page.goto(`${server.baseUrl}/appuntamenti/prenota/${ugo.id}`);
      const booking = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
      const slot = booking.getByRole('radio').first();
      await slot.click();
      await booking.getByRole('button', { name: 'Prenota', exact: true }).click();
      const prompt = page.getByRole('dialog', { name: 'Registrazione Richiesta' });
      await prompt.getByText('Per prenotare un appuntamento con un designer devi prima registrarti. È veloce e gratuito!').waitFor();
      await prompt.getByRole('button', { name: 'Registrati' }).click();
      await page.waitForURL(/\/login\?mode=register&redirect=appointment$/);
      const pending = await page.evaluate(() => [sessionStorage.getItem('pendingAppointment'), sessionStorage.getItem('returnAfterRegistration')]);
      expect(JSON.parse(pending[0] ?? '{}')).toMatchObject({ designer_id: ugo.id, designer_name: 'Ugo Sala' });
      expect(Date.parse(JSON.parse(pending[0] ?? '{}').appointment_date)).toBeGreaterThan(Date.now());
      expect(pending[1]).toBe(`/appuntamenti/prenota/${ugo.id}`);

      // Registered, back on the booking link: one booking modal, on the slot chosen before.
      await page.getByLabel('Nome', { exact: true }).fill('Vera Conti');
      await page.getByLabel('Email', { exact: true }).fill(`vera-${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('password123');
      await page.getByLabel('Conferma password').fill('password123');
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await page.getByRole('dialog', { name: 'Questionario Richiesto' }).getByRole('button', { name: 'Registrati senza test' }).click();
      await page.waitForURL(new RegExp(`/appuntamenti/prenota/${ugo.id}$`));
      const reopened = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
      await reopened.getByText(/^Hai scelto /).waitFor();
      await reopened.getByRole('radio', { checked: true }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Prenota una videochiamata' }).count()).toBe(1);
    });
  });
});
