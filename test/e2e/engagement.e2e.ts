import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, saveScreenshot } from './harness/browser';
import { outboxRows, untilOutboxSent } from './harness/device';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Engagement journeys: a visitor's like asks to register; a customer likes (the count rises and
 * survives a reload) and unlikes; copying the share link confirms and is recorded; the designer
 * sees who liked and shared in the statistics; a like made offline is sent once when back online.
 */

interface Account {
  token: string;
  user: Record<string, unknown>;
}

let server: RunningServer;
let counter = 0;

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function must(status: number, method: string, path: string, token: string | null, body?: unknown): Promise<any> {
  const answer = await call(method, path, token, body);
  if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

async function login(email: string, password: string): Promise<Account> {
  const user = await must(200, 'POST', '/api/auth/login', null, { email, password });
  return { token: user.access_token as string, user };
}

async function customer(name: string): Promise<Account> {
  counter += 1;
  const email = `fan${counter}@example.com`;
  await must(201, 'POST', '/api/auth/register', null, { email, password: 'password123', name });
  return login(email, 'password123');
}

async function designer(name: string): Promise<Account & { id: number }> {
  counter += 1;
  const email = `studio${counter}@example.com`;
  const profile = await must(201, 'POST', '/api/designers', null, {
    name, email, password: 'designer123', bio: 'Case luminose, materiali naturali.', specialties: ['Japandi'], design_style: 'C',
    prima_proposta: '5-7 giorni', work_preferences: ['online'], city: 'Torino', privacy_consent: true,
  });
  return { ...(await login(email, 'designer123')), id: profile.id as number };
}

async function signIn(page: Page, account: Account | null): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate((user) => {
    if (user) localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  }, account?.user ?? null);
}

async function likeCount(id: number): Promise<number> {
  return (await must(200, 'GET', `/api/likes/designer/${id}/count`, null)).like_count as number;
}

/** Serious and critical axe violations on the page (or inside scope). */
async function axe(page: Page, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (scope ? builder.include(scope) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
});

afterAll(async () => {
  await server.stop();
});

