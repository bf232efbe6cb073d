import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser } from './harness/browser';
import { requestsInFlight, untilAtRest } from './harness/device';
import { startInterno, type RunningServer } from './harness/server';

describe('pages and deep links', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startInterno();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('counts down on /landing, second by second, without top bar or footer', async () => {
    await inBrowser('landing', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/landing`);
      const timer = page.getByRole('timer', { name: "Tempo mancante all'apertura" });
      await timer.waitFor();
      const first = (await timer.textContent()) ?? '';
      expect(first).toMatch(/^(30|29)giorni/);
      for (const label of ['giorni', 'ore', 'minuti', 'secondi']) expect(first).toContain(label);
      // It ticks: the text changes (within a few seconds, however busy the machine).
      await expect.poll(async () => (await timer.textContent()) ?? '').not.toBe(first);
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Accedi' }).count()).toBe(0);
    });
  });

  it('opens /privacy directly with its eight sections and the cookie button', async () => {
    await inBrowser('privacy', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/privacy`);
      await page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' }).waitFor();
      expect(await page.getByText('Ultimo aggiornamento: 4 Agosto 2025').count()).toBe(1);
      expect(await page.locator('main article').getByRole('heading', { level: 2 }).count()).toBe(8);
      expect(await page.getByRole('link', { name: 'privacy@interno.example' }).getAttribute('href')).toBe('mailto:privacy@interno.example');
      await page.getByRole('button', { name: 'Gestisci le preferenze cookie' }).click();
      await page.getByRole('dialog', { name: 'Preferenze cookie' }).waitFor();
      expect(await page.title()).toBe('Informativa sulla privacy · Interno');
    });
  });

  it('loads the app for deep links and shows a designed not-found page', async () => {
    await inBrowser('deep-link', { baseUrl: server.baseUrl }, async ({ page }) => {
      const response = await page.goto(`${server.baseUrl}/stanza/12`);
      expect(response?.status()).toBe(200);
      await page.getByRole('banner').getByRole('link', { name: 'Accedi' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
      await page.getByRole('link', { name: 'Torna alla home' }).click();
      await page.getByRole('heading', { level: 1, name: "Trova l'interior designer che parla il tuo stile" }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  it('sends /questionnaire and /questionnaire/results home', async () => {
    await inBrowser('questionnaire-redirect', { baseUrl: server.baseUrl }, async ({ page }) => {
      for (const path of ['/questionnaire', '/questionnaire/results']) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.waitForURL(`${server.baseUrl}/`);
        await page.getByRole('link', { name: 'Inizia il test di stile' }).waitFor();
      }
    });
  });

  it('slides the top bar away on phones when scrolling down and back when scrolling up', async () => {
    await inBrowser('topbar-scroll', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(server.baseUrl);
      const bar = page.getByRole('banner');
      await bar.waitFor();
      expect(await bar.getAttribute('data-visible')).toBe('true');
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-visible') === 'false');
      await page.mouse.wheel(0, -200);
      await page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-visible') === 'true');
    });
    await inBrowser('topbar-scroll-desktop', { baseUrl: server.baseUrl, width: 1280, height: 800 }, async ({ page }) => {
      await page.goto(server.baseUrl);
      await page.getByRole('banner').waitFor();
      // The bar follows the scroll in the frame after a scroll event (useHideOnScroll). The scroll's
      // end is awaited, then the frame after it: by then a phone's bar would have slid away.
      const scrolled = await page.evaluateHandle(() => ({
        to: new Promise<number>((resolve) => {
          document.addEventListener('scrollend', () => requestAnimationFrame(() => setTimeout(() => resolve(window.scrollY))), { once: true });
        }),
      }));
      await page.mouse.wheel(0, 900);
      expect(await scrolled.evaluate(({ to }) => to)).toBeGreaterThan(100);
      expect(await page.getByRole('banner').getAttribute('data-visible')).toBe('true');
    });
  });

  it('logs no errors or warnings on the main pages (CSP included)', async () => {
    await inBrowser('console-clean', { baseUrl: server.baseUrl }, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      const inFlight = requestsInFlight(page);
      for (const path of ['/', '/privacy', '/landing', '/pagina-inesistente']) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('main').first().waitFor();
        await untilAtRest(page, inFlight);
      }
      expect(problems).toEqual([]);
    });
  });

  it('shows the two home actions and how it works', async () => {
    await inBrowser('home', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(server.baseUrl);
      expect(await page.getByRole('link', { name: 'Inizia il test di stile' }).getAttribute('href')).toBe('/?openQuestionnaire=true');
      expect(await page.getByRole('link', { name: 'Sei un designer? Registrati' }).getAttribute('href')).toBe('/designer-registration');
      await page.getByRole('heading', { level: 2, name: 'Come funziona' }).waitFor();
      expect(await page.locator('ol li h3').count()).toBe(3);
    });
  });
});
