import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

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