describe('engagement', () => {
  it('a visitor who likes is asked to register first', async () => {
    const sofia = await designer('Sofia Marino');
    await inBrowser('like-visitor', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, null);
      await page.goto(`${server.baseUrl}/profile/${sofia.id}`);
      await page.getByTestId('like-button').click();
      const dialog = page.getByRole('dialog', { name: 'Registrazione Richiesta' });
      await dialog.getByText('Per mettere "mi piace" ai designer devi prima registrarti. È veloce e gratuito!').waitFor();
      await dialog.getByRole('button', { name: 'Registrati' }).click();
      await page.waitForURL(/\/login\?mode=register/);
    });
    expect(await likeCount(sofia.id)).toBe(0);
  });

  it('a customer likes: the count rises and survives a reload; unliking brings it back', async () => {
    const bea = await designer('Bea Verdi');
    const anna = await customer('Anna Neri');
    // Someone else liked Bea already: the page must show the server's count, not start from zero.
    const other = await customer('Luca Bianchi');
    await must(200, 'POST', '/api/likes', other.token, { designer_id: bea.id });
    await inBrowser('like-customer', { baseUrl: server.baseUrl, width: 1280, height: 900 }, async ({ page }) => {
      await signIn(page, anna);
      await page.goto(`${server.baseUrl}/designer/${bea.id}`);
      const button = page.getByTestId('like-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      await button.click();
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('2');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => likeCount(bea.id)).toBe(2);

      await page.reload();
      await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('2');

      // The liked designer is in the customer's favourites ("Preferiti" on /user-profile).
      await page.goto(`${server.baseUrl}/user-profile`);
      await page.getByTestId('favourites').getByRole('link', { name: 'Bea Verdi' }).waitFor();

      await page.goto(`${server.baseUrl}/designer/${bea.id}`);
      await expect.poll(() => page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('like-button').click();
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => likeCount(bea.id)).toBe(1);
    });
  });

  it('a designer on their own public profile can share it and go back to the dashboard, and likes other designers only', async () => {
    const eva = await designer('Eva Russo');
    const gio = await designer('Gio Conti');
    await inBrowser('own-profile', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, null);
      // Eva looks at her page as the public sees it first, then signs in from there.
      await page.goto(`${server.baseUrl}/profile/${eva.id}`);
      await page.getByTestId('like-button').waitFor();
      await page.getByRole('link', { name: 'Accedi' }).first().click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByLabel('Email', { exact: true }).fill(String(eva.user.email));
      await page.getByLabel('Password', { exact: true }).fill('designer123');
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      // Signed in, back on her page (the sign-in returns to the page it came from), now as its owner.
      const ownActions = async () => {
        await page.waitForURL((url) => url.pathname === `/profile/${eva.id}`);
        await page.getByRole('link', { name: 'Vai alla tua dashboard' }).waitFor();
        await page.getByRole('button', { name: /^Condividi/ }).waitFor();
        expect(await page.getByTestId('like-button').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Prenota videochiamata' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^Contatta/ }).count()).toBe(0);
      };
      await ownActions();
      await page.getByRole('link', { name: 'Vai alla tua dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/designer-profile');
      await page.getByRole('link', { name: 'Vedi profilo pubblico' }).click();
      await ownActions();
      // The portfolio page too.
      await page.goto(`${server.baseUrl}/designer/${eva.id}`);
      await page.getByRole('link', { name: 'Vai alla tua dashboard' }).waitFor();
      expect(await page.getByRole('button', { name: 'Contatta Designer' }).count()).toBe(0);
      expect(await page.getByTestId('like-button').count()).toBe(0);
      // Another designer's profile offers the like, and it counts.
      await page.goto(`${server.baseUrl}/profile/${gio.id}`);
      await page.getByTestId('like-button').click();
      await expect.poll(() => likeCount(gio.id)).toBe(1);
      await page.goto(`${server.baseUrl}/profile/${eva.id}`);
      await page.getByRole('link', { name: 'Vai alla tua dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/designer-profile');
    });
    // On the server: nothing from Eva on her own profile, and the API refuses it.
    expect(await likeCount(eva.id)).toBe(0);
    const own = await call('POST', '/api/likes', eva.token, { designer_id: eva.id });
    expect(own).toMatchObject({ status: 400, json: { reason: 'own_profile' } });
    expect(await likeCount(eva.id)).toBe(0);
  });

  it('copying the share link confirms for two seconds and records the share; the designer sees the statistics', async () => {
    const carla = await designer('Carla Fontana');
    const bruno = await customer('Bruno Gallo');
    await must(200, 'POST', '/api/likes', bruno.token, { designer_id: carla.id });
    await inBrowser('share-copy', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await signIn(page, bruno);
      await page.goto(`${server.baseUrl}/profile/${carla.id}`);
      await page.getByTestId('share-button').click();
      const dialog = page.getByRole('dialog', { name: 'Condividi Carla Fontana' });
      await dialog.locator('[data-platform="copy"]').click();
      await dialog.getByText('Link copiato!').waitFor();
      expect(await axe(page, '[role="dialog"]')).toEqual([]);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain(`/profile/${carla.id}?shared=true`);
      await dialog.getByText('Link copiato!').waitFor({ state: 'detached', timeout: 10_000 });
    });
    await expect.poll(async () => (await must(200, 'GET', `/api/shares/designer/${carla.id}/count`, null)).share_count).toBe(1);

    await inBrowser('designer-stats', { baseUrl: server.baseUrl, width: 1280, height: 900 }, async ({ page }) => {
      await signIn(page, carla);
      await page.goto(`${server.baseUrl}/designer-profile`);
      await page.getByRole('button', { name: /Mi piace/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Le tue statistiche' });
      await dialog.getByText('1 persona ha messo mi piace').waitFor();
      await dialog.getByTestId('likers').getByText('Bruno Gallo').waitFor();
      // Messaging's conversations appear as the middle tab.
      expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Piaciuto', 'Messaggi', 'Condiviso']);
      await dialog.getByRole('tab', { name: 'Condiviso' }).click();
      await dialog.getByText('Il tuo profilo è stato condiviso 1 volta').waitFor();
      expect(await dialog.locator('[data-platform="copy"]').textContent()).toContain('1');
      await dialog.getByTestId('sharers').getByText('Bruno Gallo').waitFor();
      expect(await axe(page, '[role="dialog"]')).toEqual([]);
    });
  });

  it("a first visit whose profile actions cannot arrive keeps the profile readable, and the actions come with the connection", async () => {
    const ugo = await designer('Ugo Ferri');
    const elena = await customer('Elena Neri');
    await inBrowser('profile-actions-unreachable', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await signIn(page, elena);
      // The connection drops just as the actions' chunk is asked for.
      const actionsChunk = /\/assets\/DesignerProfileActions-[^/]+\.js$/;
      let refused = 0;
      await page.route(actionsChunk, async (route) => {
        refused += 1;
        await context.setOffline(true);
        return route.abort('internetdisconnected');
      });
      await page.goto(`${server.baseUrl}/profile/${ugo.id}`);
      await page.getByRole('heading', { level: 1, name: 'Ugo Ferri' }).waitFor();
      await expect.poll(() => refused).toBeGreaterThan(0);
      await page.getByText('Case luminose, materiali naturali.').waitFor();
      expect(await page.getByText('Qualcosa è andato storto').count()).toBe(0);
      expect(await page.getByTestId('like-button').count()).toBe(0);
      const later = page.getByText('Sei offline: potrai mettere mi piace, condividere e prenotare quando torni online.');
      await later.waitFor();
      expect(await page.getByRole('button', { name: 'Riprova' }).count()).toBe(0);
      await saveScreenshot(page, 'profile-actions-unreachable-390');
      // The connection returns: the actions arrive by themselves and work.
      await page.unroute(actionsChunk);
      await context.setOffline(false);
      const button = page.getByTestId('like-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      expect(await later.count()).toBe(0);
      await button.click();
      await expect.poll(() => likeCount(ugo.id)).toBe(1);
    });
  });

  it('profile actions that fail to arrive while the browser is online are offered again with "Riprova"', async () => {
    const ugo = await designer('Ugo Bassi');
    const elena = await customer('Elena Galli');
    await inBrowser('profile-actions-failed', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, elena);
      // The chunk's request fails (a connection that broke, the browser still online).
      const actionsChunk = /\/assets\/DesignerProfileActions-[^/]+\.js$/;
      await page.route(actionsChunk, (route) => route.abort('connectionreset'));
      await page.goto(`${server.baseUrl}/profile/${ugo.id}`);
      await page.getByRole('heading', { level: 1, name: 'Ugo Bassi' }).waitFor();
      await page.getByText('Non siamo riusciti a caricare mi piace, condivisione e prenotazione. Controlla la connessione e riprova.').waitFor();
      expect(await page.getByText('Sei offline', { exact: false }).count()).toBe(0);
      expect(await page.getByText('Qualcosa è andato storto').count()).toBe(0);
      await saveScreenshot(page, 'profile-actions-failed-390');
      await page.unroute(actionsChunk);
      await page.getByRole('button', { name: 'Riprova' }).click();
      const button = page.getByTestId('like-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await button.click();
      await expect.poll(() => likeCount(ugo.id)).toBe(1);
    });
  });

  it('a like made offline shows at once and is sent once when back online', async () => {
    const dora = await designer('Dora Russo');
    const elena = await customer('Elena Conti');
    await inBrowser('like-offline', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      await signIn(page, elena);
      await page.goto(`${server.baseUrl}/profile/${dora.id}`);
      const button = page.getByTestId('like-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await context.setOffline(true);
      await button.click();
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      expect(await button.isDisabled()).toBe(true);
      // The like waits in the outbox (tried without an answer, or not tried at all when the app
      // already knew it was offline: a busy machine sees both): the server must not have it.
      await expect
        .poll(async () => (await outboxRows(page)).map(({ kind, state, lastError }) => ({ kind, state, answered: (lastError?.status ?? null) !== null })))
        .toEqual([{ kind: 'like.toggle', state: 'pending', answered: false }]);
      expect(await likeCount(dora.id)).toBe(0);
      await context.setOffline(false);
      await expect.poll(() => likeCount(dora.id), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => button.isDisabled()).toBe(false);
      expect(await page.getByTestId('like-count').textContent()).toBe('1');
      // Sent once: once the outbox holds it as sent, no trigger sends it again (a second toggle would
      // undo the like on the server).
      expect((await untilOutboxSent(page)).map(({ kind }) => kind)).toEqual(['like.toggle']);
    });
    const stats = await must(200, 'GET', `/api/likes/stats/${dora.id}`, dora.token);
    expect(stats.total_likes).toBe(1);
    expect(await likeCount(dora.id)).toBe(1);
  });

  it('a like tapped offline before the offline code arrived waits on the phone and is sent once back online', async () => {
    const rita = await designer('Rita Sala');
    const elena = await customer('Elena Fabbri');
    // A first visit (no service worker yet) whose connection drops after the profile has painted,
    // before the offline layer's code (Dexie, the outbox) has arrived.
    await inBrowser('like-before-offline-code', { baseUrl: server.baseUrl, width: 390, height: 844, serviceWorkers: 'block' }, async ({ context, page }) => {
      await signIn(page, elena);
      const offlineCode = /\/assets\/(runtime|dexie|offline)-[^/]+\.js$/;
      let refused = 0;
      await page.route(offlineCode, (route) => {
        refused += 1;
        return route.abort('internetdisconnected');
      });
      await page.goto(`${server.baseUrl}/profile/${rita.id}`);
      const button = page.getByTestId('like-button');
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => refused).toBeGreaterThan(0);
      await context.setOffline(true);
      await button.click();
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      expect(await button.isDisabled()).toBe(true);
      expect(await page.getByText('Qualcosa è andato storto').count()).toBe(0);
      expect(await outboxRows(page)).toEqual([expect.objectContaining({ kind: 'like.toggle', state: 'pending', attempts: 0 })]);
      expect(await likeCount(rita.id)).toBe(0);
      await saveScreenshot(page, 'like-before-offline-code-390');
      // The connection returns, and with it the offline layer's code: the like goes, once.
      await page.unroute(offlineCode);
      await context.setOffline(false);
      await expect.poll(() => likeCount(rita.id), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => button.isDisabled()).toBe(false);
      expect(await page.getByTestId('like-count').textContent()).toBe('1');
      expect((await untilOutboxSent(page)).map(({ kind }) => kind)).toEqual(['like.toggle']);
    });
    expect(await likeCount(rita.id)).toBe(1);
  });
});
