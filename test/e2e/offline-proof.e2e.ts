import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Account } from './harness/api';
import { inBrowser, untilServiceWorkerControls } from './harness/browser';
import { untilOutboxSent } from './harness/device';
import { expectOneKeyAndReplay } from './harness/replay';
import { startInterno, type RunningServer } from './harness/server';

/**
 * The offline proof: actions survive a connection that drops at the worst moment, a server that
 * fails after committing, two tabs replaying at once, and a refusal on replay; each action reaches
 * the server exactly once, and the person sees where every action stands on /sincronizzazione.
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

const CANCEL_PATH = /\/api\/appointments\/\d+\/cancel$/;

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});


/** The app closed, the connection gone, and a new page of the same browser: a cold start offline. */
async function startColdOffline(context: BrowserContext, page: Page): Promise<Page> {
  await page.close();
  await context.setOffline(true);
  return context.newPage();
}

async function openRequests(page: Page, account: Account, designerName: string) {
  await api.signIn(page, account);
  await page.goto(`${server.baseUrl}/appuntamenti`);
  await page.getByRole('tab', { name: /In Attesa/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: designerName }).first();
  await card.waitFor();
  return card;
}

async function cancelFrom(card: ReturnType<Page['getByRole']>) {
  await card.getByRole('button', { name: 'Annulla richiesta' }).click();
  await card.getByRole('button', { name: 'Sì, annulla' }).click();
}

function cancelRequests(requests: Request[]): Request[] {
  return requests.filter((request) => request.method() === 'PUT' && CANCEL_PATH.test(new URL(request.url()).pathname));
}

async function statusOf(appointmentId: number, account: Account): Promise<string> {
  return (await api.must(200, 'GET', `/api/appointments/${appointmentId}`, account.token)).status as string;
}

