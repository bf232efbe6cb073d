import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './harness/api';
import { inBrowser, untilServiceWorkerControls } from './harness/browser';
import { startPushService } from './harness/push';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Web Push in the service worker (issue 20). Headless Chromium has no push service, so the
 * designer's device is a test subscription registered through the API on a local push service;
 * the server pushes to it for real (encrypted, signed), the test decrypts what arrived and hands
 * that very payload to the page's service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage). The notification must show, a click must land on the
 * conversation, and a "read elsewhere" push must close it.
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
  await server.stop();
  await pushService.stop();
});

interface Shown {
  title: string;
  body: string;
  tag: string;
}

async function notifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

/** The id DevTools gives this origin's service worker registration. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const seen: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => seen.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => seen.some((r) => r.scopeURL.startsWith(origin) && !r.isDeleted), { timeout: 15_000 }).toBe(true);
  return seen.filter((r) => r.scopeURL.startsWith(origin) && !r.isDeleted).at(-1)!.registrationId;
}

describe('web push', () => {
  it('shows a pushed message, a click lands on the conversation, and reading it elsewhere closes it', async () => {
    const sofia = await api.designer('Sofia Marino');
    const anna = await api.customer('Anna Neri');
    const phone = pushService.device();
    await api.must(201, 'POST', '/api/push/subscriptions', sofia.token, phone.subscription);

    await inBrowser('push-designer', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
      const origin = new URL(server.baseUrl).origin;
      await context.grantPermissions(['notifications'], { origin });
      // The app in the background: no live event stream (a phone suspends it), so the server pushes
      // the message instead of streaming it (with the stream open it would not push at all).
      await context.route(/\/api\/events(\?|$)/, (route) => route.abort());
      await api.signIn(page, sofia);
      await page.goto(`${server.baseUrl}/appuntamenti`);
      await untilServiceWorkerControls(page);
      const cdp = await context.newCDPSession(page);
      const registration = await registrationId(cdp, origin);

      // The customer writes while the designer's app shows another screen.
      const text = 'Buongiorno Sofia, vorrei rinnovare la cucina con materiali naturali e tanta luce. Quando possiamo sentirci per parlarne con calma?';
      const contact = await api.must(201, 'POST', '/api/contacts/', anna.token, { designer_id: sofia.id, message: text });
      const contactId = contact.id as number;
      const [message] = await pushService.waitFor(phone, 1);
      expect(JSON.parse(message!.text)).toMatchObject({ type: 'show', tag: `contact-${contactId}`, url: `/designer-profile?chat=${contactId}` });
      expect(message!.topic).toBe(`contact-${contactId}`);

      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: message!.text });
      await expect.poll(() => notifications(page), { timeout: 15_000 }).toEqual([
        { title: 'Nuovo messaggio da Anna Neri', body: `${text.slice(0, 99).trimEnd()}…`, tag: `contact-${contactId}` },
      ]);

      // A click (dispatched in the worker: headless Chromium has no notification to press) opens the conversation.
      const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin));
      expect(worker).toBeDefined();
      await worker!.evaluate(async () => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent: (e: Event) => boolean };
        const [shown] = await scope.registration.getNotifications();
        const NotificationEventCtor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
        scope.dispatchEvent(new NotificationEventCtor('notificationclick', { notification: shown! }));
      });
      await page.waitForURL(`${server.baseUrl}/designer-profile?chat=${contactId}`, { timeout: 15_000 });
      await page.getByText(text).first().waitFor({ timeout: 15_000 });
      await expect.poll(() => notifications(page)).toEqual([]);

      // Reading the conversation (the dashboard opened it) makes the server push a close: handed to
      // the worker while the message's notification is shown again, it closes it.
      const [, close] = await pushService.waitFor(phone, 2);
      expect(JSON.parse(close!.text)).toMatchObject({ type: 'close', tag: `contact-${contactId}`, badge: 0 });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: message!.text });
      await expect.poll(() => notifications(page)).toHaveLength(1);
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: close!.text });
      await expect.poll(() => notifications(page)).toEqual([]);

      // Something unreadable still shows a notification (browsers demand one per push).
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: 'not json' });
      await expect.poll(() => notifications(page)).toEqual([{ title: 'Interno', body: "Hai una novità su Interno: apri l'app per vederla.", tag: 'interno' }]);

      // Logout removes this device's subscription: DELETE by endpoint.
      await api.must(204, 'DELETE', '/api/push/subscriptions', sofia.token, { endpoint: phone.subscription.endpoint });
    });

    // On the server: the designer has read the conversation, and no device is left.
    const conversation = await api.must(200, 'GET', '/api/contacts/designer-contacts', sofia.token);
    expect(conversation.contacts[0]).toMatchObject({ designer_unread: false });
    expect((await api.must(200, 'GET', '/api/push/subscriptions', sofia.token)).subscriptions).toEqual([]);
    expect(pushService.received(phone)).toHaveLength(2);
  });
});
