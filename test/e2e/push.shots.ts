import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient } from './harness/api';
import { ARTIFACTS_DIR, openBrowser } from './harness/browser';
import { fakePushManager, startPushService, type FakePushOptions } from './harness/push';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the "Notifiche" opt-in (issue 20) in each state a browser can show —
 * off, active with the per-kind switches, blocked, unsupported, iOS outside the installed app — on
 * the designer dashboard and the customer profile, at 390 and 1280 px.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;
let api: ReturnType<typeof apiClient>;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  pushService = await startPushService();
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off', INTERNO_PUSH_ALLOW_LOOPBACK: 'true' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
  await pushService?.stop();
});

async function shot(page: Page, name: string, width: number): Promise<void> {
  const optIn = page.getByRole('region', { name: 'Notifiche' });
  await optIn.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  await optIn.screenshot({ path: join(OUT, `push-${name}-${width}.png`) });
}

describe('push opt-in screenshots', () => {
  it.each(WIDTHS)('shows every state at %i px', async (width) => {
    {
      const states: Array<{ name: string; path: string; options: Partial<FakePushOptions>; text: string; turnOn?: boolean }> = [
        { name: 'designer-off', path: '/designer-profile', options: {}, text: 'Notifiche non attive su questo dispositivo.' },
        { name: 'designer-active', path: '/designer-profile', options: {}, text: 'Notifiche attive su questo dispositivo', turnOn: true },
        { name: 'customer-off', path: '/user-profile', options: {}, text: 'Notifiche non attive su questo dispositivo.' },
        { name: 'customer-active', path: '/user-profile', options: {}, text: 'Notifiche attive su questo dispositivo', turnOn: true },
        { name: 'blocked', path: '/user-profile', options: { permission: 'denied' }, text: 'Notifiche bloccate nel browser' },
        { name: 'unsupported', path: '/user-profile', options: { unsupported: true }, text: 'Questo browser non può ricevere notifiche.' },
        { name: 'ios', path: '/user-profile', options: { iosSafari: true }, text: "Serve l'app installata" },
      ];
      for (const state of states) {
        const account = state.path === '/designer-profile' ? await api.designer('Sofia Marino') : await api.customer('Anna Neri');
        const session = await openBrowser({ baseUrl: server.baseUrl, width, height: 900 });
        try {
          const { context, page } = session;
          await context.grantPermissions(['notifications'], { origin: new URL(server.baseUrl).origin });
          await context.addInitScript(...fakePushManager({ subscription: pushService.device().subscription, ...state.options }));
          await api.signIn(page, account);
          await page.goto(`${server.baseUrl}${state.path}`);
          const optIn = page.getByRole('region', { name: 'Notifiche' });
          if (state.turnOn) {
            await optIn.getByRole('button', { name: 'Ricevi notifiche' }).click();
          }
          await optIn.getByText(state.text).waitFor({ timeout: 20_000 });
          if (state.turnOn) await optIn.getByRole('switch', { name: 'Promemoria' }).waitFor();
          await shot(page, state.name, width);
        } finally {
          await session.close();
        }
      }
    }
  }, 400_000);
});
