import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './harness/api';
import { outboxRows, requestsInFlight, untilAtRest } from './harness/device';
import { inBrowser, saveScreenshot, untilServiceWorkerControls } from './harness/browser';
import { mailedLink } from './harness/mail';
import { startInterno, type RunningServer } from './harness/server';

/**
 * The journeys that join the screens (issue 15): a visitor takes the quiz, looks at the matched
 * designers, acts on a card (write, like, book), registers, and finds what they did done; a
 * signed-in customer takes the quiz and the account keeps the result. Each starts as a stranger in a
 * fresh browser, acts through the UI only, and ends on the server's state through the API.
 */

const options = (page: Page) => page.locator('label:has(input[type="radio"])');
const next = (page: Page) => page.getByRole('button', { name: /^(Avanti|Completa)$/ });
/** Answers giving Minimal Contemporaneo (style C), as in the matching journey. */
const PICKS = [2, 2, 4, 2, 0, 2, 1];
const PASSWORD = 'salotto-verde-2026';

let counter = 0;
function newEmail(kind: string, width: number): string {
  counter += 1;
  return `${kind}-${width}-${counter}-${Date.now()}@example.com`;
}

async function acceptEssentialCookies(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl);
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
  await page.reload();
}

/** From the home page: the test, seven answers, the result screen. */
async function takeQuiz(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Inizia il test di stile' }).first().click();
  for (const [i, pick] of PICKS.entries()) {
    await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
    await options(page).nth(pick).click();
    await next(page).click();
  }
  await page.getByRole('heading', { level: 1, name: 'Il tuo stile è Minimal Contemporaneo' }).waitFor();
  // The keyboard and a screen reader go on from the result's heading, as from each question's.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Il tuo stile è Minimal Contemporaneo');
}

/** Whether some of the element is inside the 844 px tall phone viewport. */
async function onScreen(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y < 844 && box.y + box.height > 0;
}

/** The result screen's "Mostra Designer", then the first card, its designer id and name. */
async function firstCard(page: Page): Promise<{ card: Locator; id: number; name: string }> {
  await page.getByRole('button', { name: 'Mostra Designer' }).click();
  await page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' }).waitFor();
  const card = page.locator('article').first();
  await card.waitFor();
  const href = (await card.getByRole('link', { name: 'Vedi profilo' }).getAttribute('href')) ?? '';
  const id = Number(/\/profile\/(\d+)/.exec(href)?.[1]);
  const name = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  expect(id).toBeGreaterThan(0);
  return { card, id, name };
}

/**
 * Fills the fields and checks that each kept its text. Twice in some ten full runs (2026-11-26) the
 * registration form's first field came out empty: the form was on screen while the page behind the
 * "Registrazione Richiesta" dialog was still inert (the dialog gave it back after the next paint), so
 * the first fill went nowhere. Dialogs now give the page back in the commit that removes them
 * (shared/ui/dialogLayer.ts; Modal.test.tsx), and a lost text fails here instead of being typed again.
 */
async function fillKept(fields: Array<[Locator, string]>): Promise<void> {
  for (const [field, value] of fields) await field.fill(value);
  for (const [field, value] of fields) expect(await field.inputValue()).toBe(value);
}

/** The registration form, reached from a "Registrazione Richiesta" dialog; never asks for the quiz again. */
async function register(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/login\?/);
  await fillKept([
    [page.getByLabel('Nome', { exact: true }), 'Giulia Neri'],
    [page.getByLabel('Email', { exact: true }), email],
    [page.getByLabel('Password', { exact: true }), PASSWORD],
    [page.getByLabel('Conferma password'), PASSWORD],
  ]);
  await page.getByRole('button', { name: 'Registrati', exact: true }).click();
  // Someone who has just finished the questionnaire is never asked to take it.
  await page.waitForURL((url) => url.pathname !== '/login');
  expect(await page.getByRole('dialog', { name: 'Questionario Richiesto' }).count()).toBe(0);
}

