import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, untilServiceWorkerControls } from './harness/browser';
import { axeProblems, makeJpegFiles, makeTextFile, signInThroughApi } from './harness/designers';
import { startInterno, type RunningServer } from './harness/server';

const EMAIL = 'chiara.galli@example.com';
const PASSWORD = 'progetti-luce-2026';

/** Ticks a visually hidden checkbox or radio by clicking its label, as a person would. */
async function choose(page: Page, role: 'checkbox' | 'radio', name: string | RegExp): Promise<void> {
  await page.locator('label', { has: page.getByRole(role, { name, exact: typeof name === 'string' }) }).click();
}

async function acceptEssentialCookies(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  });
}

/** Fills step one of the registration with a complete profile. */
async function fillProfile(page: Page, email: string): Promise<void> {
  await page.getByLabel('Nome e cognome').fill('Chiara Galli');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Città').fill(' Bari ');
  await page.getByLabel('Biografia').fill('Interni mediterranei, luce naturale e materiali del Sud.');
  await choose(page, 'radio', /^Naturale e mediterraneo/);
  await choose(page, 'checkbox', 'Mediterraneo');
  await choose(page, 'checkbox', 'Rustico');
  await choose(page, 'radio', '5-7 giorni');
  await choose(page, 'checkbox', 'Di persona');
  await page.getByLabel('Instagram').fill('@studio.galli');
  await page.getByLabel('Sito web').fill('studiogalli.it');
}

