import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './server';

export const ARTIFACTS_DIR = join(REPO_ROOT, 'test', 'artifacts');

/** Debian's Chromium with the flags that work here (STACK.md pitfall 7). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export interface OpenOptions {
  baseUrl: string;
  width?: number;
  height?: number;
}

/**
 * A fresh Chromium profile (its own user-data-dir) whose requests may only reach the server under
 * test: anything else is aborted, so nothing leaves the machine.
 */
export async function openBrowser({ baseUrl, width = 1280, height = 900 }: OpenOptions): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'interno-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width, height },
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    serviceWorkers: 'allow',
  });
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

function fileSafe(name: string): string {
  return name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
}

/** Saves a full-page screenshot into test/artifacts/. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${fileSafe(name)}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Runs a journey in a fresh browser; on failure the last screen is saved to test/artifacts/. */
export async function inBrowser(name: string, options: OpenOptions, journey: (session: BrowserSession) => Promise<void>): Promise<void> {
  const session = await openBrowser(options);
  try {
    await journey(session);
  } catch (error) {
    const path = await saveScreenshot(session.page, `failed-${name}`).catch(() => null);
    if (path && error instanceof Error) error.message += `\nScreenshot: ${path}`;
    throw error;
  } finally {
    await session.close();
  }
}
