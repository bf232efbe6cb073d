import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Account } from './harness/api';
import { inBrowser, saveScreenshot, untilServiceWorkerControls } from './harness/browser';
import { axeProblems, signInThroughApi } from './harness/designers';
import { mailedLink } from './harness/mail';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Sessions and leads that cannot be taken over (issue 17), in Chromium against the real binary:
 * logging out ends the token on the server (also when done offline), "Esci da tutti i dispositivi"
 * ends every session of the account, and a visitor's questionnaire reaches the account it registers
 * through the lead's token.
 */
let server: RunningServer;
let api: ReturnType<typeof apiClient>;

/** The token the app holds for the signed-in person. */
async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string }).access_token ?? '');
}

/** Whether the server still accepts a token. */
async function accepted(token: string): Promise<boolean> {
  return (await api.call('GET', '/api/users/me', token)).status === 200;
}

async function signInThroughUI(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL(/\/user-profile$/);
}

async function acceptEssentialCookies(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

/** The questionnaire through the UI, second option everywhere; returns the lead the server gave. */
async function takeQuiz(page: Page): Promise<{ lead_id: number; lead_token: string; style_analysis: { dominant_style: string } }> {
  await page.goto(`${server.baseUrl}/?openQuestionnaire=true`);
  const matched = page.waitForResponse((r) => r.url().endsWith('/api/match-designers') && r.request().method() === 'POST');
  for (let n = 1; n <= 7; n++) {
    await page.getByText(`Domanda ${n} di 7`).waitFor();
    await page.locator('label:has(input[type="radio"])').nth(1).click();
    await page.getByRole('button', { name: /^(Avanti|Completa)$/ }).click();
  }
  const lead = (await (await matched).json()) as { lead_id: number; lead_token: string; style_analysis: { dominant_style: string } };
  await page.getByRole('heading', { level: 1, name: /^Il tuo stile è/ }).waitFor();
  return lead;
}

/** Waits for the outbox e-mail to an address and returns its tracked link to the registration page. */
function registerLinkFor(address: string): Promise<string> {
  return mailedLink(server.dataDir, address, /https?:\/\/[^\s"<>]+\/api\/email\/track\/[^\s"<>]+mode%3Dregister[^\s"<>]*/);
}

describe('sessions and leads', () => {
  beforeAll(async () => {
    server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
    api = apiClient(server.baseUrl);
  });

  afterAll(async () => {
    await server.stop();
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(`interno output:\n${server.output()}`);
  });

  it('logging out ends the token on the server, and a logout made offline ends it when the connection returns', async () => {
    await api.must(201, 'POST', '/api/auth/register', null, { email: 'elena.sarti@example.com', password: 'veranda-2026', name: 'Elena Sarti' });
    await inBrowser('sessions-logout', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page, context }) => {
      await signInThroughUI(page, 'elena.sarti@example.com', 'veranda-2026');
      const first = await storedToken(page);
      expect(await accepted(first)).toBe(true);
      await page.getByRole('main').getByRole('button', { name: 'Esci', exact: true }).click();
      await page.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      await expect.poll(() => accepted(first), { timeout: 15_000, interval: 200 }).toBe(false);

      // Offline: the device forgets the session at once; the server learns of it later. (The service
      // worker serves the app's files by then; a logout made offline before it does is the next test.)
      await signInThroughUI(page, 'elena.sarti@example.com', 'veranda-2026');
      const second = await storedToken(page);
      await untilServiceWorkerControls(page);
      await context.setOffline(true);
      await page.getByRole('main').getByRole('button', { name: 'Esci', exact: true }).click();
      await page.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      expect(await accepted(second)).toBe(true);
      await context.setOffline(false);
      await expect.poll(() => accepted(second), { timeout: 20_000, interval: 250 }).toBe(false);
    });
  });

  it('a logout made offline on a first visit, before the service worker serves the app, leaves the page and ends the token when the connection returns', async () => {
    await api.must(201, 'POST', '/api/auth/register', null, { email: 'marta.valli@example.com', password: 'loggia-2026', name: 'Marta Valli' });
    await inBrowser('sessions-logout-first-visit', { baseUrl: server.baseUrl, width: 390, height: 844, serviceWorkers: 'block' }, async ({ page, context }) => {
      await signInThroughUI(page, 'marta.valli@example.com', 'loggia-2026');
      const token = await storedToken(page);
      // A page whose own code holds no logout (the profile's sections bring it), loaded afresh.
      await page.goto(`${server.baseUrl}/privacy`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Once the page has loaded and the browser is idle the offline layer starts; the logout's code
      // must have come with it, because no service worker will serve it once the connection drops.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/signOut-[^/]+\.js$/.test(entry.name)), undefined, {
        timeout: 20_000,
      });
      await context.setOffline(true);
      await page.getByRole('banner').getByRole('button', { name: 'Esci', exact: true }).click();
      await page.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      expect(await accepted(token)).toBe(true);
      await context.setOffline(false);
      await expect.poll(() => accepted(token), { timeout: 20_000, interval: 250 }).toBe(false);
    });
  });

  it('"Esci da tutti i dispositivi" on the profile ends the sessions of the other devices too', async () => {
    await api.must(201, 'POST', '/api/auth/register', null, { email: 'paolo.gatti@example.com', password: 'mansarda-2026', name: 'Paolo Gatti' });
    const phone: Account = await api.login('paolo.gatti@example.com', 'mansarda-2026');
    for (const width of [390, 1280]) {
      await inBrowser(`sessions-everywhere-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await signInThroughUI(page, 'paolo.gatti@example.com', 'mansarda-2026');
        const laptop = await storedToken(page);
        const section = page.getByRole('region', { name: 'Account e sicurezza' });
        await section.getByRole('heading', { name: 'Dispositivi collegati' }).scrollIntoViewIfNeeded();
        await saveScreenshot(page, `sessions-profile-security-${width}`);
        if (width === 1280) {
          expect(await accepted(phone.token)).toBe(true);
          await section.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click();
          const dialog = page.getByRole('dialog', { name: 'Uscire da tutti i dispositivi?' });
          await dialog.waitFor();
          expect(await axeProblems(page)).toEqual([]);
          await saveScreenshot(page, `sessions-everywhere-confirm-${width}`);
          await dialog.getByRole('button', { name: 'Esci ovunque' }).click();
          await page.waitForURL(`${server.baseUrl}/`);
          await page.getByText('Sei uscito da tutti i dispositivi.').waitFor();
          await expect.poll(() => accepted(phone.token), { timeout: 15_000, interval: 200 }).toBe(false);
          expect(await accepted(laptop)).toBe(false);
          // Signing in again works at once.
          expect(await accepted((await api.login('paolo.gatti@example.com', 'mansarda-2026')).token)).toBe(true);
        }
      });
    }
  });

  it('a designer ends every session from the dashboard: the token on another device stops working', async () => {
    await api.must(201, 'POST', '/api/designers', null, {
      name: 'Irene Vitali', email: 'irene.vitali@example.com', password: 'studio-2026', bio: 'Case piccole, luce piena.',
      specialties: ['Japandi'], design_style: 'C', prima_proposta: '5-7 giorni', work_preferences: ['online'], city: 'Parma', privacy_consent: true,
    });
    const tablet: Account = await api.login('irene.vitali@example.com', 'studio-2026');
    for (const width of [390, 1280]) {
      await inBrowser(`sessions-designer-everywhere-${width}`, { baseUrl: server.baseUrl, width, height: 900 }, async ({ page }) => {
        await page.goto(`${server.baseUrl}/privacy`);
        await signInThroughApi(page, 'irene.vitali@example.com', 'studio-2026');
        await page.goto(`${server.baseUrl}/designer-profile`);
        const section = page.getByRole('region', { name: 'Account e sicurezza' });
        await section.getByRole('heading', { name: 'Dispositivi collegati' }).scrollIntoViewIfNeeded();
        await saveScreenshot(page, `sessions-designer-security-${width}`);
        if (width === 1280) {
          const desk = await storedToken(page);
          expect(await accepted(tablet.token)).toBe(true);
          await section.getByRole('button', { name: 'Esci da tutti i dispositivi' }).click();
          const dialog = page.getByRole('dialog', { name: 'Uscire da tutti i dispositivi?' });
          await dialog.waitFor();
          expect(await axeProblems(page)).toEqual([]);
          await dialog.getByRole('button', { name: 'Esci ovunque' }).click();
          await page.waitForURL(`${server.baseUrl}/`);
          await page.getByText('Sei uscito da tutti i dispositivi.').waitFor();
          await expect.poll(() => accepted(tablet.token), { timeout: 15_000, interval: 200 }).toBe(false);
          expect(await accepted(desk)).toBe(false);
        }
      });
    }
  });

  it("a visitor's questionnaire reaches the account registered after it, through the lead's token", async () => {
    await inBrowser('sessions-lead', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/privacy`);
      await page.evaluate(() => {
        localStorage.setItem('cookie-consent', 'essential');
        localStorage.setItem('cookie-consent-date', new Date().toISOString());
      });
      await page.goto(`${server.baseUrl}/?openQuestionnaire=true`);
      const matched = page.waitForResponse((r) => r.url().endsWith('/api/match-designers') && r.request().method() === 'POST');
      for (let n = 1; n <= 7; n++) {
        await page.getByText(`Domanda ${n} di 7`).waitFor();
        await page.locator('label:has(input[type="radio"])').nth(1).click();
        await page.getByRole('button', { name: /^(Avanti|Completa)$/ }).click();
      }
      const lead = (await (await matched).json()) as { lead_id: number; lead_token: string };
      expect(lead.lead_token.length).toBeGreaterThanOrEqual(43);
      await page.getByRole('heading', { level: 1, name: /^Il tuo stile è/ }).waitFor();
      await page.getByRole('button', { name: 'Registrati' }).click();
      await page.waitForURL(/\/login\?mode=register/);
      await page.getByLabel('Nome', { exact: true }).fill('Irene Costa');
      await page.getByLabel('Email', { exact: true }).fill('irene.costa@example.com');
      await page.getByLabel('Password', { exact: true }).fill('soggiorno-2026');
      await page.getByLabel('Conferma password').fill('soggiorno-2026');
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await page.waitForURL(/\/user-profile$/);

      const account = await api.login('irene.costa@example.com', 'soggiorno-2026');
      const mine = await api.must(200, 'GET', `/api/designers/matches?user_id=${account.user.id as number}`, account.token);
      expect(mine.lead_id).toBe(lead.lead_id);
      // Once attached, the token alone no longer reads it.
      expect((await api.call('GET', `/api/designers/matches?lead_token=${lead.lead_token}`, null)).status).toBe(401);
    });
  });

  it("the results e-mail's link, opened later on another device, registers with the visitor's result", async () => {
    const address = 'marta.ricci@example.com';
    let lead = { lead_id: 0, lead_token: '', style_analysis: { dominant_style: '' } };
    await inBrowser('sessions-results-mail', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await acceptEssentialCookies(page);
      lead = await takeQuiz(page);
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/email/send-results') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Invia i risultati via email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invia i risultati via email' });
      await dialog.getByLabel('La tua email').fill(address);
      await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
      // The request names the questionnaire by its token, not by its id alone.
      expect((await sent).postDataJSON()).toMatchObject({ lead_id: lead.lead_id, lead_token: lead.lead_token });
      await page.getByText(`Email inviata a ${address}.`).waitFor();
    });

    const link = await registerLinkFor(address);
    expect(decodeURIComponent(link)).toContain(`leadToken=${lead.lead_token}`);
    // Another browser: nothing of the quiz is stored there, the link alone carries it.
    await inBrowser('sessions-results-link', { baseUrl: server.baseUrl, width: 1280, height: 900 }, async ({ page }) => {
      await acceptEssentialCookies(page);
      await page.goto(link);
      await page.waitForURL(/\/login\?mode=register/);
      await page.getByText('Il risultato del tuo questionario di stile verrà salvato nel tuo account.').waitFor();
      await page.getByLabel('Nome', { exact: true }).fill('Marta Ricci');
      await page.getByLabel('Email', { exact: true }).fill(address);
      await page.getByLabel('Password', { exact: true }).fill('terrazzo-2026');
      await page.getByLabel('Conferma password').fill('terrazzo-2026');
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(await page.getByRole('dialog', { name: 'Questionario Richiesto' }).count()).toBe(0);
    });
    const account = await api.login(address, 'terrazzo-2026');
    const mine = await api.must(200, 'GET', `/api/designers/matches?user_id=${account.user.id as number}`, account.token);
    expect(mine.lead_id).toBe(lead.lead_id);
    expect(account.user.style_analysis).toMatchObject({ dominant_style: lead.style_analysis.dominant_style });
  });

  it("a visitor's questionnaire brought to sign-in becomes the account's style, through the lead's token", async () => {
    await api.must(201, 'POST', '/api/auth/register', null, { email: 'luca.ferri@example.com', password: 'cantina-2026', name: 'Luca Ferri' });
    await inBrowser('sessions-lead-login', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await acceptEssentialCookies(page);
      const lead = await takeQuiz(page);
      await page.goto(`${server.baseUrl}/login`);
      const signIn = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
      await page.getByLabel('Email', { exact: true }).fill('luca.ferri@example.com');
      await page.getByLabel('Password', { exact: true }).fill('cantina-2026');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      expect((await signIn).postDataJSON()).toMatchObject({ lead_id: lead.lead_id, lead_token: lead.lead_token });
      await page.waitForURL(/\/user-profile$/);

      const account = await api.login('luca.ferri@example.com', 'cantina-2026');
      expect(account.user.style_analysis).toMatchObject({ dominant_style: lead.style_analysis.dominant_style });
      // Now the account's: the token alone no longer reads it.
      expect((await api.call('GET', `/api/designers/matches?lead_token=${lead.lead_token}`, null)).status).toBe(401);
    });
  });
});
