import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, type Account } from './harness/api';
import { inBrowser } from './harness/browser';
import { untilOutboxSent } from './harness/device';
import { expectOneKeyAndReplay } from './harness/replay';
import { startInterno, type RunningServer } from './harness/server';

/**
 * The main journeys with the fault on the server side (INTERNO_FAULT_INJECTION): the server runs
 * the request to the end, commits it and stores its answer for the Idempotency-Key, then answers
 * 503 or closes the connection without answering. The person does the action through the real UI;
 * the API then shows that it arrived exactly once (and in order), and the UI ends in the right
 * state, with no error left.
 *
 * After a dropped connection the retry comes from the outbox, or from Chromium itself: it resends a
 * request, headers included, when a reused keep-alive connection closes before any answer. Either
 * way it carries the same Idempotency-Key and is answered from the stored response. A 503 is always
 * retried by the app, so the journeys that must go through the app's own retry use a 503.
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

type FaultMode = '503_after_commit' | 'drop_after_commit';

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off', INTERNO_FAULT_INJECTION: 'true' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});

beforeEach(async () => {
  await api.must(204, 'DELETE', '/api/_faults', null);
});

/** Arms one fault on the server for the next request matching method and path. */
async function arm(method: string, path: string, mode: FaultMode): Promise<void> {
  await api.must(201, 'POST', '/api/_faults', null, { method, path, mode, times: 1 });
}

/** Every armed fault has fired exactly once: the action really was hit after its commit. */
async function expectFaultsFired(): Promise<void> {
  const { faults } = await api.must(200, 'GET', '/api/_faults', null);
  expect(faults.length).toBeGreaterThan(0);
  for (const fault of faults) expect(fault.fired, `${fault.method} ${fault.path}`).toBe(1);
}

