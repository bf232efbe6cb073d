import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { untilServiceWorkerControls } from './browser';

/** The object stores of the app's IndexedDB database (web/src/shared/offline/db.ts). */
type StoreName = 'responses' | 'kv' | 'outbox' | 'images';

/**
 * Every row of one object store of the app's IndexedDB database ('interno'), read in the page (any
 * tab of the origin sees the same database). None before the app has created the database: it is
 * never opened here first, since an empty database created by the test would stand in the way of
 * the app's own schema.
 */
export function storedRows<T>(page: Page, store: StoreName): Promise<T[]> {
  return page.evaluate(
    async (name) => {
      if (!(await indexedDB.databases()).some((database) => database.name === 'interno')) return [];
      return new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('interno');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(name)) {
            database.close();
            resolve([]);
            return;
          }
          const read = database.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            database.close();
            resolve(read.result);
          };
          read.onerror = () => {
            database.close();
            reject(read.error);
          };
        };
      });
    },
    store,
  ) as Promise<T[]>;
}

/** An action in the app's outbox, as the tests look at it. */
export interface OutboxRow {
  seq: number;
  /** What the action is ("like.toggle", "chat.message"). */
  kind: string;
  method: string;
  path: string;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  /** How many times it has been sent (a claim counts as an attempt). */
  attempts: number;
  /** Why the last attempt did not go: the answer's status, or null when no answer came (offline). */
  lastError: { status: number | null; reason: string | null } | null;
}

/**
 * The writes the app keeps on the device, in order: the outbox's, then those waiting for it in
 * localStorage (made before the offline layer's code had arrived: web/src/shared/offline/waitingRoom.ts).
 */
export async function outboxRows(page: Page): Promise<OutboxRow[]> {
  const rows = await storedRows<OutboxRow>(page, 'outbox');
  const waiting = await page.evaluate(() => {
    try {
      const held: unknown = JSON.parse(localStorage.getItem('interno.outbox.waiting') ?? '[]');
      return Array.isArray(held) ? (held as OutboxRow[]) : [];
    } catch {
      return [];
    }
  });
  return [...rows.sort((a, b) => a.seq - b.seq), ...waiting]
    .map(({ seq, kind, method, path, state, attempts, lastError }) => {
      const error = lastError ? { status: lastError.status, reason: lastError.reason } : null;
      return { seq, kind, method, path, state, attempts, lastError: error };
    });
}

/**
 * Waits until the outbox holds at least one action and has sent every action it holds: none is
 * waiting, being sent or refused. From then on the outbox sends nothing more (a sent entry is never
 * sent again, whichever tab, trigger or timer drains), so a count of what reached the server taken
 * after this is final. Returns the actions.
 */
export async function untilOutboxSent(page: Page): Promise<OutboxRow[]> {
  let rows: OutboxRow[] = [];
  await expect
    .poll(
      async () => {
        rows = await outboxRows(page);
        return rows.map((row) => `${row.method} ${row.path}: ${row.state}`);
      },
      { message: 'every action in the outbox sent' },
    )
    .toSatisfy((states: string[]) => states.length > 0 && states.every((state) => state.endsWith(': sent')));
  return rows;
}

/**
 * Waits until a page loaded by page.goto has done what it does by itself after loading, so that
 * whatever it would log has been logged: the service worker controls it (registered, installed and
 * activated on a first visit), this page's offline layer has started and finished its first pass
 * over the outbox (the app's last start-up step, once the page has loaded and the browser is idle;
 * it records the time of that pass on the device), and no request of the page is still under way
 * (requestsInFlight).
 */
export async function untilAtRest(page: Page, inFlight: ReadonlySet<Request>): Promise<void> {
  await untilServiceWorkerControls(page);
  const loadedAt = await page.evaluate(() => Math.floor(performance.timeOrigin));
  await expect
    .poll(async () => (await storedRows<{ key: string; value: unknown }>(page, 'kv')).find((row) => row.key === 'outbox-last-sync')?.value ?? 0)
    .toBeGreaterThanOrEqual(loadedAt);
  // A signed-in page's event stream stays open for as long as the page, and the browser's own fetch
  // of the tab's icon is never reported finished: neither is the page's work under way.
  const working = (): string[] =>
    [...inFlight].filter((request) => request.resourceType() !== 'eventsource' && !request.url().endsWith('/favicon.svg')).map((request) => request.url());
  await expect.poll(working).toEqual([]);
}

/** The page's requests still under way, for untilAtRest: follow them from before the page is opened. */
export function requestsInFlight(page: Page): ReadonlySet<Request> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return inFlight;
}
