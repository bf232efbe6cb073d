import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './harness/api';
import { inBrowser, saveScreenshot } from './harness/browser';
import { untilOutboxSent } from './harness/device';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Messaging journeys: a customer contacts a designer from the portfolio; the designer, on the
 * dashboard, gets "Nuovo messaggio da …", sees the unread badge and replies; the customer sees the
 * reply without reloading; a message written offline waits "in attesa di invio" and is delivered
 * exactly once when the connection returns. Screenshots of the chat modal at 390 and 1280 px.
 */

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});

async function messagesOf(contactId: number, token: string): Promise<{ message: string; sender_type: string }[]> {
  const conv = await api.must(200, 'GET', `/api/contacts/${contactId}?mark_read=false&limit=200`, token);
  return conv.messages;
}

describe('messaging', () => {
  it('customer contacts a designer, the designer is notified and replies, the customer sees the reply; offline messages go once', async () => {
    const sofia = await api.designer('Sofia Marino');
    const anna = await api.customer('Anna Neri');

    await inBrowser('chat-designer', { baseUrl: server.baseUrl, width: 1280 }, async ({ page: dp }) => {
      await api.signIn(dp, sofia);
      await dp.goto(`${server.baseUrl}/designer-profile`);
      const counter = dp.getByRole('button', { name: /Messaggi/ });
      await expect.poll(async () => (await counter.textContent()) ?? '', { timeout: 15_000 }).toContain('0');

      await inBrowser('chat-customer', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ context, page }) => {
        await api.signIn(page, anna);
        await page.goto(`${server.baseUrl}/designer/${sofia.id}`);
        await page.getByRole('button', { name: 'Contatta Designer' }).click();
        const dialog = page.getByRole('dialog', { name: 'Contatta Sofia Marino' });
        const field = dialog.getByLabel('Il tuo messaggio');
        const send = dialog.getByRole('button', { name: 'Invia messaggio' });
        expect(await send.isDisabled()).toBe(true);
        await field.fill('   \n  ');
        expect(await send.isDisabled()).toBe(true);
        await field.fill('  Ciao Sofia, vorrei rifare il soggiorno.  ');
        await send.click();
        await dialog.getByText('Messaggio inviato con successo! Il designer ti risponderà presto.').waitFor();

        const list = await api.must(200, 'GET', '/api/contacts/my-contacts', anna.token);
        expect(list.total).toBe(1);
        const contactId = list.contacts[0].id as number;
        expect((await messagesOf(contactId, anna.token)).map((m) => m.message)).toEqual(['Ciao Sofia, vorrei rifare il soggiorno.']);

        // The designer's dashboard announces it and the counter lights up.
        const notice = dp.getByText('Nuovo messaggio da Anna Neri');
        await notice.waitFor({ timeout: 15_000 });
        await saveScreenshot(dp, 'messaging-notice-1280');
        await counter.click();
        const chat = dp.getByRole('dialog', { name: 'Messaggi' });
        const row = chat.getByRole('button', { name: /Anna Neri/ });
        await row.getByText('Non letto').waitFor();
        expect((await new AxeBuilder({ page: dp }).include('[role="dialog"]').analyze()).violations).toEqual([]);
        await row.click();
        const designerChat = dp.getByRole('dialog', { name: 'Chat con Anna Neri' });
        await designerChat.getByText('Ciao Sofia, vorrei rifare il soggiorno.').waitFor();
        await designerChat.getByLabel('Scrivi un messaggio').fill('Ciao Anna! Volentieri.');
        await dp.keyboard.press('Enter');
        await designerChat.getByText(/Inviato|Letto/).first().waitFor();
        expect(await designerChat.getByLabel('Scrivi un messaggio').inputValue()).toBe('');

        // The customer opens the chat; a new reply arrives over the event stream, well before the
        // 15-second poll, without reloading. The open chat subscribes to the tab's event stream, and
        // the server answers the stream's request once it has subscribed the customer: a message sent
        // after that answer comes over the stream.
        const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
        await dialog.getByRole('button', { name: 'Apri la chat' }).click();
        const customerChat = page.getByRole('dialog', { name: 'Chat con Sofia Marino' });
        await customerChat.getByText('Ciao Anna! Volentieri.').waitFor({ timeout: 20_000 });
        expect((await streamOpen).status()).toBe(200);
        await designerChat.getByLabel('Scrivi un messaggio').fill('Ti mando qualche idea.');
        await dp.keyboard.press('Enter');
        await customerChat.getByText('Ti mando qualche idea.').waitFor({ timeout: 8_000 });
        // Shift+Enter adds a line; Enter sends.
        const input = customerChat.getByLabel('Scrivi un messaggio');
        await input.fill('Perfetto.');
        await page.keyboard.press('Shift+Enter');
        await page.keyboard.type('Quando possiamo sentirci?');
        await page.keyboard.press('Enter');
        await customerChat.getByText(/Quando possiamo sentirci\?/).waitFor();
        await expect.poll(async () => (await messagesOf(contactId, anna.token)).length, { timeout: 15_000 }).toBe(4);
        expect((await messagesOf(contactId, anna.token))[3]?.message).toBe('Perfetto.\nQuando possiamo sentirci?');
        // The designer sees it in the open chat (15 s poll) and the customer then sees "Letto".
        await designerChat.getByText(/Quando possiamo sentirci\?/).waitFor({ timeout: 20_000 });
        await saveScreenshot(dp, 'messaging-chat-1280');
        await customerChat.getByText('Letto').last().waitFor({ timeout: 20_000 });
        await saveScreenshot(page, 'messaging-chat-390');
        expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);

        // Offline: the message shows at once as waiting and is delivered exactly once on reconnect.
        await context.setOffline(true);
        await input.fill('Scritto senza rete');
        await page.keyboard.press('Enter');
        await customerChat.getByText('In attesa di invio').waitFor();
        await saveScreenshot(page, 'messaging-chat-offline-390');
        expect((await messagesOf(contactId, anna.token)).length).toBe(4);
        await context.setOffline(false);
        await expect.poll(async () => (await messagesOf(contactId, anna.token)).length, { timeout: 30_000 }).toBe(5);
        await customerChat.getByText('In attesa di invio').waitFor({ state: 'detached', timeout: 20_000 });
        // Once the outbox holds every message as sent it sends none of them again: the count is final.
        await untilOutboxSent(page);
        const final = await messagesOf(contactId, anna.token);
        expect(final.filter((m) => m.message === 'Scritto senza rete')).toHaveLength(1);
        expect(final).toHaveLength(5);
      });
    });
  }, 180_000);

  it('a visitor registers from the portfolio, the contact dialog reopens on return and the message is delivered', async () => {
    const bea = await api.designer('Bea Verdi');
    await inBrowser('chat-visitor', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await page.goto(`${server.baseUrl}/designer/${bea.id}`);
      await page.evaluate(() => localStorage.setItem('cookie-consent', 'essential'));
      await page.getByRole('button', { name: 'Contatta Designer' }).click();
      await page.waitForURL(/\/login\?mode=register&redirect=contact/);
      const kept = await page.evaluate(() => [sessionStorage.getItem('pendingDesigner'), sessionStorage.getItem('returnAfterRegistration')]);
      expect(JSON.parse(kept[0] ?? '{}')).toMatchObject({ id: bea.id, name: 'Bea Verdi' });
      expect(kept[1]).toBe(`/designer/${bea.id}`);

      // Registration on the accounts page; it returns to the saved page, where the dialog reopens by
      // itself after 0.5 s.
      await page.getByLabel('Nome', { exact: true }).fill('Carla Rossi');
      await page.getByLabel('Email', { exact: true }).fill(`carla.${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('salotto-verde-2026');
      await page.getByLabel('Conferma password').fill('salotto-verde-2026');
      await page.getByRole('button', { name: 'Registrati', exact: true }).click();
      await page.getByRole('dialog', { name: 'Questionario Richiesto' }).waitFor();
      await page.getByRole('button', { name: 'Registrati senza test' }).click();
      await page.waitForURL(new RegExp(`/designer/${bea.id}$`), { timeout: 15_000 });
      const dialog = page.getByRole('dialog', { name: 'Contatta Bea Verdi' });
      await dialog.waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => sessionStorage.getItem('pendingDesigner'))).toBeNull();
      await dialog.getByLabel('Il tuo messaggio').fill('Ciao Bea, mi piace il tuo stile.');
      await dialog.getByRole('button', { name: 'Invia messaggio' }).click();
      await dialog.getByText('Messaggio inviato con successo! Il designer ti risponderà presto.').waitFor();
      const list = await api.must(200, 'GET', '/api/contacts/designer-contacts', bea.token);
      expect(list.contacts.map((c: { user_name: string; last_message: string }) => [c.user_name, c.last_message])).toEqual([
        ['Carla Rossi', 'Ciao Bea, mi piace il tuo stile.'],
      ]);
    });
  });

  it('a designer who wrote to another designer opens the reply from its e-mail link on their client page, which leads to their dashboard instead of a questionnaire that would send them away', async () => {
    const teo = await api.designer('Teo Galli');
    const rosa = await api.designer('Rosa Fabbri');
    await inBrowser('chat-designer-as-client', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await api.signIn(page, teo);
      await page.goto(`${server.baseUrl}/designer/${rosa.id}`);
      await page.getByRole('button', { name: 'Contatta Designer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contatta Rosa Fabbri' });
      await dialog.getByLabel('Il tuo messaggio').fill('Ciao Rosa, mi aiuti con la mia cucina?');
      await dialog.getByRole('button', { name: 'Invia messaggio' }).click();
      await dialog.getByText('Messaggio inviato con successo! Il designer ti risponderà presto.').waitFor();
      const [contact] = (await api.must(200, 'GET', '/api/contacts/my-contacts', teo.token)).contacts as { id: number }[];
      await api.must(201, 'POST', `/api/contacts/${contact?.id}/messages`, rosa.token, { message: 'Certo Teo, sentiamoci.' });

      // The reply's e-mail links to the client page with the conversation open.
      await page.goto(`${server.baseUrl}/user-profile?chat=${contact?.id}`);
      const chat = page.getByRole('dialog', { name: 'Chat con Rosa Fabbri' });
      await chat.getByText('Certo Teo, sentiamoci.').waitFor();
      await page.keyboard.press('Escape');
      await chat.waitFor({ state: 'detached' });
      // No questionnaire on a designer's client page (the home would send a designer to the dashboard).
      const panel = page.getByRole('region', { name: 'Il tuo Profilo Sensoriale' });
      await panel.getByText('Il questionario di stile è per chi cerca un designer').waitFor();
      expect(await page.getByRole('link', { name: 'Fai il questionario' }).count()).toBe(0);
      await panel.getByRole('link', { name: 'Vai alla tua dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/designer-profile');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    const conversation = await api.must(200, 'GET', `/api/contacts/my-contacts`, teo.token);
    expect(conversation.contacts).toMatchObject([{ designer_name: 'Rosa Fabbri', user_unread: false }]);
    expect((await messagesOf(conversation.contacts[0].id, teo.token)).map((m) => m.sender_type)).toEqual(['user', 'designer']);
    expect((await api.must(200, 'GET', '/api/users/me', teo.token)).style_analysis ?? null).toBeNull();
  });
});
