import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ARTIFACTS_DIR, openBrowser, untilSettled } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the account screens (login, registration with its checks, password reset,
 * the customer profile with its sensory profile and edit dialog) at 390 and 1280 px.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function shot(page: Page, name: string, width: number, fullPage = false): Promise<void> {
  await untilSettled(page);
  await page.screenshot({ path: join(OUT, `accounts-${name}-${width}.png`), fullPage });
}

describe('accounts screenshots', () => {
  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  });

  afterAll(async () => {
    await server.stop();
  });

  for (const width of WIDTHS) {
    it(`captures the account screens at ${width} px`, async () => {
      const email = `elena${width}@example.com`;
      // A mixed set of answers, scored by the server, so the sensory profile has several bars.
      const questionnaire = await api('GET', '/api/questionnaire');
      const leaning = ['C', 'C', 'C', 'E', 'B', 'C', 'A'];
      const answers = (questionnaire.questions as Array<{ options: Array<{ text: string; style: string }> }>).map(
        (question, i) => (question.options.find((option) => option.style === leaning[i]) ?? question.options[0])?.text ?? '',
      );
      await api('POST', '/api/auth/register', { email, password: 'password123', name: 'Elena Conti', questionnaire_answers: answers });
      const user = await api('POST', '/api/auth/login', { email, password: 'password123' });
      const session = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 600 ? 844 : 900 });
      const { page } = session;
      try {
        await page.goto(`${server.baseUrl}/privacy`);
        await page.evaluate(() => {
          localStorage.setItem('cookie-consent', 'essential');
          localStorage.setItem('cookie-consent-date', new Date().toISOString());
        });
        await page.goto(`${server.baseUrl}/login`);
        await page.getByRole('heading', { level: 1, name: 'Bentornato' }).waitFor();
        await shot(page, 'login', width, true);
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill('sbagliata');
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await page.getByText('Credenziali non valide. Verifica email e password.').waitFor();
        await shot(page, 'login-error', width);

        await page.getByRole('tab', { name: 'Registrati' }).click();
        await page.getByRole('button', { name: 'Registrati', exact: true }).click();
        await page.getByText('Per favore compila tutti i campi richiesti.').waitFor();
        await shot(page, 'register-errors', width, true);

        await page.goto(`${server.baseUrl}/request-password-reset`);
        await page.getByRole('heading', { level: 1, name: 'Reimposta Password' }).waitFor();
        await shot(page, 'request-reset', width);
        // A token the server never issued: the page says so once it has asked.
        await page.goto(`${server.baseUrl}/reset-password?token=abc`);
        await page.getByText('Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.').waitFor();
        await shot(page, 'reset', width);

        await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), user);
        await page.goto(`${server.baseUrl}/user-profile`);
        await page.getByRole('heading', { level: 1, name: 'Elena Conti' }).waitFor();
        // The sections below the first screen come after it, each with its own answer.
        await page.getByRole('heading', { name: 'Account e sicurezza' }).waitFor();
        await page.waitForFunction(() => !document.body.innerText.includes('Caricamento'));
        await shot(page, 'user-profile', width, true);
        await page.getByRole('button', { name: /^Il tuo stile: / }).click();
        await page.getByRole('dialog', { name: 'Il tuo Profilo Sensoriale' }).waitFor();
        await shot(page, 'sensory-profile', width);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Modifica profilo' }).click();
        await page.getByRole('dialog', { name: 'Modifica profilo' }).waitFor();
        await shot(page, 'edit-profile', width);
      } finally {
        await session.close();
      }
    });
  }
});