describe('designers', () => {
  let server: RunningServer;
  let designerId = 0;

  beforeAll(async () => {
    server = await startInterno();
  });

  afterAll(async () => {
    await server.stop();
  });

  // The longest journey of the file (two steps of registration, a gallery sized by libvips, five
  // accessibility scans, the viewer, an edit, the public pages): its ceiling is messaging's, since
  // under `make test-stress` it once went past the default 90 s with no step failing.
  it('registers a designer with a gallery, who logs in, edits the bio and sees it on the public pages', async () => {
    await inBrowser('designer-journey', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await page.goto(`${server.baseUrl}/designer-registration`);
      await acceptEssentialCookies(page);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Entra in Interno come designer' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);

      // An empty form gets the spec's English alerts, in one summary, and stays on step one.
      await page.getByRole('button', { name: 'Continua' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Controlla questi campi' });
      await summary.waitFor();
      for (const text of ['Please enter your name', 'Please enter your email', 'Please select at least one style', 'Please select your proposal timeframe', 'Please agree to the privacy policy']) {
        expect(await summary.getByText(text, { exact: true }).count()).toBe(1);
      }

      await fillProfile(page, EMAIL);

      // Gallery: three pictures and one file that is not a picture.
      const files = await makeJpegFiles(page, ['soggiorno.jpg', 'cucina.jpg', 'camera.jpg']);
      const note = await makeTextFile('preventivo.txt', 'non una foto');
      await page.locator('#designer-registration-gallery_images').setInputFiles([...files, note]);
      await page.getByText('File preventivo.txt is not an image').waitFor();
      await page.getByText('3 di 12 immagini').waitFor();
      const previews = page.getByRole('img', { name: /^Immagine \d della galleria$/ });
      expect(await previews.count()).toBe(3);
      expect(await previews.first().getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      await page.getByRole('button', { name: "Rimuovi l'immagine 3" }).click();
      await page.getByText('2 di 12 immagini').waitFor();

      await choose(page, 'checkbox', /^Ho letto e accetto/);
      await page.getByRole('button', { name: 'Continua' }).click();

      // Step two. The phone's Back goes to step one with everything kept (the pictures too), and
      // Forward comes back; the page's own "Torna al modulo" and Back agree.
      const stepTwo = page.getByRole('heading', { level: 2, name: 'Scegli come accedere' });
      const stepOne = page.getByRole('heading', { level: 2, name: 'Il tuo profilo' });
      await stepTwo.waitFor();
      await page.goBack();
      await stepOne.waitFor();
      expect(await page.getByLabel('Nome e cognome').inputValue()).toBe('Chiara Galli');
      expect(await page.getByLabel('Biografia').inputValue()).toBe('Interni mediterranei, luce naturale e materiali del Sud.');
      await page.getByText('2 di 12 immagini').waitFor();
      await page.goForward();
      await stepTwo.waitFor();
      await page.getByRole('button', { name: 'Torna al modulo' }).click();
      await stepOne.waitFor();
      await page.goForward();
      await stepTwo.waitFor();

      // Step two: the password rules, and submit only when both hold.
      const submit = page.getByRole('button', { name: 'Crea account designer' });
      await page.getByLabel('Password', { exact: true }).fill('corta');
      await page.getByText('La password deve contenere almeno 8 caratteri').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Conferma password').fill(`${PASSWORD}x`);
      await page.getByText('Le password non corrispondono').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Conferma password').fill(PASSWORD);
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();

      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('email')).toBe(EMAIL);
      await page.getByText('Account designer creato! Accedi per vedere il tuo profilo.').waitFor();
      // A new designer is welcomed, not greeted "Bentornato".
      await page.getByRole('heading', { level: 1, name: 'Benvenuto in Interno' }).waitFor();

      // Signed in, the designer sees the dashboard.
      await signInThroughApi(page, EMAIL, PASSWORD);
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
      await page.getByText('Naturale e mediterraneo · Bari').waitFor();
      const publicLink = await page.getByRole('link', { name: 'Vedi profilo pubblico' }).getAttribute('href');
      designerId = Number(publicLink?.split('/').pop());
      expect(designerId).toBeGreaterThan(0);
      await page.getByRole('region', { name: 'I tuoi numeri' }).getByText('Mi piace').waitFor();

      // Pictures come from the resize endpoint at their size, with a srcset and dimensions.
      const tile = page.getByRole('button', { name: 'Apri a schermo intero il progetto 1' });
      const img = tile.locator('img');
      expect(await img.getAttribute('src')).toMatch(/^\/api\/images\/resize\/uploads\/gallery\/[^?]+\?size=\d+$/);
      expect(await img.getAttribute('srcset')).toMatch(/ 160w, .* 1200w$/);
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(await page.getByRole('button', { name: /^Apri a schermo intero il progetto/ }).count()).toBe(2);
      expect(await axeProblems(page)).toEqual([]);

      // The fullscreen viewer: arrows and Escape.
      await tile.click();
      const viewer = page.getByRole('dialog', { name: 'Galleria di Chiara Galli' });
      await viewer.getByText('1 di 2').waitFor();
      await page.keyboard.press('ArrowRight');
      await viewer.getByText('2 di 2').waitFor();
      await page.keyboard.press('ArrowRight');
      await viewer.getByText('1 di 2').waitFor();
      await page.keyboard.press('ArrowLeft');
      await viewer.getByText('2 di 2').waitFor();
      await viewer.getByRole('button', { name: "Vai all'immagine 1" }).click();
      await viewer.getByText('1 di 2').waitFor();
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      // Edit: the budget rule, then a new bio.
      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      const modal = page.getByRole('dialog', { name: 'Modifica profilo' });
      await modal.waitFor();
      expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
      await modal.getByLabel('Biografia').fill('Progetto case luminose tra Puglia e Basilicata, con artigiani locali.');
      await modal.getByLabel(/^Budget minimo/).fill('200');
      await modal.getByLabel('Anni di esperienza').fill('9');
      await modal.getByRole('button', { name: 'Salva modifiche' }).click();
      await modal.getByText('Minimum budget must be at least €300').first().waitFor();
      await modal.getByLabel(/^Budget minimo/).fill('800');
      await modal.getByRole('button', { name: 'Salva modifiche' }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByText('Profilo aggiornato.').waitFor();
      await page.getByText('Progetto case luminose tra Puglia e Basilicata, con artigiani locali.').waitFor();

      // The public pages show the change.
      await page.goto(`${server.baseUrl}/designer/${designerId}`);
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
      await page.getByText('Progetto case luminose tra Puglia e Basilicata, con artigiani locali.').waitFor();
      await page.getByText('Da €800').waitFor();
      await page.getByText('9 anni di esperienza').waitFor();
      expect(await page.getByRole('link', { name: /Sito web/ }).getAttribute('href')).toBe('https://studiogalli.it');
      expect(await page.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe('https://www.instagram.com/studio.galli');
      expect(await axeProblems(page)).toEqual([]);

      await page.goto(`${server.baseUrl}/profile/${designerId}`);
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
      await page.getByText('Progetto case luminose tra Puglia e Basilicata, con artigiani locali.').waitFor();
      expect(await page.getByRole('img', { name: 'Foto di Chiara Galli' }).getAttribute('src')).toMatch(/^\/api\/images\/resize\/uploads\/gallery\//);
      expect(await axeProblems(page)).toEqual([]);
      // The whole journey, under the server's CSP, logs nothing wrong.
      expect(problems).toEqual([]);
    });
  }, 180_000);

  it('a signed-in customer who creates a designer account is told it is a second account, stays signed in, and then signs in as the designer', async () => {
    const customerEmail = 'marta.costa@example.com';
    const designerEmail = 'studio.costa@example.com';
    const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customerEmail, password: 'password123', name: 'Marta Costa' }),
    });
    expect(registered.status).toBe(201);
    await inBrowser('designer-from-customer', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/privacy`);
      await acceptEssentialCookies(page);
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('Email', { exact: true }).fill(customerEmail);
      await page.getByLabel('Password', { exact: true }).fill('password123');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/user-profile');

      await page.goto(`${server.baseUrl}/designer-registration`);
      await page.getByText(`Hai effettuato l'accesso come ${customerEmail}. L'account designer sarà un account a sé`).waitFor();
      await fillProfile(page, designerEmail);
      await choose(page, 'checkbox', /^Ho letto e accetto/);
      await page.getByRole('button', { name: 'Continua' }).click();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Conferma password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Crea account designer' }).click();

      // Still the customer, at home, told how to use the new account.
      await page.waitForURL((url) => url.pathname === '/user-profile');
      await page.getByText(`Account designer creato per ${designerEmail}. Per vedere il tuo profilo designer, esci e accedi con quell'account.`).waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Esci', exact: true }).click();
      await page.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.getByRole('link', { name: 'Accedi' }).first().click();
      await page.getByLabel('Email', { exact: true }).fill(designerEmail);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/designer-profile');
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
    });
    // On the server: two accounts, each with its role.
    for (const [email, password, role] of [[customerEmail, 'password123', 'user'], [designerEmail, PASSWORD, 'designer']]) {
      const answer = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { role: string }).role).toBe(role);
    }
  });

  it('shows the access-denied panel to a visitor on /designer-profile', async () => {
    await inBrowser('designer-access-denied', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByText('Accesso negato. Questa pagina è riservata ai designer.').waitFor();
      expect(await page.getByRole('link', { name: 'Registrati come designer' }).getAttribute('href')).toBe('/designer-registration');
      expect(await axeProblems(page)).toEqual([]);
    });
  });

  it('shows "Designer Non Trovato" for /profile/99999 and leads home through /home', async () => {
    await inBrowser('designer-not-found', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/profile/99999`);
      await page.getByRole('heading', { level: 1, name: 'Designer Non Trovato' }).waitFor();
      expect(await page.getByRole('link', { name: 'Torna alla home' }).getAttribute('href')).toBe('/home');
      await page.getByRole('link', { name: 'Torna alla home' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.goto(`${server.baseUrl}/designer/abc`);
      await page.getByRole('heading', { level: 1, name: 'Designer Non Trovato' }).waitFor();
    });
  });

  it('sends a visitor who wants to contact the designer to register, remembering both', async () => {
    expect(designerId).toBeGreaterThan(0);
    await inBrowser('designer-visitor-contact', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/designer/${designerId}`);
      await page.getByRole('button', { name: 'Contatta Designer' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).search).toBe('?mode=register&redirect=contact');
      const stored = await page.evaluate(() => ({
        designer: JSON.parse(sessionStorage.getItem('pendingDesigner') ?? 'null') as { id: number; name: string } | null,
        back: sessionStorage.getItem('returnAfterRegistration'),
      }));
      expect(stored.designer).toMatchObject({ id: designerId, name: 'Chiara Galli' });
      expect(stored.back).toBe(`/designer/${designerId}`);

      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${server.baseUrl}/profile/${designerId}`);
      await page.getByRole('button', { name: 'Contatta Chiara Galli' }).click();
      const dialog = page.getByRole('dialog', { name: 'Registrazione Richiesta' });
      await dialog.getByText('Per contattare un designer devi prima registrarti. È veloce e gratuito!').waitFor();
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => sessionStorage.getItem('pendingDesigner'))).toBeNull();
      await page.getByRole('button', { name: 'Contatta Chiara Galli' }).click();
      await page.getByRole('dialog', { name: 'Registrazione Richiesta' }).getByRole('button', { name: 'Registrati' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.evaluate(() => sessionStorage.getItem('returnAfterRegistration'))).toBe(`/profile/${designerId}`);
    });
  });

  it('opens a shared profile link as a visitor: the profile comes with the page, then reads offline', async () => {
    expect(designerId).toBeGreaterThan(0);
    await inBrowser('designer-shared-link', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await page.goto(`${server.baseUrl}/profile/${designerId}`);
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
      await page.getByTestId('like-button').waitFor();
      // No request for the designer: the server wrote the answer into the page.
      expect(asked.filter((path) => path.startsWith(`/api/designers/${designerId}`))).toEqual([]);
      // The avatar was preloaded with the srcset the <img> has: the preload's request is the one it shows.
      const preloaded = await page.evaluate(() =>
        (document.querySelector('link[rel="preload"][as="image"]')?.getAttribute('imagesrcset') ?? '').split(', ').map((c) => c.split(' ')[0] ?? ''),
      );
      expect(preloaded).toHaveLength(4);
      await expect.poll(() => page.evaluate(() => (document.querySelector('img[fetchpriority="high"]') as HTMLImageElement | null)?.complete)).toBe(true);
      const avatar = await page.evaluate(() => new URL((document.querySelector('img[fetchpriority="high"]') as HTMLImageElement).currentSrc).pathname + new URL((document.querySelector('img[fetchpriority="high"]') as HTMLImageElement).currentSrc).search);
      expect(preloaded).toContain(avatar);
      // (The gallery may show the same picture at its own size: only the avatar's copy is counted.)
      expect(asked.filter((path) => path === avatar)).toHaveLength(1);
      expect(asked.find((path) => preloaded.includes(path))).toBe(avatar);
      // The gallery's pictures, below the fold, were asked for after the first paint: after the moment
      // the app took the page as painted (its mark: the first contentful paint, or the 3 s ceiling on a
      // page that paints later than that, as a very busy machine can).
      const timing = await page.evaluate(async () => {
        const section = document.querySelector('[aria-labelledby="profile-gallery"]');
        const pictures = [...(section?.querySelectorAll('img') ?? [])] as HTMLImageElement[];
        await Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
        const painted = performance.getEntriesByName('interno:first-paint', 'mark')[0]?.startTime ?? Number.NaN;
        const starts = pictures.map((img) => performance.getEntriesByName(img.currentSrc)[0]?.startTime ?? Number.NaN);
        return { painted, starts };
      });
      expect(timing.painted).toBeGreaterThan(0);
      expect(timing.starts.length).toBeGreaterThan(0);
      for (const start of timing.starts) expect(start).toBeGreaterThanOrEqual(timing.painted);

      // The answer is kept on the device like any other: offline, the profile still opens.
      await untilServiceWorkerControls(page);
      await expect
        .poll(() =>
          page.evaluate(
            (key) =>
              new Promise<boolean>((resolve) => {
                const open = indexedDB.open('interno');
                open.onsuccess = () => {
                  const database = open.result;
                  if (!database.objectStoreNames.contains('responses')) {
                    database.close();
                    resolve(false);
                    return;
                  }
                  const read = database.transaction('responses').objectStore('responses').get(key);
                  read.onsuccess = () => {
                    database.close();
                    resolve(read.result !== undefined);
                  };
                  read.onerror = () => resolve(false);
                };
                open.onerror = () => resolve(false);
              }),
            `anon|/designers/${designerId}`,
          ),
        )
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
      await context.setOffline(false);
    });
  });

  it('keeps an offline bio edit in the outbox and sends it once back online', async () => {
    expect(designerId).toBeGreaterThan(0);
    await inBrowser('designer-offline-edit', { baseUrl: server.baseUrl, width: 1280 }, async ({ page, context }) => {
      await page.goto(server.baseUrl + '/privacy');
      await signInThroughApi(page, EMAIL, PASSWORD);
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByRole('heading', { level: 1, name: 'Chiara Galli' }).waitFor();
      // The edit dialog is a chunk of its own: offline, only the service worker can serve it.
      await untilServiceWorkerControls(page);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      const modal = page.getByRole('dialog', { name: 'Modifica profilo' });
      await modal.getByLabel('Biografia').fill('Scritto in treno, senza rete.');
      await modal.getByRole('button', { name: 'Salva modifiche' }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByText('Sei offline: le modifiche sono salvate su questo dispositivo e partiranno appena torni online.').waitFor();
      await page.getByText('Scritto in treno, senza rete.').waitFor();
      await context.setOffline(false);
      await expect
        .poll(
          async () =>
            page.evaluate(async (id) => {
              const response = await fetch(`/api/designers/${id}`, { cache: 'no-store' });
              return ((await response.json()) as { bio: string }).bio;
            }, designerId),
          { timeout: 20_000, interval: 500 },
        )
        .toBe('Scritto in treno, senza rete.');
    });
  });

  it('deletes the account after confirmation, logs out and goes home', async () => {
    expect(designerId).toBeGreaterThan(0);
    await inBrowser('designer-delete', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(server.baseUrl + '/privacy');
      await signInThroughApi(page, EMAIL, PASSWORD);
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      await page.getByRole('dialog', { name: 'Modifica profilo' }).getByRole('button', { name: 'Elimina account' }).click();
      const confirm = page.getByRole('dialog', { name: "Eliminare l'account?" });
      await confirm.getByText('Sei sicuro di voler eliminare il tuo account? Questa azione è irreversibile.').waitFor();
      await confirm.getByRole('button', { name: 'Elimina definitivamente' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.getByText('Account eliminato con successo.').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      const status = await page.evaluate(async (id) => (await fetch(`/api/designers/${id}`)).status, designerId);
      expect(status).toBe(404);
    });
  });
});
