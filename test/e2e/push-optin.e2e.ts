import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './harness/api';
import { inBrowser, untilServiceWorkerControls } from './harness/browser';
import { fakePushManager, startPushService } from './harness/push';
import { startInterno, type RunningServer } from './harness/server';

/**
 * The web phase of Web Push (issue 20): a designer turns notifications on from the dashboard with
 * "Ricevi notifiche", a customer books and the push arrives (decrypted from the local push service,
 * handed to the service worker, shown); the per-kind switches reach the server; the app registers
 * the device again at start; logout deletes the subscription on the server. Headless Chromium has
 * no push service, so the page's PushManager hands out a subscription of the local push service
 * (harness/push.ts, fakePushManager); everything else is the real app and server.
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  pushService = await startPushService();
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off', INTERNO_PUSH_ALLOW_LOOPBACK: 'true' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
  await pushService?.stop();
});

async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const seen: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => seen.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => seen.some((r) => r.scopeURL.startsWith(origin) && !r.isDeleted), { timeout: 15_000 }).toBe(true);
  return seen.filter((r) => r.scopeURL.startsWith(origin) && !r.isDeleted).at(-1)!.registrationId;
}

async function notifications(page: Page): Promise<Array<{ title: string; tag: string }>> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, tag: n.tag }));
  });
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Notifiche' });
}

describe('push opt-in', () => {
  it('a designer turns notifications on, a booking is pushed, logout removes the device', async () => {
    const sofia = await api.designer('Sofia Marino');
    const device = pushService.device();
    const endpoints = async (token: string): Promise<string[]> =>
      (await api.must(200, 'GET', '/api/push/subscriptions', token)).subscriptions.map((s: { endpoint: string }) => s.endpoint);

    await inBrowser('push-optin-designer', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const origin = new URL(server.baseUrl).origin;
      await context.grantPermissions(['notifications'], { origin });
      await context.addInitScript(...fakePushManager({ subscription: device.subscription }));
      await api.signIn(page, sofia);
      await page.goto(`${server.baseUrl}/designer-profile`);

      // Nothing is asked on arrival: the opt-in waits for a tap.
      const optIn = panel(page);
      await optIn.getByText('Notifiche non attive su questo dispositivo.').waitFor({ timeout: 20_000 });
      expect(await endpoints(sofia.token)).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('fake-push-key'))).toBeNull();

      await optIn.getByRole('button', { name: 'Ricevi notifiche' }).click();
      await optIn.getByText('Notifiche attive su questo dispositivo').waitFor({ timeout: 15_000 });
      expect(await endpoints(sofia.token)).toEqual([device.subscription.endpoint]);
      // Subscribed with the server's VAPID key.
      const { public_key: serverKey } = await api.must(200, 'GET', '/api/push/key', null);
      const usedKey = await page.evaluate(() => localStorage.getItem('fake-push-key'));
      expect(Buffer.from(usedKey!, 'base64').toString('base64url')).toBe(serverKey);

      // The per-kind switches are stored on the server.
      const reminders = optIn.getByRole('switch', { name: 'Promemoria' });
      expect(await reminders.isChecked()).toBe(true);
      await reminders.click();
      await expect.poll(async () => (await api.must(200, 'GET', '/api/push/preferences', sofia.token)).reminders).toBe(false);
      await reminders.click();
      await expect.poll(async () => (await api.must(200, 'GET', '/api/push/preferences', sofia.token)).reminders).toBe(true);

      // The server forgot the device (the 10-device trim, say): the app registers it again at start.
      await api.must(204, 'DELETE', '/api/push/subscriptions', sofia.token, { endpoint: device.subscription.endpoint });
      await page.reload();
      await expect.poll(() => endpoints(sofia.token), { timeout: 15_000 }).toEqual([device.subscription.endpoint]);
      await panel(page).getByText('Notifiche attive su questo dispositivo').waitFor({ timeout: 15_000 });

      // A customer books: the request is pushed to the designer's device and shown by the worker.
      await untilServiceWorkerControls(page);
      const cdp = await context.newCDPSession(page);
      const registration = await registrationId(cdp, origin);
      const anna = await api.customer('Anna Neri');
      const [slot] = await api.freeSlots(sofia.id);
      const booked = await api.must(201, 'POST', '/api/appointments/', anna.token, { designer_id: sofia.id, appointment_date: slot!.datetime });
      const [push] = await pushService.waitFor(device, 1);
      const payload = JSON.parse(push!.text);
      expect(payload).toMatchObject({ type: 'show', title: 'Nuova richiesta di appuntamento', url: `/appuntamenti?appuntamento=${booked.appointment_id}` });
      expect(push!.urgency).toBe('high');
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: push!.text });
      await expect.poll(() => notifications(page), { timeout: 15_000 }).toEqual([{ title: 'Nuova richiesta di appuntamento', tag: `appointment-${booked.appointment_id}` }]);

      // Logout: the subscription goes from the server (through the outbox, before the session ends)
      // and from the browser.
      await page.getByRole('button', { name: 'Esci' }).first().click();
      await page.getByRole('button', { name: 'Sì, esci' }).click();
      await page.waitForURL(`${server.baseUrl}/`, { timeout: 15_000 });
      await expect.poll(async () => page.evaluate(() => localStorage.getItem('fake-push-key')), { timeout: 15_000 }).toBeNull();
      // The outbox sends the logout after the push DELETE; the session ends on the server.
      await expect.poll(async () => (await api.call('GET', '/api/users/me', sofia.token)).status, { timeout: 15_000 }).toBe(401);
    });

    // Checked through the API with a new session: no device is left.
    const again = await api.login(String(sofia.user.email), 'designer123');
    expect(await endpoints(again.token)).toEqual([]);
  }, 240_000);

  it('says honestly when notifications are blocked, unsupported, or need the installed app on iOS', async () => {
    const anna = await api.customer('Anna Bianchi');
    const device = pushService.device();
    const cases = [
      { name: 'blocked', options: { permission: 'denied' as const }, text: 'Notifiche bloccate nel browser' },
      { name: 'unsupported', options: { unsupported: true }, text: 'Questo browser non può ricevere notifiche.' },
      { name: 'ios', options: { iosSafari: true }, text: "Serve l'app installata" },
    ];
    for (const c of cases) {
      await inBrowser(`push-optin-${c.name}`, { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
        await context.addInitScript(...fakePushManager({ subscription: device.subscription, ...c.options }));
        await api.signIn(page, anna);
        await page.goto(`${server.baseUrl}/user-profile`);
        const optIn = panel(page);
        await optIn.getByText(c.text).waitFor({ timeout: 20_000 });
        expect(await optIn.getByRole('button', { name: 'Ricevi notifiche' }).count()).toBe(0);
      });
    }
    expect((await api.must(200, 'GET', '/api/push/subscriptions', anna.token)).subscriptions).toEqual([]);
  }, 240_000);
});