describe('offline proof', () => {
  it('a connection dropped after the server committed: the retry carries the same key and changes nothing twice', async () => {
    const { customer, appointmentId } = await api.pendingRequest('Anna Riva', 'Leo Conti');
    await inBrowser('proof-drop-after-commit', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      const sent: Request[] = [];
      page.on('request', (request) => sent.push(request));
      let dropped = false;
      await page.route(CANCEL_PATH, async (route) => {
        if (dropped) return route.continue();
        dropped = true;
        // The request reaches the server and commits; the answer never reaches the page.
        const answer = await route.fetch();
        expect(answer.status()).toBe(200);
        await route.abort('connectionreset');
      });
      const card = await openRequests(page, customer, 'Leo Conti');
      await cancelFrom(card);
      await page.getByText('Nessuna richiesta in attesa').waitFor({ timeout: 30_000 });
      // The server's appointment event may update the list before the outbox retries: wait for the retry.
      await expect.poll(() => cancelRequests(sent).length, { timeout: 30_000, interval: 200 }).toBe(2);

      const attempts = cancelRequests(sent);
      await expectOneKeyAndReplay(attempts);
      expect(await statusOf(appointmentId, customer)).toBe('cancelled');

      await page.goto(`${server.baseUrl}/sincronizzazione`);
      const entry = page.getByTestId('sync-entry').filter({ hasText: 'Annullamento di un appuntamento' });
      await entry.getByText('Inviato').waitFor();
      expect(await entry.getAttribute('data-state')).toBe('sent');
    });
  });

  it('a 503 after the commit is retried with the same key and replayed, not refused', async () => {
    const { customer, appointmentId } = await api.pendingRequest('Bice Neri', 'Marta Sala');
    await inBrowser('proof-503-after-commit', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      const sent: Request[] = [];
      page.on('request', (request) => sent.push(request));
      let failed = false;
      await page.route(CANCEL_PATH, async (route) => {
        if (failed) return route.continue();
        failed = true;
        await route.fetch();
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Service Unavailable"}' });
      });
      const card = await openRequests(page, customer, 'Marta Sala');
      await cancelFrom(card);
      await page.getByText('Nessuna richiesta in attesa').waitFor({ timeout: 30_000 });
      await expect.poll(() => cancelRequests(sent).length, { timeout: 30_000, interval: 200 }).toBe(2);
      const attempts = cancelRequests(sent);
      const keys = await Promise.all(attempts.map(async (request) => (await request.allHeaders())['idempotency-key']));
      expect(keys[1]).toBe(keys[0]);
      expect(await statusOf(appointmentId, customer)).toBe('cancelled');
    });
  });

  it('two tabs open offline replay a queued action once', async () => {
    const { customer, appointmentId } = await api.pendingRequest('Carla Mori', 'Nino Ferri');
    await inBrowser('proof-two-tabs', { baseUrl: server.baseUrl, width: 1280 }, async ({ context, page }) => {
      // Requests that reached the server and got an answer (attempts made offline fail in the browser).
      const sent: Request[] = [];
      context.on('requestfinished', (request) => sent.push(request));
      const card = await openRequests(page, customer, 'Nino Ferri');
      const second = await context.newPage();
      await second.goto(`${server.baseUrl}/appuntamenti`);
      await second.getByRole('tab', { name: /In Attesa/ }).waitFor();
      // Both tabs run from the service worker before the connection drops: a tab it does not control
      // yet (it was still precaching, which takes seconds on a busy machine) cannot load the offline
      // layer once offline, and would never show the queued action.
      await untilServiceWorkerControls(page);
      await untilServiceWorkerControls(second);

      await context.setOffline(true);
      await cancelFrom(card);
      await card.getByText('Annullamento in invio: partirà appena sei di nuovo online.').waitFor();
      // The other tab sees the queued action too (one IndexedDB for the origin).
      await second.getByTestId('sync-status').getByText('1 azione in attesa di invio').waitFor();
      expect(cancelRequests(sent).length).toBe(0);

      await context.setOffline(false);
      await expect.poll(async () => statusOf(appointmentId, customer), { timeout: 30_000, interval: 300 }).toBe('cancelled');
      // Both tabs get the online event, focus and timers and race to drain. Their outbox is one (one
      // IndexedDB for the origin), and once it holds the cancellation as sent neither tab sends it
      // again: the count is final then. The browser reports the request as finished a moment after
      // the page has read its answer, so the count is read once it is there.
      expect((await untilOutboxSent(second)).map(({ method, path }) => `${method} ${path}`)).toEqual([`PUT /api/appointments/${appointmentId}/cancel`]);
      await expect.poll(() => cancelRequests(sent).length).toBeGreaterThan(0);
      expect(cancelRequests(sent).length).toBe(1);
      await second.getByTestId('sync-status').waitFor({ state: 'detached', timeout: 15_000 });
    });
  });

  it('a refusal on replay is explained in Italian and rolled back', async () => {
    const { designer, customer, appointmentId } = await api.pendingRequest('Dora Villa', 'Ugo Bassi');
    await inBrowser('proof-refused-on-replay', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const card = await openRequests(page, customer, 'Ugo Bassi');
      await context.setOffline(true);
      await cancelFrom(card);
      await card.getByText('Annullamento in invio: partirà appena sei di nuovo online.').waitFor();
      // Meanwhile the designer confirms the request.
      await api.must(200, 'PUT', `/api/appointments/${appointmentId}/confirm`, designer.token, {});
      await context.setOffline(false);

      await page.getByTestId('sync-status').getByText('1 azione non inviata').waitFor({ timeout: 30_000 });
      expect(await statusOf(appointmentId, customer)).toBe('confirmed');
      await page.getByTestId('sync-status').getByRole('link', { name: 'Vedi dettagli' }).click();
      const entry = page.getByTestId('sync-entry').filter({ hasText: 'Annullamento di un appuntamento' });
      await entry.getByText('Rifiutato').waitFor();
      await entry.getByText("Motivo: L'appuntamento ora risulta confermato: questa azione non è più possibile.").waitFor();
      await entry.getByRole('button', { name: /^Scarta/ }).click();
      await page.getByText('Nessuna azione in attesa: è tutto sincronizzato.').waitFor();

      // The appointment stays where the server has it: among the confirmed calls.
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await page.getByRole('tab', { name: /Confermati/ }).click();
      await page.getByRole('listitem').filter({ hasText: 'Ugo Bassi' }).first().waitFor();
    });
  });

  it('starts cold offline after one online visit: the shell and the cached appointments render', async () => {
    const { customer } = await api.pendingRequest('Elsa Gatti', 'Pia Longo');
    await inBrowser('proof-cold-start', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await openRequests(page, customer, 'Pia Longo');
      await untilServiceWorkerControls(page);
      const cold = await startColdOffline(context, page);
      await cold.goto(`${server.baseUrl}/appuntamenti`);
      await cold.getByTestId('sync-status').getByText('Sei offline').waitFor();
      await cold.getByRole('tab', { name: /In Attesa/ }).click();
      await cold.getByRole('listitem').filter({ hasText: 'Pia Longo' }).first().waitFor();
    });
  });

  it("a customer starts cold offline after one online visit, edits the profile, and the change reaches the server once back online", async () => {
    const ada = await api.customer('Ada Ferri');
    await inBrowser('proof-cold-profile-edit', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await api.signIn(page, ada);
      await page.goto(`${server.baseUrl}/user-profile`);
      await page.getByRole('heading', { level: 1, name: 'Ada Ferri' }).waitFor();
      await untilServiceWorkerControls(page);
      const cold = await startColdOffline(context, page);
      await cold.goto(`${server.baseUrl}/user-profile`);
      await cold.getByTestId('sync-status').getByText('Sei offline').waitFor();
      // The editor, never opened online, comes from the device.
      await cold.getByRole('button', { name: 'Modifica profilo' }).click();
      const dialog = cold.getByRole('dialog', { name: 'Modifica profilo' });
      await dialog.getByLabel(/Località/).fill('Lecce');
      await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await cold.getByText('Lecce', { exact: true }).waitFor();
      await context.setOffline(false);
      await expect.poll(async () => (await api.must(200, 'GET', '/api/users/me', ada.token)).user.location, { timeout: 30_000 }).toBe('Lecce');
    });
  });

  it('a designer starts cold offline after one online visit: dashboard, statistics and weekly availability render', async () => {
    const { designer, customer } = await api.pendingRequest('Rita Sala', 'Ivo Marchi');
    await api.must(200, 'POST', '/api/likes', customer.token, { designer_id: designer.id });
    await inBrowser('proof-designer-cold-start', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await api.signIn(page, designer);
      await page.goto(`${server.baseUrl}/designer-profile`);
      // One online visit of each screen: the statistics and the weekly editor.
      await page.getByRole('button', { name: /Mi piace/ }).click();
      let stats = page.getByRole('dialog', { name: 'Le tue statistiche' });
      await stats.getByTestId('likers').getByText('Rita Sala').waitFor();
      await stats.getByRole('button', { name: /Chiudi/ }).first().click();
      await page.getByRole('button', { name: /Fasce di disponibilità/ }).click();
      let week = page.getByRole('dialog', { name: 'Gestione Disponibilità' });
      await week.waitFor();
      await week.getByRole('button', { name: /Chiudi/ }).first().click();
      await untilServiceWorkerControls(page);
      const cold = await startColdOffline(context, page);
      await cold.goto(`${server.baseUrl}/designer-profile`);
      await cold.getByTestId('sync-status').getByText('Sei offline').waitFor();
      await cold.getByRole('heading', { name: 'Ivo Marchi' }).first().waitFor();
      const windows = cold.getByRole('button', { name: /Fasce di disponibilità/ });
      await expect.poll(async () => (await windows.textContent()) ?? '').toContain('7');
      await cold.getByRole('button', { name: /Mi piace/ }).click();
      stats = cold.getByRole('dialog', { name: 'Le tue statistiche' });
      await stats.getByTestId('likers').getByText('Rita Sala').waitFor();
      await stats.getByRole('button', { name: /Chiudi/ }).first().click();
      await windows.click();
      week = cold.getByRole('dialog', { name: 'Gestione Disponibilità' });
      await week.getByText('Dati non aggiornati — sei offline').waitFor();
    });
  });

  it('a like queued offline for a designer who deletes the account meanwhile: refused, explained wherever the person is, rolled back', async () => {
    const designer = await api.designer('Olga Ferri');
    const customer = await api.customer('Sara Monti');
    await inBrowser('proof-refused-like', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await api.signIn(page, customer);
      await page.goto(`${server.baseUrl}/profile/${designer.id}`);
      const like = page.getByTestId('like-button');
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
      await untilServiceWorkerControls(page);
      await context.setOffline(true);
      await like.click();
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      // Elsewhere in the app when the answer comes: the profile page, opened offline from the cache.
      await page.goto(`${server.baseUrl}/user-profile`);
      await page.getByTestId('favourites').waitFor();
      await api.must(200, 'DELETE', `/api/designers/${designer.id}`, designer.token);

      await context.setOffline(false);
      const toast = page.getByRole('alert').filter({ hasText: "Mi piace a un designer: il server non l'ha accettata." });
      await toast.waitFor();
      expect(await toast.textContent()).toContain('Designer non trovato.');
      await page.getByTestId('sync-status').getByText(/1 azione non inviata/).waitFor();
      // Nothing was recorded, and the favourites do not keep the designer.
      expect((await api.must(200, 'GET', '/api/likes/mine', customer.token)).likes).toEqual([]);
      await page.getByTestId('favourites').getByText('Non hai ancora messo mi piace').waitFor();
      await page.goto(`${server.baseUrl}/sincronizzazione`);
      const entry = page.getByRole('listitem').filter({ hasText: 'Mi piace a un designer' });
      await entry.getByText('Designer non trovato.').waitFor();
      await entry.getByRole('button', { name: 'Scarta' }).click();
      await entry.waitFor({ state: 'detached' });
    });
  });
});
