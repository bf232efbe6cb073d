import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser } from './harness/browser';
import { axeProblems } from './harness/designers';
import { mailedLink } from './harness/mail';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Accounts (issue 3) in the browser against the real binary: registration lands on /user-profile,
 * logout, the Italian bad-credentials message, password reset through the e-mail in the file
 * outbox, and the route guards.
 */
let server: RunningServer;

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** One option text per question, of the given style where the question offers it. */
async function answersLeaning(style: string): Promise<string[]> {
  const questionnaire = await api('GET', '/api/questionnaire');
  return (questionnaire.questions as Array<{ options: Array<{ text: string; style: string }> }>).map(
    (question) => (question.options.find((option) => option.style === style) ?? question.options[0])?.text ?? '',
  );
}

async function essentialCookies(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** A customer signs in through the login form and lands on their profile. */
async function signInThroughForm(page: Page, email: string, password: string, name: string): Promise<void> {
  await essentialCookies(page);
  await page.goto(`${server.baseUrl}/login`);
  await fillLogin(page, email, password);
  await page.waitForURL(/\/user-profile$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Waits for the newest outbox e-mail to an address and returns the reset link in it. */
function resetLinkFor(address: string): Promise<string> {
  return mailedLink(server.dataDir, address, /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>&]+/);
}

/** Console errors and warnings; `expected` lists the refused requests a journey makes on purpose. */
function watchConsole(page: Page, expected: readonly number[] = [401]): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // A refused request the journey makes on purpose is logged by the browser as an error.
    if (message.type() === 'error' && expected.some((status) => message.text().includes(`status of ${status}`))) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

describe('accounts', () => {
  beforeAll(async () => {
    server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  });

  afterAll(async () => {
    await server.stop();
  });

  // A failed journey shows what the server said, which the browser cannot.
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(`interno output:\n${server.output()}`);
  });

  it('registers on a phone and lands on /user-profile, edits the profile, logs out, and is refused a wrong password in Italian', async () => {
    await inBrowser('accounts-register', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      const problems = watchConsole(page);
      await essentialCookies(page);
      await page.goto(`${server.baseUrl}/login?mode=register`);
      await page.getByRole('heading', { level: 1, name: 'Crea il tuo account' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);

      // The spec's validation, before anything is sent.
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await page.getByText('Per favore compila tutti i campi richiesti.').waitFor();
      await page.getByLabel('Nome', { exact: true }).fill('Giulia Neri');
      await page.getByLabel('Email', { exact: true }).fill('giulia.neri@example.com');
      await page.getByLabel('Password', { exact: true }).fill('corto');
      await page.getByLabel('Conferma password').fill('corto');
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await page.getByText('La password deve contenere almeno 8 caratteri.').waitFor();
      await page.getByLabel('Password', { exact: true }).fill('salotto-verde-2026');
      await page.getByLabel('Conferma password').fill('salotto-verde-2026');
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      // No questionnaire taken on this device: the spec's modal offers it; registering anyway works.
      await page.getByRole('dialog', { name: 'Questionario Richiesto' }).waitFor();
      await page.getByRole('button', { name: 'Registrati senza test' }).click();

      await page.waitForURL(/\/user-profile$/);
      await page.getByRole('heading', { level: 1, name: 'Giulia Neri' }).waitFor();
      await page.getByText('giulia.neri@example.com').waitFor();
      await page.getByRole('heading', { name: 'Scopri il tuo stile' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);

      // Edit: the spec's checks, then a saved location.
      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modifica profilo' });
      await dialog.getByLabel('Nome', { exact: true }).fill('');
      await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
      await dialog.getByText('Il nome è obbligatorio').waitFor();
      await dialog.getByLabel('Nome', { exact: true }).fill('Giulia Neri');
      await dialog.getByLabel(/Località/).fill('Torino');
      await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Torino', { exact: true }).waitFor();

      // Logout from the profile: confirmation, then home as a visitor.
      await page.getByRole('main').getByRole('button', { name: 'Esci', exact: true }).click();
      await page.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await page.getByRole('link', { name: 'Accedi' }).first().click();
      await page.waitForURL(/\/login$/);

      await fillLogin(page, 'giulia.neri@example.com', 'password-sbagliata');
      await page.getByText('Credenziali non valide. Verifica email e password.').waitFor();
      expect(page.url()).toMatch(/\/login$/);

      await fillLogin(page, 'giulia.neri@example.com', 'salotto-verde-2026');
      await page.waitForURL(/\/user-profile$/);
      await page.getByText('Torino', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    });
  });

  it('resets a forgotten password through the link in the e-mail', async () => {
    await api('POST', '/api/auth/register', { email: 'marco.riva@example.com', password: 'vecchia-password', name: 'Marco Riva' });
    await inBrowser('accounts-reset', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      // 401: the old password; 400: the reset link used a second time.
      const problems = watchConsole(page, [401, 400]);
      await essentialCookies(page);
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Bentornato' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('link', { name: 'Password dimenticata?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await page.getByLabel('Email', { exact: true }).fill('marco.riva@example.com');
      await page.getByRole('button', { name: 'Invia Link di Reset' }).click();
      // Back on the login it came from (the first page of this tab), the address filled in.
      await page.waitForURL(/\/login$/);
      await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('marco.riva@example.com');

      const link = await resetLinkFor('marco.riva@example.com');
      expect(link.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await page.getByLabel('Nuova password', { exact: true }).fill('nuova-password-2026');
      await page.getByLabel('Conferma nuova password').fill('nuova-password-2026');
      await page.getByRole('button', { name: 'Reimposta Password' }).click();
      await page.getByText('Password reimpostata con successo! Reindirizzamento al login...').waitFor();
      const shownAt = Date.now();
      await page.waitForURL(/\/login\?email=marco\.riva%40example\.com$/);
      expect(Date.now() - shownAt).toBeGreaterThan(2000);

      // The link works once: opened again, it says so before anything is typed.
      await page.goto(link);
      await page.getByText('Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.').waitFor();

      await page.goto(`${server.baseUrl}/login`);
      await fillLogin(page, 'marco.riva@example.com', 'vecchia-password');
      await page.getByText('Credenziali non valide. Verifica email e password.').waitFor();
      await fillLogin(page, 'marco.riva@example.com', 'nuova-password-2026');
      await page.waitForURL(/\/user-profile$/);

      // A reset link without its token says so at once.
      await page.goto(`${server.baseUrl}/reset-password`);
      await page.getByText('Token di reset non valido o mancante. Richiedi un nuovo reset della password.').waitFor();
      expect(problems).toEqual([]);
    });
  });

  it('a customer who asks for a new password from their profile comes back to their account, and changes it with the e-mailed link', async () => {
    await api('POST', '/api/auth/register', { email: 'sara.neri@example.com', password: 'password-di-sara', name: 'Sara Neri' });
    await inBrowser('accounts-reset-signed-in', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      const problems = watchConsole(page);
      await signInThroughForm(page, 'sara.neri@example.com', 'password-di-sara', 'Sara Neri');
      const entry = async (): Promise<number | undefined> => page.evaluate(() => (history.state as { idx?: number } | null)?.idx);
      const accountEntry = await entry();
      // "Torna al tuo account" goes back to the account's own history entry.
      await page.getByRole('link', { name: 'Ricevi un link via email' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      await page.getByRole('link', { name: 'Torna al tuo account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sara Neri' }).waitFor();
      expect(await entry()).toBe(accountEntry);
      await page.getByRole('link', { name: 'Ricevi un link via email' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('sara.neri@example.com');
      // Signed in, the way back is the account: "Torna al Login" led to a login that sent them home.
      expect(await page.getByRole('link', { name: 'Torna al tuo account' }).getAttribute('href')).toBe('/profile');
      expect(await page.getByRole('link', { name: 'Torna al Login' }).count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Invia Link di Reset' }).click();
      await page.waitForURL(/\/user-profile$/);
      await page.getByText("Se l'indirizzo è registrato, riceverai a breve un'email").waitFor();
      await page.getByRole('heading', { level: 1, name: 'Sara Neri' }).waitFor();
      // Back on the account's own history entry, not on a second copy of it that one Back would not leave.
      expect(await entry()).toBe(accountEntry);

      await page.goto(await resetLinkFor('sara.neri@example.com'));
      await page.getByLabel('Nuova password', { exact: true }).fill('nuova-password-di-sara');
      await page.getByLabel('Conferma nuova password').fill('nuova-password-di-sara');
      await page.getByRole('button', { name: 'Reimposta Password' }).click();
      // Her own password changed: this device is signed out and offered the login with her address.
      await page.waitForURL(/\/login\?email=sara\.neri%40example\.com$/);
      await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      expect(problems).toEqual([]);
    });
    // On the server: the new password signs in, the old one no longer does.
    await api('POST', '/api/auth/login', { email: 'sara.neri@example.com', password: 'nuova-password-di-sara' });
    await expect(api('POST', '/api/auth/login', { email: 'sara.neri@example.com', password: 'password-di-sara' })).rejects.toThrow(/401/);
  });

  it('says at once, before anything is typed, that a reset link already used no longer works', async () => {
    await api('POST', '/api/auth/register', { email: 'elena.galli@example.com', password: 'vecchia-chiave-1', name: 'Elena Galli' });
    await inBrowser('accounts-reset-used', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      // 400: the used link's check.
      const problems = watchConsole(page, [400]);
      await essentialCookies(page);
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('link', { name: 'Password dimenticata?' }).click();
      // The login page (with its own "Email") stays until the request page's code has arrived: fill
      // the request page's field, not the login's.
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill('elena.galli@example.com');
      await page.getByRole('button', { name: 'Invia Link di Reset' }).click();
      await page.waitForURL(/\/login$/);

      const link = await resetLinkFor('elena.galli@example.com');
      await page.goto(link);
      await page.getByLabel('Nuova password', { exact: true }).fill('nuova-chiave-2026');
      await page.getByLabel('Conferma nuova password').fill('nuova-chiave-2026');
      await page.getByRole('button', { name: 'Reimposta Password' }).click();
      await page.getByText('Password reimpostata con successo! Reindirizzamento al login...').waitFor();
      await page.waitForURL(/\/login\?email=elena\.galli%40example\.com$/);

      // The same link again: the page says so itself, with no form to fill in first.
      await page.goto(link);
      const refusal = page.getByRole('alert').filter({ hasText: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.' });
      await refusal.waitFor();
      expect(await page.getByLabel('Nuova password', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Reimposta Password' }).count()).toBe(0);
      // Focus moves to the message, so a screen reader reads it and a keyboard starts from there.
      expect(await refusal.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      await page.getByRole('link', { name: 'Richiedi un nuovo link' }).click();
      await page.waitForURL(/\/request-password-reset$/);

      // The server: the new password signs in, the old one does not, and the link stays used.
      expect((await api('POST', '/api/auth/login', { email: 'elena.galli@example.com', password: 'nuova-chiave-2026' })).email).toBe('elena.galli@example.com');
      await expect(api('POST', '/api/auth/login', { email: 'elena.galli@example.com', password: 'vecchia-chiave-1' })).rejects.toThrow(/401/);
      const token = new URL(link).searchParams.get('token');
      await expect(api('POST', '/api/auth/reset-password', { token, new_password: 'terza-chiave-2026' })).rejects.toThrow(/400/);
      expect(problems).toEqual([]);
    });
  });

  it('tells a person signed in as another account whose password the link changes, and lets them sign in as that account after the reset', async () => {
    await api('POST', '/api/auth/register', { email: 'paolo.greco@example.com', password: 'account-paolo-1', name: 'Paolo Greco' });
    await api('POST', '/api/auth/register', { email: 'irene.greco@example.com', password: 'account-irene-1', name: 'Irene Greco' });
    await api('POST', '/api/auth/request-password-reset', { email: 'irene.greco@example.com' });
    const link = await resetLinkFor('irene.greco@example.com');
    await inBrowser('accounts-reset-other-account', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      const problems = watchConsole(page);
      await signInThroughForm(page, 'paolo.greco@example.com', 'account-paolo-1', 'Paolo Greco');
      const paolo = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string });

      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
      await page.getByText("Hai effettuato l'accesso come paolo.greco@example.com, ma questo link cambia la password di irene.greco@example.com.").waitFor();
      await page.getByText('Scegli una nuova password per irene.greco@example.com.').waitFor();
      expect(await axeProblems(page)).toEqual([]);
      // The way back leads to Paolo's own account (/login would send him there anyway), and says so.
      expect(await page.getByRole('link', { name: 'Torna al tuo account' }).getAttribute('href')).toBe('/profile');
      expect(await page.getByRole('link', { name: 'Torna al Login' }).count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      expect(await page.getByRole('link', { name: 'Torna al Login' }).count()).toBe(0);
      await page.getByLabel('Nuova password', { exact: true }).fill('irene-nuova-2026');
      await page.getByLabel('Conferma nuova password').fill('irene-nuova-2026');
      await page.getByRole('button', { name: 'Reimposta Password' }).click();

      // Not sent to Paolo's home: offered to sign out and in as Irene.
      await page.getByText('La password di irene.greco@example.com è stata reimpostata. Sei ancora connesso come paolo.greco@example.com.').waitFor();
      expect(page.url()).toBe(link);
      await page.getByRole('button', { name: 'Esci e accedi come irene.greco@example.com' }).click();
      await page.waitForURL(/\/login\?email=irene\.greco%40example\.com$/);
      await page.getByRole('button', { name: 'Accedi', exact: true }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('irene.greco@example.com');
      await page.getByLabel('Password', { exact: true }).fill('irene-nuova-2026');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL(/\/user-profile$/);
      await page.getByRole('heading', { level: 1, name: 'Irene Greco' }).waitFor();

      // The server: Paolo's session was ended by the sign-out, Irene's new password works, her old one not.
      await expect
        .poll(async () => (await fetch(`${server.baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${paolo.access_token}` } })).status)
        .toBe(401);
      expect((await api('POST', '/api/auth/login', { email: 'irene.greco@example.com', password: 'irene-nuova-2026' })).email).toBe('irene.greco@example.com');
      await expect(api('POST', '/api/auth/login', { email: 'irene.greco@example.com', password: 'account-irene-1' })).rejects.toThrow(/401/);
      expect((await api('POST', '/api/auth/login', { email: 'paolo.greco@example.com', password: 'account-paolo-1' })).email).toBe('paolo.greco@example.com');
      expect(problems).toEqual([]);
    });
  });

  it('guards the pages: visitors go to /login and back, customers are turned away from the designer dashboard', async () => {
    // The server scores the answers itself (a client's analysis is never trusted).
    const registered = await api('POST', '/api/auth/register', {
      email: 'sara.conti@example.com',
      password: 'cucina-aperta-1',
      name: 'Sara Conti',
      questionnaire_answers: await answersLeaning('E'),
    });
    const analysis = registered.style_analysis as { dominant_style: string; style_percentages: Record<string, number> };
    expect(analysis.dominant_style).toBe('E');
    await inBrowser('accounts-guards', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      await essentialCookies(page);
      await page.goto(`${server.baseUrl}/user-profile`);
      await page.waitForURL(/\/login\?returnTo=%2Fuser-profile$/);
      await fillLogin(page, 'sara.conti@example.com', 'cucina-aperta-1');
      await page.waitForURL(/\/user-profile$/);
      // The sensory profile from the stored style analysis.
      await page.getByRole('heading', { name: 'Il tuo Profilo Sensoriale' }).waitFor();
      expect(await page.getByRole('progressbar', { name: 'Naturale Mediterraneo' }).getAttribute('aria-valuenow')).toBe(
        String(Math.round(analysis.style_percentages.E ?? -1)),
      );
      await page.getByRole('button', { name: 'Il tuo stile: Naturale Mediterraneo' }).click();
      await page.getByRole('dialog', { name: 'Il tuo Profilo Sensoriale' }).waitFor();
      await page.keyboard.press('Escape');

      // Signed in, / and /login lead home; the designer dashboard turns a customer away.
      await page.goto(`${server.baseUrl}/login`);
      await page.waitForURL(/\/user-profile$/);
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByText('Designer access required').waitFor();
      await page.waitForURL(/\/user-profile$/);
      await page.goto(`${server.baseUrl}/profile`);
      await page.waitForURL(/\/user-profile$/);
      await page.goto(`${server.baseUrl}/admin`);
      await page.getByText('Admin access required').waitFor();
      await page.waitForURL(/\/user-profile$/);

      // A token the server no longer accepts: logged out and sent to /login.
      await page.evaluate(() => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('user', JSON.stringify({ ...user, access_token: 'not-a-real-token' }));
      });
      await page.goto(`${server.baseUrl}/user-profile`);
      await page.waitForURL(/\/login/);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    });
  });

  it('keeps working offline: the profile renders from cache and a location edit waits in the outbox', async () => {
    await api('POST', '/api/auth/register', { email: 'nina.ferri@example.com', password: 'terrazzo-2026', name: 'Nina Ferri' });
    await inBrowser('accounts-offline', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page, context }) => {
      await signInThroughForm(page, 'nina.ferri@example.com', 'terrazzo-2026', 'Nina Ferri');
      // Let the service worker take control so the app shell loads without a network.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Nina Ferri' }).waitFor();
      await page.getByText('Dati non aggiornati — sei offline').first().waitFor();

      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modifica profilo' });
      await dialog.getByLabel(/Località/).fill('Genova');
      await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Genova', { exact: true }).waitFor();

      await context.setOffline(false);
      const login = await api('POST', '/api/auth/login', { email: 'nina.ferri@example.com', password: 'terrazzo-2026' });
      await expect
        .poll(
          async () => {
            const response = await fetch(`${server.baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${login.access_token}` } });
            return ((await response.json()) as { user: { location: string } }).user.location;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe('Genova');
      // Login needs a connection: offline, the form says so.
      await context.setOffline(true);
      await page.evaluate(() => localStorage.removeItem('user'));
      await page.goto(`${server.baseUrl}/login`).catch(() => undefined);
      await page.getByText('Sei offline: per accedere o registrarti serve una connessione. Riprova quando torni online.').first().waitFor();
      await context.setOffline(false);
    });
  });

  it("a returning customer's page asks for the profile once, from the document itself, before the app's code", async () => {
    await api('POST', '/api/auth/register', { email: 'ada.fontana@example.com', password: 'ringhiera-2026', name: 'Ada Fontana' });
    await inBrowser('accounts-early-profile', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page, context }) => {
      await signInThroughForm(page, 'ada.fontana@example.com', 'ringhiera-2026', 'Ada Fontana');

      // The next visit: who asked for GET /api/users/me, and how many times.
      const next = await context.newPage();
      const cdp = await context.newCDPSession(next);
      await cdp.send('Network.enable');
      const askedBy: string[] = [];
      cdp.on('Network.requestWillBeSent', (event) => {
        if (new URL(event.request.url).pathname === '/api/users/me' && event.request.method === 'GET') {
          askedBy.push(event.initiator.stack?.callFrames[0]?.url ?? event.initiator.type);
        }
      });
      await next.goto(`${server.baseUrl}/user-profile`);
      await next.getByRole('heading', { level: 1, name: 'Ada Fontana' }).waitFor();
      await next.getByText('ada.fontana@example.com').waitFor();
      // Asked once, by the document's own script (index.html), not by the app's code.
      expect(askedBy).toEqual([`${server.baseUrl}/user-profile`]);
      await next.close();
    });
  });

  it('deletes the account after confirmation', async () => {
    await api('POST', '/api/auth/register', { email: 'leo.bassi@example.com', password: 'bagno-blu-2026', name: 'Leo Bassi' });
    await inBrowser('accounts-delete', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await essentialCookies(page);
      await page.goto(`${server.baseUrl}/login`);
      await fillLogin(page, 'leo.bassi@example.com', 'bagno-blu-2026');
      await page.waitForURL(/\/user-profile$/);
      await page.getByRole('button', { name: 'Elimina account' }).click();
      const dialog = page.getByRole('dialog', { name: "Eliminare l'account?" });
      await dialog.getByText('Sei sicuro di voler eliminare il tuo account? Questa azione è irreversibile.').waitFor();
      await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
      await page.getByText('Account eliminato con successo.').waitFor();
      await page.waitForURL(`${server.baseUrl}/`);
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'leo.bassi@example.com', password: 'bagno-blu-2026' }),
      });
      expect(login.status).toBe(401);
    });
  });
});