/**
 * The slot a visitor chose, as the server names it: the free slot of that designer whose Italian
 * date and time are the ones the modal says ("Hai scelto lunedì 4 marzo 2030 alle 10:00.").
 */
async function visitorSlot(page: Page, designerId: number, chosen: string): Promise<string> {
  const time = /alle (\d{2}:\d{2})/.exec(chosen)?.[1] ?? '';
  const slots = await page.evaluate(async (id) => {
    const answer = await fetch(`/api/appointments/available-slots/${id}`);
    return ((await answer.json()) as { slots: { datetime: string; date: string; time: string }[] }).slots;
  }, designerId);
  const day = (iso: string) =>
    new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
  const match = slots.find((s) => s.time === time && chosen.includes(day(s.date)));
  expect(match, `no free slot matches "${chosen}"`).toBeDefined();
  return match?.datetime ?? '';
}

describe('journeys across registration', () => {
  let server: RunningServer;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    server = await startInterno({ INTERNO_DEMO: 'true' });
    api = apiClient(server.baseUrl);
  });

  afterAll(async () => {
    await server.stop();
  });

  /** The demo's designer at this place of the public list. */
  async function demoDesigner(index: number): Promise<{ id: number; name: string }> {
    const { designers } = (await api.must(200, 'GET', `/api/designers?limit=${index + 1}`, null)) as { designers: { id: number; name: string }[] };
    const designer = designers[index];
    expect(designer).toBeDefined();
    return designer as { id: number; name: string };
  }

  /**
   * How many times the account's one conversation with the designer holds the text: 0 without one,
   * and a hundred per conversation when there are several, so that such a case never reads as 1.
   */
  async function timesSent(token: string, designerId: number, text: string): Promise<number> {
    const { contacts } = (await api.must(200, 'GET', '/api/contacts/my-contacts', token)) as { contacts: { id: number; designer_id: number }[] };
    const mine = contacts.filter((c) => c.designer_id === designerId);
    if (mine.length !== 1) return mine.length * 100;
    const contact = await api.must(200, 'GET', `/api/contacts/${mine[0]?.id}?mark_read=false&limit=200`, token);
    return (contact.messages as { message: string }[]).filter((m) => m.message === text).length;
  }

  /** The account's style, read as the profile reads it. */
  async function dominantStyleOf(token: string): Promise<unknown> {
    const me = await api.must(200, 'GET', '/api/users/me', token);
    return me.user?.style_analysis?.dominant_style ?? null;
  }

  it('a visitor who reloads mid-quiz keeps the answers, and one who opens a designer from the results and comes back (or reloads) finds them where they were; the account then keeps the style', async () => {
    await inBrowser('journey-back-to-results', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await acceptEssentialCookies(page, server.baseUrl);
      await page.getByRole('link', { name: 'Inizia il test di stile' }).first().click();
      for (const [i, pick] of PICKS.slice(0, 3).entries()) {
        await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
        await options(page).nth(pick).click();
        await next(page).click();
      }
      // A reload on the fourth question: the same question, the earlier answers kept.
      await page.getByText('Domanda 4 di 7').waitFor();
      await page.reload();
      await page.getByText('Domanda 4 di 7').waitFor();
      await page.getByRole('button', { name: 'Indietro' }).click();
      await page.getByText('Domanda 3 di 7').waitFor();
      expect(await options(page).nth(PICKS[2] ?? 0).locator('input').isChecked()).toBe(true);
      await next(page).click();
      for (const [i, pick] of PICKS.entries()) {
        if (i < 3) continue;
        await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
        await options(page).nth(pick).click();
        await next(page).click();
      }
      const result = page.getByRole('heading', { level: 1, name: 'Il tuo stile è Minimal Contemporaneo' });
      await result.waitFor();
      // A reload on the result keeps it.
      await page.reload();
      await result.waitFor();

      await page.getByRole('button', { name: 'Mostra Designer' }).click();
      await page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' }).waitFor();
      const cards = page.locator('article');
      await cards.nth(4).waitFor();
      await page.getByRole('button', { name: 'Carica altri designer' }).click();
      await cards.nth(7).waitFor();
      const names = async (): Promise<string[]> => (await cards.getByRole('heading', { level: 3 }).allTextContents()).map((n) => n.trim());
      const seen = await names();
      expect(seen.length).toBeGreaterThan(5);

      // The eighth designer's profile, then Back: the same designers, the eighth on screen.
      const eighth = cards.nth(7);
      await eighth.scrollIntoViewIfNeeded();
      await eighth.getByRole('link', { name: 'Vedi profilo' }).click();
      await page.waitForURL(/\/profile\/\d+$/);
      await page.getByRole('heading', { level: 1, name: seen[7] }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' }).waitFor();
      await cards.nth(7).waitFor();
      expect(await names()).toEqual(seen);
      await expect.poll(() => onScreen(cards.nth(7))).toBe(true);

      // A reload there too, at once (before the scroll's own save, 200 ms after it): the same
      // designers, the eighth on screen again once its page has come.
      await page.reload();
      await cards.nth(7).waitFor();
      expect(await names()).toEqual(seen);
      await expect.poll(() => onScreen(cards.nth(7))).toBe(true);
      await saveScreenshot(page, 'journey-back-to-results-390');

      // The journey still carries the result to registration.
      await page.getByRole('button', { name: 'Registrati' }).first().click();
      const email = newEmail('back', 390);
      await register(page, email);
      const account = await api.login(email, PASSWORD);
      expect(await dominantStyleOf(account.token)).toBe('C');
    });
  });

  it("a visitor who goes back with the phone's Back button steps back one question at a time, keeps every answer, comes forward to the result and the designers again; the account then keeps the style", async () => {
    await inBrowser('journey-back-button', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await acceptEssentialCookies(page, server.baseUrl);
      await page.getByRole('link', { name: 'Inizia il test di stile' }).first().click();
      const question = (n: number) => page.getByText(`Domanda ${n} di 7`);
      const chosen = (i: number) => options(page).nth(PICKS[i] ?? 0).locator('input');
      for (const [i, pick] of PICKS.slice(0, 4).entries()) {
        await question(i + 1).waitFor();
        await options(page).nth(pick).click();
        await next(page).click();
      }
      // On the fifth question, Back twice: the fourth and the third, each with its answer.
      await question(5).waitFor();
      await page.goBack();
      await question(4).waitFor();
      expect(await chosen(3).isChecked()).toBe(true);
      await page.goBack();
      await question(3).waitFor();
      expect(await chosen(2).isChecked()).toBe(true);
      // Forward again, then the page's own "Indietro" and the phone's Back agree.
      await page.goForward();
      await question(4).waitFor();
      expect(await chosen(3).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Indietro' }).click();
      await question(3).waitFor();
      await page.goBack();
      await question(2).waitFor();
      expect(await chosen(1).isChecked()).toBe(true);
      // Onwards with Avanti: the answers given further on are still there.
      for (const n of [3, 4]) {
        await next(page).click();
        await question(n).waitFor();
        expect(await chosen(n - 1).isChecked()).toBe(true);
      }
      for (const [i, pick] of PICKS.entries()) {
        if (i < 3) continue;
        await question(i + 1).waitFor();
        await options(page).nth(pick).click();
        await next(page).click();
      }
      const result = page.getByRole('heading', { level: 1, name: 'Il tuo stile è Minimal Contemporaneo' });
      await result.waitFor();
      // Back from the result: the last question, answered; Forward: the result again.
      await page.goBack();
      await question(7).waitFor();
      expect(await chosen(6).isChecked()).toBe(true);
      await page.goForward();
      await result.waitFor();
      const designers = page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' });
      await page.getByRole('button', { name: 'Mostra Designer' }).click();
      await designers.waitFor();
      await page.goBack();
      await result.waitFor();
      await page.goForward();
      await designers.waitFor();
      await page.locator('article').first().waitFor();

      await page.getByRole('button', { name: 'Registrati' }).first().click();
      const email = newEmail('back-button', 390);
      await register(page, email);
      const account = await api.login(email, PASSWORD);
      expect(await dominantStyleOf(account.token)).toBe('C');
      // Back from the new account's page: the designers they were looking at, now as a customer
      // (not the first question, once for each step of the test).
      await page.goBack();
      await designers.waitFor();
      await page.locator('article').first().waitFor();
      await page.getByRole('link', { name: 'Vai al tuo profilo' }).first().waitFor();
      expect(await page.getByText(/^Domanda \d di 7$/).count()).toBe(0);
    });
  });

  for (const width of [390, 1280]) {
    it(`offline, a conversation listed but never opened renders from the list and queues what is written (${width} px)`, async () => {
      const sofia = await api.designer(`Sofia Marino ${width}`);
      const anna = await api.customer('Anna Neri');
      const contact = await api.must(201, 'POST', '/api/contacts/', anna.token, { designer_id: sofia.id, message: 'Buongiorno, vorrei rifare la cucina.' });
      await api.must(201, 'POST', `/api/contacts/${contact.id}/messages`, sofia.token, { message: 'Volentieri! Mi manda qualche foto?' });
      const messages = async () => (await api.must(200, 'GET', `/api/contacts/${contact.id}?mark_read=false&limit=200`, anna.token)).messages as { message: string }[];

      await inBrowser(`journey-offline-chat-${width}`, { baseUrl: server.baseUrl, width, height: 860 }, async ({ context, page }) => {
        await api.signIn(page, anna);
        await page.goto(`${server.baseUrl}/user-profile`);
        const row = page.getByRole('button', { name: new RegExp(`Sofia Marino ${width}`) });
        await row.getByText('Volentieri! Mi manda qualche foto?').waitFor({ timeout: 20_000 });
        // The app is on the device (its code served by the service worker), as after any visit: what
        // is tested here is the conversation's data, not a connection lost in the first second.
        await untilServiceWorkerControls(page);

        await context.setOffline(true);
        await row.click();
        const chat = page.getByRole('dialog', { name: `Chat con Sofia Marino ${width}` });
        await chat.getByText(/non è ancora stata aperta su questo dispositivo/).waitFor();
        await chat.getByText('Volentieri! Mi manda qualche foto?').waitFor();
        expect(await chat.getByText(/Impossibile caricare la conversazione/).count()).toBe(0);
        await chat.getByLabel('Scrivi un messaggio').fill('Certo, gliele mando stasera.');
        await page.keyboard.press('Enter');
        await chat.getByText('In attesa di invio').waitFor();
        await saveScreenshot(page, `journey-offline-chat-${width}`);
        expect(await messages()).toHaveLength(2);

        await context.setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await expect.poll(async () => (await messages()).filter((m) => m.message === 'Certo, gliele mando stasera.').length, { timeout: 30_000 }).toBe(1);
        // The whole conversation arrives once the connection is back.
        await chat.getByText('Buongiorno, vorrei rifare la cucina.').waitFor({ timeout: 20_000 });
        expect(await messages()).toHaveLength(3);
      });
    });

    it(`quiz → Mostra Designer → write to a card → register: the message arrives once and the account keeps the style (${width} px)`, async () => {
      await inBrowser(`journey-contact-${width}`, { baseUrl: server.baseUrl, width, height: 860 }, async ({ page }) => {
        await acceptEssentialCookies(page, server.baseUrl);
        await takeQuiz(page);
        const { card, id, name } = await firstCard(page);
        const text = `Buongiorno ${name}, vorrei rinnovare il soggiorno (${width}).`;

        await card.getByRole('button', { name: 'Contatta Designer' }).click();
        const compose = page.getByRole('dialog', { name: `Contatta ${name}` });
        await compose.getByLabel('Il tuo messaggio').fill(text);
        await compose.getByRole('button', { name: 'Invia messaggio' }).click();
        await page.getByRole('dialog', { name: 'Registrazione Richiesta' }).getByRole('button', { name: 'Registrati' }).click();

        const email = newEmail('contatto', width);
        await register(page, email);
        // Back where the person was, told the message went out.
        await page.getByText(`Messaggio inviato a ${name}`).first().waitFor({ timeout: 20_000 });
        await saveScreenshot(page, `journey-contact-sent-${width}`);

        const account = await api.login(email, PASSWORD);
        const sentOnce = () => timesSent(account.token, id, text);
        await expect.poll(sentOnce, { timeout: 15_000, interval: 300 }).toBe(1);
        // A reload (the page mounting again with whatever the session still holds) sends nothing twice.
        await page.reload();
        await page.getByRole('heading', { name: 'I tuoi designer consigliati' }).waitFor();
        expect(await sentOnce()).toBe(1);
        expect(await dominantStyleOf(account.token)).toBe('C');
      });
    });

    it(`a message left with Back from the registration page is not sent when the visitor signs in later from the top bar (${width} px)`, async () => {
      const existing = await api.customer('Elena Fontana');
      await inBrowser(`journey-contact-abandoned-${width}`, { baseUrl: server.baseUrl, width, height: 860 }, async ({ page }) => {
        await acceptEssentialCookies(page, server.baseUrl);
        // Followed from this document on (the requests of the one the reload replaced never end).
        const inFlight = requestsInFlight(page);
        await takeQuiz(page);
        const { card, id, name } = await firstCard(page);
        await card.getByRole('button', { name: 'Contatta Designer' }).click();
        const compose = page.getByRole('dialog', { name: `Contatta ${name}` });
        await compose.getByLabel('Il tuo messaggio').fill('Ci ho ripensato, non inviatelo.');
        await compose.getByRole('button', { name: 'Invia messaggio' }).click();
        await page.getByRole('dialog', { name: 'Registrazione Richiesta' }).getByRole('button', { name: 'Registrati' }).click();
        await page.waitForURL(/\/login\?/);
        // The message waits for the registration.
        expect(await page.evaluate(() => sessionStorage.getItem('pendingContact'))).toContain('Ci ho ripensato');
        // Changed their mind: Back to the designers, later "Accedi" in the top bar with an account.
        await page.goBack();
        await page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' }).waitFor();
        await page.getByRole('link', { name: 'Accedi' }).first().click();
        await page.getByLabel('Email', { exact: true }).fill(String(existing.user.email));
        await page.getByLabel('Password', { exact: true }).fill('password123');
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await page.waitForURL((url) => url.pathname !== '/login');
        await page.getByRole('heading', { name: 'I tuoi designer consigliati' }).waitFor();
        // What waited for the abandoned registration would be taken on this first page after the
        // sign-in, its code fetched and the message sent: once the page is at rest (no request
        // under way), nothing has been sent, and nothing is left to send.
        await untilAtRest(page, inFlight);
        expect(await page.getByText(`Messaggio inviato a ${name}`).count()).toBe(0);
        expect((await outboxRows(page)).filter((row) => row.path.startsWith('/api/contacts'))).toEqual([]);
        const { contacts } = (await api.must(200, 'GET', '/api/contacts/my-contacts', existing.token)) as { contacts: { designer_id: number }[] };
        expect(contacts.filter((c) => c.designer_id === id)).toEqual([]);
      });
    });

    it(`quiz → Mostra Designer → like a card → register: the like is made and the account keeps the style (${width} px)`, async () => {
      await inBrowser(`journey-like-${width}`, { baseUrl: server.baseUrl, width, height: 860 }, async ({ page }) => {
        await acceptEssentialCookies(page, server.baseUrl);
        await takeQuiz(page);
        const { card, id } = await firstCard(page);

        await card.getByTestId('like-button').click();
        await page.getByRole('dialog', { name: 'Registrazione Richiesta' }).getByRole('button', { name: 'Registrati' }).click();

        const email = newEmail('like', width);
        await register(page, email);
        const account = await api.login(email, PASSWORD);
        await expect
          .poll(async () => (await api.must(200, 'GET', `/api/likes/status/${id}`, account.token)).is_liked, { timeout: 15_000, interval: 300 })
          .toBe(true);
        // The heart on screen agrees with the server.
        await page.locator(`[data-testid="like-button"][aria-pressed="true"]`).first().waitFor();
        expect(await dominantStyleOf(account.token)).toBe('C');
      });
    });

    it(`quiz → Mostra Designer → choose a slot on a card → register: the booking reopens on that slot and is booked (${width} px)`, async () => {
      await inBrowser(`journey-book-${width}`, { baseUrl: server.baseUrl, width, height: 860 }, async ({ page }) => {
        await acceptEssentialCookies(page, server.baseUrl);
        await takeQuiz(page);
        const { card, id } = await firstCard(page);

        await card.getByRole('button', { name: 'Prenota videochiamata' }).click();
        const booking = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
        const slot = booking.getByRole('radio').first();
        await slot.waitFor({ timeout: 20_000 });
        // On a phone the slots are in view when the modal opens, without scrolling past the calendar.
        expect(await slot.isVisible()).toBe(true);
        const inView = await slot.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
        expect(inView).toBe(true);
        await saveScreenshot(page, `journey-book-visitor-${width}`);
        await slot.click();
        const chosen = ((await booking.getByText(/^Hai scelto /).textContent()) ?? '').trim();
        const chosenSlot = await visitorSlot(page, id, chosen);
        await booking.getByRole('button', { name: 'Prenota', exact: true }).click();
        await page.getByRole('dialog', { name: 'Registrazione Richiesta' }).getByRole('button', { name: 'Registrati' }).click();

        const email = newEmail('prenota', width);
        await register(page, email);
        const reopened = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
        await reopened.getByText(chosen).waitFor({ timeout: 20_000 });
        await saveScreenshot(page, `journey-book-reopened-${width}`);
        await reopened.getByRole('button', { name: 'Prenota', exact: true }).click();
        await page.getByRole('dialog', { name: /Richiesta inviata|Prenotazione/ }).waitFor();

        const account = await api.login(email, PASSWORD);
        const { appointments } = (await api.must(200, 'GET', '/api/appointments/user', account.token)) as {
          appointments: { designer_id: number; status: string; appointment_date: string }[];
        };
        const booked = appointments.filter((a) => a.designer_id === id);
        expect(booked).toHaveLength(1);
        expect(booked[0]?.status).toBe('pending');
        expect(Date.parse(booked[0]?.appointment_date ?? '')).toBe(Date.parse(chosenSlot));
        expect(await dominantStyleOf(account.token)).toBe('C');
      });
    });

    it(`a signed-in customer takes the quiz: the account keeps the style and the profile opens it (${width} px)`, async () => {
      await inBrowser(`journey-signed-in-quiz-${width}`, { baseUrl: server.baseUrl, width, height: 860 }, async ({ page }) => {
        await acceptEssentialCookies(page, server.baseUrl);
        // A stranger signs up without the test first.
        await page.getByRole('link', { name: 'Accedi' }).first().click();
        await page.getByRole('tab', { name: 'Registrati' }).click();
        const email = newEmail('registrato', width);
        await page.getByLabel('Nome', { exact: true }).fill('Marco Riva');
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Conferma password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Registrati', exact: true }).click();
        await page.getByRole('dialog', { name: 'Questionario Richiesto' }).getByRole('button', { name: 'Registrati senza test' }).click();
        await page.waitForURL(/\/user-profile$/);

        await page.getByRole('link', { name: 'Fai il questionario' }).click();
        for (const [i, pick] of PICKS.entries()) {
          await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
          await options(page).nth(pick).click();
          await next(page).click();
        }
        await page.getByRole('heading', { level: 1, name: 'Il tuo stile è Minimal Contemporaneo' }).waitFor();
        // Signed in, the result is saved already: no "Registrati".
        expect(await page.getByRole('button', { name: 'Registrati' }).count()).toBe(0);
        await page.getByRole('link', { name: 'Vai al tuo profilo' }).click();
        await page.waitForURL(/\/user-profile$/);
        await page.getByRole('button', { name: /Il tuo stile: Minimal Contemporaneo/ }).click();
        await page.getByRole('dialog', { name: 'Il tuo Profilo Sensoriale' }).waitFor();

        const account = await api.login(email, PASSWORD);
        expect(await dominantStyleOf(account.token)).toBe('C');
      });
    });
  }

  it('a customer who opens a favourite from far down their page and comes back with Back finds the page where they left it, and removes that favourite there', async () => {
    const marta = await api.customer('Marta Riva');
    // Liked on earlier visits: enough favourites for the list to reach well below the first screen.
    const designers = ((await api.must(200, 'GET', '/api/designers?limit=8', null)).designers as { id: number; name: string }[]).slice(0, 8);
    expect(designers).toHaveLength(8);
    for (const { id } of designers) await api.must(200, 'POST', '/api/likes', marta.token, { designer_id: id });
    await inBrowser('journey-back-to-own-page', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await api.signIn(page, marta);
      await page.goto(`${server.baseUrl}/user-profile`);
      const favourites = page.getByTestId('favourites');
      const names = favourites.getByRole('link');
      await expect.poll(() => names.count()).toBe(8);
      const last = names.last();
      const name = ((await last.textContent()) ?? '').trim();
      await last.scrollIntoViewIfNeeded();
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(844);
      await last.click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/user-profile');
      // The page comes back whole, at the place it was left (not clamped to a page without its
      // sections), with the favourite on screen.
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(left));
      const card = favourites.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
      expect(await onScreen(card)).toBe(true);
      await saveScreenshot(page, 'journey-back-to-own-page-390');
      await card.getByTestId('like-button').click();
      const removed = designers.find((designer) => designer.name === name);
      expect(removed).toBeDefined();
      await expect
        .poll(async () => ((await api.must(200, 'GET', '/api/likes/mine', marta.token)).likes as { designer_id: number }[]).map(({ designer_id: id }) => id))
        .not.toContain(removed?.id);
    });
    expect((await api.must(200, 'GET', '/api/likes/mine', marta.token)).likes).toHaveLength(7);
  });

  it('a visitor who signs in with "Accedi" from a designer\'s page is back on it, likes, and Back then leaves it (not a second copy of it)', async () => {
    const sara = await api.customer('Sara Villa');
    const email = sara.user.email as string;
    const { id, name } = await demoDesigner(0);
    await inBrowser('journey-login-from-profile', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await acceptEssentialCookies(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/privacy`);
      // A shared link to the designer's page.
      await page.goto(`${server.baseUrl}/profile/${id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
      await page.waitForURL(/\/login\?/);
      await fillKept([
        [page.getByLabel('Email', { exact: true }), email],
        [page.getByLabel('Password', { exact: true }), 'password123'],
      ]);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/profile/${id}`);
      const like = page.getByTestId('like-button');
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
      await like.click();
      await expect
        .poll(async () => ((await api.must(200, 'GET', '/api/likes/mine', sara.token)).likes as { designer_id: number }[]).map(({ designer_id: liked }) => liked))
        .toEqual([id]);
      // One Back leaves the designer's page: the sign-in went back to its entry instead of adding
      // the same page again.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/privacy');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/privacy');
      // Forward returns to the page, signed in.
      await page.goForward();
      await page.waitForURL((url) => url.pathname === `/profile/${id}`);
      await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('a visitor who signs in with "Accedi" on the home page lands on their page, and Back then leaves for the page before the home (the home is not theirs)', async () => {
    const nora = await api.customer('Nora Galli');
    await inBrowser('journey-login-from-home', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await acceptEssentialCookies(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/privacy`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.goto(server.baseUrl);
      await page.getByRole('link', { name: 'Inizia il test di stile' }).first().waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await fillKept([
        [page.getByLabel('Email', { exact: true }), nora.user.email as string],
        [page.getByLabel('Password', { exact: true }), 'password123'],
      ]);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/user-profile');
      await page.getByRole('heading', { level: 1, name: 'Nora Galli' }).waitFor();
      // The home page sends a signed-in person on: Back goes to the page before it, at once.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/privacy');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Still signed in there.
      await page.getByRole('banner').getByRole('button', { name: 'Esci' }).waitFor();
      expect((await api.must(200, 'GET', '/api/users/me', nora.token)).user?.email).toBe(nora.user.email);
    });
  });

  it("a keyboard or screen-reader user who follows a link, or goes Back, is on the new page's heading, not at the top of the document", async () => {
    const { id, name } = await demoDesigner(0);
    await inBrowser('journey-focus-after-navigation', { baseUrl: server.baseUrl, width: 1280, height: 900 }, async ({ page }) => {
      await acceptEssentialCookies(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/profile/${id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const focusedHeading = () => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent?.trim() ?? '' : `not a heading: ${document.activeElement?.tagName ?? 'none'}`));
      // The portfolio link, followed from the keyboard.
      await page.getByRole('link', { name: /Vedi il portfolio completo/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== `/profile/${id}`);
      await expect.poll(focusedHeading).not.toMatch(/^not a heading/);
      // Back: the profile's own heading.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/profile/${id}`);
      await expect.poll(focusedHeading).toBe(name);
      // Tab goes on from there, into the page (not back to the top bar's logo).
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    });
  });

  it('a visitor who wants to write to a designer, has an account but forgot its password, resets it from the e-mail in another tab and signs in: the message dialog reopens on that page, the message is sent once, and Back leaves the page', async () => {
    const luca = await api.customer('Luca Bassi');
    const email = luca.user.email as string;
    const { id, name } = await demoDesigner(1);
    const text = `Buongiorno ${name}, vorrei ripensare l'ingresso.`;
    const fresh = 'ingresso-nuovo-2026';
    await inBrowser('journey-forgot-password', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page, context }) => {
      await acceptEssentialCookies(page, server.baseUrl);
      await page.goto(`${server.baseUrl}/privacy`);
      // A shared link to the designer's page.
      await page.goto(`${server.baseUrl}/profile/${id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: `Contatta ${name}` }).click();
      await page.getByRole('dialog', { name: 'Registrazione Richiesta' }).getByRole('button', { name: 'Registrati' }).click();
      await page.waitForURL(/\/login\?/);
      // An account already exists: "Accedi", the address, and then the password is not remembered.
      await page.getByRole('tab', { name: 'Accedi' }).click();
      await fillKept([[page.getByLabel('Email', { exact: true }), email]]);
      await page.getByRole('link', { name: 'Password dimenticata?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      // The address typed on the login page comes along.
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      await page.getByRole('button', { name: 'Invia Link di Reset' }).click();
      // Back on the same sign-in, the address filled in, the message still waiting for it.
      await page.waitForURL(/\/login\?/);
      await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('contact');

      // The e-mail's link opens in another tab of the phone's browser.
      const link = await mailedLink(server.dataDir, email, /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>&]+/);
      const mailTab = await context.newPage();
      await mailTab.goto(link);
      await fillKept([
        [mailTab.getByLabel('Nuova password', { exact: true }), fresh],
        [mailTab.getByLabel('Conferma nuova password'), fresh],
      ]);
      await mailTab.getByRole('button', { name: 'Reimposta Password' }).click();
      await mailTab.getByText('Password reimpostata con successo! Reindirizzamento al login...').waitFor();
      await mailTab.close();

      // Back in the first tab, with the new password: the designer's page again, its message dialog open.
      await fillKept([[page.getByLabel('Password', { exact: true }), fresh]]);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/profile/${id}`);
      const compose = page.getByRole('dialog', { name: `Contatta ${name}` });
      await compose.getByLabel('Il tuo messaggio').fill(text);
      await compose.getByRole('button', { name: 'Invia messaggio' }).click();
      await page.getByText('Messaggio inviato con successo! Il designer ti risponderà presto.').first().waitFor({ timeout: 20_000 });
      await saveScreenshot(page, 'journey-forgot-password-sent-390');
      const account = await api.login(email, fresh);
      await expect.poll(() => timesSent(account.token, id, text), { timeout: 15_000, interval: 300 }).toBe(1);
      // The designer's page is one entry in the history: Back leaves it.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/privacy');
    });
  });
});