/** The requests the page sends to method + path, to check keys and replays afterwards. */
function watch(page: Page, method: string, path: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/** /sincronizzazione: nothing waiting or refused; the given number of actions sent. */
async function expectSyncedOnDevice(page: Page, sent: number): Promise<void> {
  await page.goto(`${server.baseUrl}/sincronizzazione`);
  const entries = page.getByTestId('sync-entry');
  await expect.poll(() => entries.count(), { timeout: 20_000 }).toBe(sent);
  await expect.poll(async () => page.locator('[data-testid="sync-entry"][data-state="sent"]').count(), { timeout: 20_000 }).toBe(sent);
  await entries.first().getByText('Inviato').waitFor();
  expect(await page.getByTestId('sync-status').count()).toBe(0);
}

async function openContactDialog(page: Page, designer: { id: number }, name: string) {
  await page.goto(`${server.baseUrl}/designer/${designer.id}`);
  await page.getByRole('button', { name: 'Contatta Designer' }).click();
  return page.getByRole('dialog', { name: `Contatta ${name}` });
}

async function myContacts(account: Account): Promise<{ id: number; designer_id: number }[]> {
  return (await api.must(200, 'GET', '/api/contacts/my-contacts', account.token)).contacts;
}

async function messagesOf(contactId: number, account: Account): Promise<{ message: string }[]> {
  return (await api.must(200, 'GET', `/api/contacts/${contactId}?mark_read=false&limit=200`, account.token)).messages;
}

describe('offline faults injected by the server', () => {
  it('chat: two messages in a row, the first hit by a dropped connection after commit, arrive once each and in order', async () => {
    const sofia = await api.designer('Sofia Marino');
    const anna = await api.customer('Anna Neri');
    await inBrowser('faults-chat', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await api.signIn(page, anna);
      const dialog = await openContactDialog(page, sofia, 'Sofia Marino');
      await dialog.getByLabel('Il tuo messaggio').fill('Ciao Sofia, vorrei rifare il soggiorno.');
      await dialog.getByRole('button', { name: 'Invia messaggio' }).click();
      await dialog.getByText('Messaggio inviato con successo! Il designer ti risponderà presto.').waitFor();
      await dialog.getByRole('button', { name: 'Apri la chat' }).click();
      const chat = page.getByRole('dialog', { name: 'Chat con Sofia Marino' });
      const input = chat.getByLabel('Scrivi un messaggio');
      await input.waitFor();
      const [contact] = await myContacts(anna);
      expect(contact).toBeTruthy();

      const sent = watch(page, 'POST', /^\/api\/contacts\/\d+\/messages$/);
      await arm('POST', String.raw`^/api/contacts/\d+/messages$`, 'drop_after_commit');
      await input.fill('Prima domanda: quando sei libera?');
      await page.keyboard.press('Enter');
      await input.fill('Seconda: lavori anche a Torino?');
      await page.keyboard.press('Enter');

      await expect
        .poll(async () => (await messagesOf(contact!.id, anna)).map((m) => m.message), { timeout: 30_000, interval: 300 })
        .toEqual(['Ciao Sofia, vorrei rifare il soggiorno.', 'Prima domanda: quando sei libera?', 'Seconda: lavori anche a Torino?']);
      await chat.getByText('In attesa di invio').waitFor({ state: 'detached', timeout: 20_000 });
      // A stray retry would come from the outbox, or from Chromium before the page has the answer:
      // once the outbox holds every message as sent, neither can come any more. Count again then.
      await untilOutboxSent(page);
      expect((await messagesOf(contact!.id, anna)).map((m) => m.message)).toEqual([
        'Ciao Sofia, vorrei rifare il soggiorno.',
        'Prima domanda: quando sei libera?',
        'Seconda: lavori anche a Torino?',
      ]);
      await expectFaultsFired();
      const first = [];
      for (const request of sent) if ((request.postData() ?? '').includes('Prima domanda')) first.push(request);
      const keys = new Set(await Promise.all(first.map(async (request) => (await request.allHeaders())['idempotency-key'])));
      expect(keys.size).toBe(1);
      await chat.getByText('Seconda: lavori anche a Torino?').waitFor();
      expect(await chat.getByRole('alert').count()).toBe(0);
      await expectSyncedOnDevice(page, 3);
    });
  });

  it('like: a 503 after the commit is replayed, so the toggle is not applied twice (which would undo it)', async () => {
    const bea = await api.designer('Bea Verdi');
    const anna = await api.customer('Anna Galli');
    await inBrowser('faults-like', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      await api.signIn(page, anna);
      await page.goto(`${server.baseUrl}/designer/${bea.id}`);
      const button = page.getByTestId('like-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      const sent = watch(page, 'POST', /^\/api\/likes\/?$/);
      await arm('POST', '^/api/likes/?$', '503_after_commit');
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => sent.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => (await sent[sent.length - 1]?.response())?.ok(), { timeout: 30_000 }).toBe(true);
      await expectOneKeyAndReplay(sent);
      // Once the outbox holds the like as sent it sends it no more: a second toggle cannot come later.
      expect((await untilOutboxSent(page)).map(({ kind }) => kind)).toEqual(['like.toggle']);
      expect((await api.must(200, 'GET', `/api/likes/designer/${bea.id}/count`, null)).like_count).toBe(1);
      expect((await api.must(200, 'GET', `/api/likes/status/${bea.id}`, anna.token)).is_liked).toBe(true);
      await expectFaultsFired();
      await page.reload();
      await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      await expectSyncedOnDevice(page, 1);
    });
  });

  it('share: a connection dropped after the commit records the share once', async () => {
    const carla = await api.designer('Carla Fontana');
    const bruno = await api.customer('Bruno Gallo');
    await inBrowser('faults-share', { baseUrl: server.baseUrl, width: 1280 }, async ({ context, page }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await api.signIn(page, bruno);
      await page.goto(`${server.baseUrl}/profile/${carla.id}`);
      const sent = watch(page, 'POST', /^\/api\/shares\/?$/);
      await arm('POST', '^/api/shares/?$', 'drop_after_commit');
      await page.getByTestId('share-button').click();
      const dialog = page.getByRole('dialog', { name: 'Condividi Carla Fontana' });
      await dialog.locator('[data-platform="copy"]').click();
      await dialog.getByText('Link copiato!').waitFor();
      await expect.poll(async () => (await api.must(200, 'GET', `/api/shares/designer/${carla.id}/count`, null)).share_count).toBe(1);
      await expectSyncedOnDevice(page, 1);
      await expectOneKeyAndReplay(sent);
      expect((await api.must(200, 'GET', `/api/shares/designer/${carla.id}/count`, null)).share_count).toBe(1);
      const stats = await api.must(200, 'GET', `/api/shares/stats/${carla.id}`, carla.token);
      expect(stats.total_shares).toBe(1);
      await expectFaultsFired();
    });
  });

  it('new contact: a 503 after the first message opened the conversation leaves one conversation with one message', async () => {
    const dario = await api.designer('Dario Conti');
    const elsa = await api.customer('Elsa Ferri');
    await inBrowser('faults-contact', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await api.signIn(page, elsa);
      const dialog = await openContactDialog(page, dario, 'Dario Conti');
      const sent = watch(page, 'POST', /^\/api\/contacts\/?$/);
      await arm('POST', '^/api/contacts/?$', '503_after_commit');
      await dialog.getByLabel('Il tuo messaggio').fill('Buongiorno Dario, cerco un progetto per la cucina.');
      await dialog.getByRole('button', { name: 'Invia messaggio' }).click();
      await dialog.getByText('Messaggio inviato con successo! Il designer ti risponderà presto.').waitFor({ timeout: 30_000 });
      await expectOneKeyAndReplay(sent);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      // Once the outbox holds the first message as sent it sends it no more: the count is final.
      expect((await untilOutboxSent(page)).map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/contacts/']);
      const contacts = await myContacts(elsa);
      expect(contacts.filter((c) => c.designer_id === dario.id)).toHaveLength(1);
      expect((await messagesOf(contacts[0]!.id, elsa)).map((m) => m.message)).toEqual(['Buongiorno Dario, cerco un progetto per la cucina.']);
      const designerSide = (await api.must(200, 'GET', '/api/contacts/designer-contacts', dario.token)).contacts;
      expect(designerSide).toHaveLength(1);
      expect(await dialog.getByRole('alert').filter({ hasText: /errore|rifiutat/i }).count()).toBe(0);
      await expectFaultsFired();
      await expectSyncedOnDevice(page, 1);
    });
  });

  it('designer bio: a 503 after the edit was saved ends with the new bio, no error, and the retry replayed', async () => {
    const gaia = await api.designer('Gaia Russo');
    await inBrowser('faults-designer-bio', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      await api.signIn(page, gaia);
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByRole('heading', { level: 1, name: 'Gaia Russo' }).waitFor();
      const sent = watch(page, 'PUT', new RegExp(`^/api/designers/${gaia.id}$`));
      await arm('PUT', String.raw`^/api/designers/\d+$`, '503_after_commit');
      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      const modal = page.getByRole('dialog', { name: 'Modifica profilo' });
      await modal.getByLabel('Biografia').fill('Case sul mare, intonaci naturali e legno di recupero.');
      await modal.getByRole('button', { name: 'Salva modifiche' }).click();
      await modal.waitFor({ state: 'detached', timeout: 15_000 });
      // Online, the lost answer is not called "offline".
      await page.getByText('Il server non ha risposto: le modifiche sono salvate su questo dispositivo e verranno confermate da sole.').waitFor();
      await page.getByText('Case sul mare, intonaci naturali e legno di recupero.').waitFor();
      await expect.poll(async () => sent.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(async () => (await sent[sent.length - 1]?.response())?.ok(), { timeout: 30_000 }).toBe(true);
      await expectOneKeyAndReplay(sent);
      expect((await api.must(200, 'GET', `/api/designers/${gaia.id}`, null)).bio).toBe('Case sul mare, intonaci naturali e legno di recupero.');
      await expectFaultsFired();
      await expectSyncedOnDevice(page, 1);
    });
  });

  it('customer profile: a connection dropped after the edit was saved ends with the new location and the retry replayed', async () => {
    const ivo = await api.customer('Ivo Marchi');
    await inBrowser('faults-customer-profile', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await api.signIn(page, ivo);
      await page.goto(`${server.baseUrl}/user-profile`);
      const sent = watch(page, 'PUT', /^\/api\/users\/me$/);
      await arm('PUT', '^/api/users/me$', 'drop_after_commit');
      await page.getByRole('button', { name: 'Modifica profilo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modifica profilo' });
      await dialog.getByLabel(/Località/).fill('Lecce');
      await dialog.getByRole('button', { name: 'Salva modifiche' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByText('Lecce', { exact: true }).waitFor();
      await expect.poll(async () => (await api.must(200, 'GET', '/api/users/me', ivo.token)).user.location).toBe('Lecce');
      await expect.poll(async () => (await sent[sent.length - 1]?.response())?.ok(), { timeout: 30_000 }).toBe(true);
      await expectOneKeyAndReplay(sent);
      await expectFaultsFired();
      await page.reload();
      await page.getByText('Lecce', { exact: true }).waitFor();
    });
  });

  it('quiz result: a 503 after the lead was created gives the visitor that lead, not a second one', async () => {
    await inBrowser('faults-quiz', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/?openQuestionnaire=true`);
      await page.evaluate(() => {
        localStorage.setItem('cookie-consent', 'essential');
        localStorage.setItem('cookie-consent-date', new Date().toISOString());
      });
      const sent = watch(page, 'POST', /^\/api\/match-designers$/);
      await arm('POST', '^/api/match-designers$', '503_after_commit');
      const picks = [4, 4, 4, 3, 4, 0, 4];
      for (const [i, pick] of picks.entries()) {
        await page.getByText(`Domanda ${i + 1} di 7`).waitFor();
        await page.locator('label:has(input[type="radio"])').nth(pick).click();
        await page.getByRole('button', { name: /^(Avanti|Completa)$/ }).click();
      }
      await page.getByRole('heading', { level: 1, name: 'Il tuo stile è Naturale Mediterraneo' }).waitFor();
      await page.getByRole('button', { name: 'Mostra Designer' }).click();
      await page.getByRole('heading', { level: 1, name: 'I designer più affini al tuo stile' }).waitFor();
      await expect.poll(async () => (await sent[sent.length - 1]?.response())?.ok(), { timeout: 30_000 }).toBe(true);
      // The server's answer is on screen (this catalogue has no Mediterranean designer), not the offline wait.
      await page.getByText('Al momento nessun designer corrisponde al tuo profilo. Torna a trovarci presto.').waitFor({ timeout: 30_000 });
      expect(await page.getByText('I designer compatibili appariranno appena torni online.').count()).toBe(0);
      // The direct attempt got the 503; the outbox sent the same answers with the same key.
      expect(sent.length).toBeGreaterThanOrEqual(2);
      await expectOneKeyAndReplay(sent);
      await expectFaultsFired();
      const replayed = await (await sent[sent.length - 1]!.response())!.json();
      const leadId = replayed.lead_id as number;
      expect(leadId).toBeGreaterThan(0);
      // The next lead anyone creates gets the next id: the lost first answer and its retry made one lead.
      const probe = await api.must(201, 'POST', '/api/match-designers', null, { answers: JSON.parse(sent[0]!.postData() ?? '{}').answers });
      expect(probe.lead_id).toBe(leadId + 1);
      expect(await page.getByRole('alert').filter({ hasText: /errore/i }).count()).toBe(0);
      await expectSyncedOnDevice(page, 1);
    });
  });
});
