import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
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
  /** The page's last errors, console errors and failed requests (a failed journey prints them). */
  trouble: () => string[];
}

export interface OpenOptions {
  baseUrl: string;
  width?: number;
  height?: number;
  /**
   * 'block' keeps the service worker out, as on a first visit before it controls the page: every
   * chunk the app has not loaded yet needs the network.
   */
  serviceWorkers?: 'allow' | 'block';
}

let sharedBrowser: Promise<Browser> | null = null;
let useShared = false;

/**
 * Makes this test file's journeys share one Chromium process, each in a fresh browser context of its
 * own (separate storage, cache, permissions and service workers, like a new profile). Starting
 * Chromium with a new profile takes seconds, ten and more on a busy machine, paid by every journey;
 * a context takes milliseconds. The e2e and screenshot configurations call it for every file
 * (harness/one-browser.ts, their setupFiles), so the browser starts at the first journey of a file
 * and closes after the file's tests. Without it (a script of its own), each journey gets its own
 * Chromium with a throwaway profile.
 */
export function shareOneBrowser(): void {
  sharedBrowser = null;
  afterAll(async () => {
    const browser = sharedBrowser;
    sharedBrowser = null;
    await (await browser)?.close();
  });
  useShared = true;
}

async function newContext(width: number, height: number, serviceWorkers: 'allow' | 'block'): Promise<{ context: BrowserContext; cleanup: () => Promise<void> }> {
  const options = { viewport: { width, height }, locale: 'it-IT', timezoneId: 'Europe/Rome', serviceWorkers };
  const launch = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true };
  if (useShared) {
    const starting = (sharedBrowser ??= chromium.launch(launch));
    // A browser that failed to start (or crashed) is not kept: the next journey starts a new one.
    const browser = await starting.catch((error: unknown) => {
      if (sharedBrowser === starting) sharedBrowser = null;
      throw error;
    });
    if (!browser.isConnected()) {
      if (sharedBrowser === starting) sharedBrowser = null;
      return newContext(width, height, serviceWorkers);
    }
    const context = await browser.newContext(options);
    return { context, cleanup: async () => {} };
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'interno-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { ...launch, ...options });
  return { context, cleanup: () => rm(userDataDir, { recursive: true, force: true }) };
}

/**
 * A fresh Chromium profile (its own user-data-dir, or its own context of the file's shared browser
 * after shareOneBrowser) whose requests may only reach the server under test: anything else is
 * aborted, so nothing leaves the machine.
 */
export async function openBrowser({ baseUrl, width = 1280, height = 900, serviceWorkers = 'allow' }: OpenOptions): Promise<BrowserSession> {
  const { context, cleanup } = await newContext(width, height, serviceWorkers);
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  // What went wrong in the page, so that a journey failing in CI says why, not only where it waited.
  const trouble: string[] = [];
  const note = (line: string): void => {
    trouble.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trouble.length > 30) trouble.shift();
  };
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  context.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  return {
    context,
    page,
    trouble: () => [...trouble],
    close: async () => {
      await context.close();
      await cleanup();
    },
  };
}

/**
 * Waits until the service worker is active and controls the page (it has precached the app and
 * claimed the page): from then on the app's chunks load without a network, so the page may go offline.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null && navigator.serviceWorker.controller !== null);
}

/**
 * Waits until the screen holds still: the fonts are in, two frames have passed (a transition started
 * by what was just done, a scroll or a tap, has begun by then) and no finite animation or transition is
 * running (an infinite one, a spinner, is left to run). What checks colours or layout (axe's contrast,
 * a screenshot) reads the screen as the person sees it once it has settled, not halfway through a fade
 * on a busy machine. It does not wait for pictures or for parts of a page still on their way: the
 * caller waits for those by what they show.
 */
export async function untilSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // What was just done (a scroll, a tap) starts its transitions in the frames that follow.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
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
    if (error instanceof Error) {
      if (path) error.message += `\nScreenshot: ${path}`;
      const trouble = session.trouble();
      if (trouble.length > 0) error.message += `\nIn the page:\n  ${trouble.join('\n  ')}`;
    }
    throw error;
  } finally {
    await session.close();
  }
}
