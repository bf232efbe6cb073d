import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './harness/api';
import { inBrowser, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Tabs through the page from its start and names every control whose look does not change when the
 * keyboard reaches it (no ring: its own shadow or outline took the ring's place). Each control's look
 * at rest is read before the first Tab; transitions are let finish before a focused look is read.
 */
async function controlsWithoutRing(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]').forEach((el, i) => {
      const style = getComputedStyle(el);
      el.dataset.ringProbe = String(i);
      el.dataset.ringRest = `${style.boxShadow}|${style.outlineStyle}|${style.outlineWidth}`;
    });
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let step = 0; step < 120; step += 1) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      await Promise.all(el.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
      const style = getComputedStyle(el);
      const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
      return { probe: el.dataset.ringProbe ?? null, plain: `${style.boxShadow}|${style.outlineStyle}|${style.outlineWidth}` === el.dataset.ringRest, name: `${el.tagName.toLowerCase()} "${name}"` };
    });
    if (!reached) break;
    if (reached.probe === null) continue; // came after the page's first look: not measured
    if (seen.has(reached.probe)) break; // round the page once
    seen.add(reached.probe);
    if (reached.plain) missing.push(reached.name);
  }
  expect(seen.size).toBeGreaterThan(3);
  return missing;
}

describe('accessibility (axe)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startInterno();
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const [name, path, width] of [
    ['home', '/', 1280],
    ['home-phone', '/', 390],
    ['privacy', '/privacy', 1280],
    ['landing', '/landing', 390],
    ['not-found', '/nessuna-pagina', 1280],
  ] as const) {
    it(`has no serious or critical violations on ${name}`, async () => {
      await inBrowser(`axe-${name}`, { baseUrl: server.baseUrl, width }, async ({ page }) => {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('main').first().waitFor();
        await untilSettled(page);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        const blocking = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
        expect(blocking).toEqual([]);
      });
    });
  }

  it("shows the focus ring on every control the keyboard reaches (a designer's page, the login, the privacy page, a customer's page)", async () => {
    const api = apiClient(server.baseUrl);
    const designer = await api.designer('Irene Bassi');
    const customer = await api.customer('Lia Conti');
    await inBrowser('focus-rings', { baseUrl: server.baseUrl, width: 1280 }, async ({ page }) => {
      const look = async (path: string, last?: string): Promise<void> => {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        // A page whose parts below the first screen come after it: its controls are measured once the last is there.
        if (last) await page.getByRole('heading', { name: last }).waitFor();
        await untilSettled(page);
        expect({ path, missing: await controlsWithoutRing(page) }).toEqual({ path, missing: [] });
      };
      for (const path of [`/profile/${designer.id}`, '/login', '/privacy']) await look(path);
      await api.signIn(page, customer);
      await look('/user-profile', 'Account e sicurezza');
    });
  });

  it('has no serious or critical violations in the cookie settings', async () => {
    await inBrowser('axe-cookie-settings', { baseUrl: server.baseUrl }, async ({ page }) => {
      await page.goto(server.baseUrl);
      await page.getByRole('button', { name: 'Personalizza' }).click();
      await page.getByRole('dialog', { name: 'Preferenze cookie' }).waitFor();
      await untilSettled(page);
      const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      expect(blocking).toEqual([]);
    });
  });
});
