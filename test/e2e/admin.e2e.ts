import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBrowser, saveScreenshot } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * Admin journeys on the demo data: the demo admin searches and pages the users, edits one, selects
 * two customers and deletes them, verifies a designer (the badge shows on the public page) and finds
 * it all in the audit log; a customer opening /admin is turned away. Screenshots at 390 and 1280.
 */

interface Account {
  token: string;
  user: Record<string, unknown>;
}

let server: RunningServer;

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

async function customer(email: string, name: string): Promise<Account & { id: number }> {
  const answer = await must(201, 'POST', '/api/auth/register', null, { email, password: 'password123', name });
  return { token: answer.access_token as string, user: answer, id: answer.id as number };
}

async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy`);
  await page.evaluate((user) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('cookie-consent', 'essential');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
  }, account.user);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

async function designer(email: string, name: string, city: string): Promise<number> {
  const profile = await must(201, 'POST', '/api/designers', null, {
    name, email, password: 'designer123', bio: 'Case luminose, materiali naturali.', specialties: ['Japandi'], design_style: 'C',
    prima_proposta: '5-7 giorni', work_preferences: ['online'], city, phone: '+39 333 0000000', privacy_consent: true,
  });
  return profile.id as number;
}

beforeAll(async () => {
  server = await startInterno({ INTERNO_DEMO: 'true', INTERNO_RATE_LIMITS: 'off' });
  // Enough customers for two pages of ten, and designers to manage.
  for (let i = 1; i <= 10; i += 1) await customer(`filler${i}@example.com`, `Cliente Riempitivo ${i}`);
  await designer('marta.designer@example.com', 'Marta Colombo', 'Bergamo');
  await designer('piero.designer@example.com', 'Piero Gallo', 'Palermo');
}, 120_000);

afterAll(async () => {
  await server.stop();
});

describe('admin panel', () => {
  it('searches, pages, edits, deletes two customers, verifies a designer, shows the audit log', async () => {
    const admin = await login('admin@interno.demo', 'InternoAdmin2026!');
    const zelda = await customer('zelda@example.com', 'Zelda Conti');
    const gone1 = await customer('via1@example.com', 'Da Eliminare Uno');
    const gone2 = await customer('via2@example.com', 'Da Eliminare Due');
    const designers = await must(200, 'GET', '/api/admin/designers', admin.token);
    const target = (designers.designers as { id: number; name: string; verified: boolean }[]).find((d) => !d.verified);
    if (!target) throw new Error('no unverified demo designer');

    await inBrowser('admin-desktop', { baseUrl: server.baseUrl, width: 1280, height: 900 }, async ({ page }) => {
      await signIn(page, admin);
      await page.goto(`${server.baseUrl}/admin`);
      await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
      const users = page.getByRole('tab', { name: /^Users \(\d+\)$/ });
      await users.waitFor();
      const total = Number((await users.textContent())?.match(/\d+/)?.[0]);
      expect(total).toBeGreaterThanOrEqual(14);

      // Paging: ten rows a page by default.
      await page.getByText(`Page 1 of ${Math.ceil(total / 10)}`).waitFor();
      expect(await page.locator('tbody tr').count()).toBe(10);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Page 2 of ${Math.ceil(total / 10)}`).waitFor();
      await page.getByLabel('Rows per page').selectOption('0');
      await page.getByText('Page 1 of 1').waitFor();
      expect(await page.locator('tbody tr').count()).toBe(total);
      await saveScreenshot(page, 'admin-users-1280');

      // The admin's own row is locked.
      await search(page, 'admin@interno.demo');
      await page.getByText('Page 1 of 1').waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await page.getByRole('img', { name: 'Admin accounts are locked and cannot be selected' }).waitFor();
      expect(await page.locator('tbody input[type=checkbox]').count()).toBe(0);

      // Edit a customer.
      await search(page, 'zelda');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      await page.getByRole('button', { name: 'Edit zelda@example.com' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit user' });
      await edit.getByLabel('Location').fill('Genova');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: 'Genova' }).waitFor();
      expect((await must(200, 'GET', `/api/admin/users?q=zelda`, admin.token)).users[0].location).toBe('Genova');
      expect(zelda.id).toBeGreaterThan(0);

      // Select two customers and delete them.
      await search(page, 'da eliminare');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      const deleteButton = page.getByRole('button', { name: /^Delete \(\d+\)$/ });
      expect(await deleteButton.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: 'Select all' }).check();
      await page.getByRole('button', { name: 'Delete (2)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
      await confirm.getByText('Are you sure you want to delete 2 selected users?').waitFor();
      await confirm.getByText('This action cannot be undone.').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText('Nothing matches “da eliminare”.').waitFor();
      expect((await call('GET', '/api/users/me', gone1.token)).status).toBe(401);
      expect((await call('GET', '/api/users/me', gone2.token)).status).toBe(401);

      // Verify a designer.
      await page.getByRole('tab', { name: /^Designers \(\d+\)$/ }).click();
      await search(page, target.name);
      const toggle = page.getByRole('switch', { name: `Verified ${target.name}` });
      await toggle.click();
      await page.getByText(`Verified badge added to ${target.name}.`).waitFor();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await saveScreenshot(page, 'admin-designers-1280');

      await page.getByRole('tab', { name: 'Audit log' }).click();
      await page.getByText('Verified designer', { exact: true }).waitFor();
      expect(await page.getByText('Deleted user', { exact: true }).count()).toBe(2);
      await page.getByText('Edited user', { exact: true }).waitFor();
      await saveScreenshot(page, 'admin-audit-1280');

      await page.goto(`${server.baseUrl}/profile/${target.id}`);
      await page.getByText('Verificato').first().waitFor();
    });
  });

  it('works on a phone: cards, edit and delete dialogs fit 390 px', async () => {
    const admin = await login('admin@interno.demo', 'InternoAdmin2026!');
    await inBrowser('admin-phone', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, admin);
      await page.goto(`${server.baseUrl}/admin`);
      await page.getByRole('tab', { name: /^Users \(\d+\)$/ }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'admin-users-390');
      await page.getByRole('tab', { name: /^Designers \(\d+\)$/ }).click();
      await page.locator('tbody tr').first().waitFor();
      await saveScreenshot(page, 'admin-designers-390');
      await page.getByRole('button', { name: /^Edit / }).first().click();
      const edit = page.getByRole('dialog', { name: 'Edit designer' });
      await edit.getByLabel('Minimum budget (€)').fill('100');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.getByText('Minimum budget must be at least €300').waitFor();
      await saveScreenshot(page, 'admin-edit-designer-390');
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // The remove-designer screen: e-mail search, then delete from the list.
      await page.goto(`${server.baseUrl}/remove-designer`);
      await page.getByRole('heading', { name: 'Remove designer' }).waitFor();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Please enter an email address to search').waitFor();
      await page.getByLabel('Designer email').fill('marta.designer');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('heading', { name: 'Designers matching “marta.designer” (1)' }).waitFor();
      await saveScreenshot(page, 'admin-remove-designer-390');
      await page.getByRole('button', { name: 'Delete Marta Colombo' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
      await confirm.getByText('Are you sure you want to delete 1 selected designers?').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No designer with an email containing “marta.designer”.').waitFor();
      const left = await must(200, 'GET', '/api/admin/designers?q=marta.designer', admin.token);
      expect(left.total).toBe(0);
    });
  });

  it('turns a customer away from /admin', async () => {
    const anna = await customer('anna.curiosa@example.com', 'Anna Curiosa');
    await inBrowser('admin-refused', { baseUrl: server.baseUrl, width: 390, height: 844 }, async ({ page }) => {
      await signIn(page, anna);
      await page.goto(`${server.baseUrl}/admin`);
      await page.getByText('Admin access required').waitFor();
      await expect.poll(() => new URL(page.url()).pathname).not.toBe('/admin');
      expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
    });
    expect((await call('GET', '/api/admin/users', anna.token)).status).toBe(403);
  });
});
