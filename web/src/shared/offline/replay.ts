import { httpError, transportError, type AppError } from '../api/errors';
import { newIdempotencyKey } from '../lib/ids';
import type { InternoDatabase, OutboxEntry, OutboxError } from './db';
import { defaultDrainLock, type DrainLock } from './lock';
import {
  REVIEW_AFTER_MS,
  SENDING_STALE_MS,
  backoffDelay,
  outboxHandlers,
  purgeSent,
  type OutboxHandlerRegistry,
} from './outbox';

/** Who is signed in right now; entries are always sent with this token, never a stored one. */
export interface OutboxSession {
  userId: string;
  token: string;
}

export interface OutboxRunnerOptions {
  database: InternoDatabase;
  fetch: typeof fetch;
  getSession: () => OutboxSession | null;
  baseUrl?: string;
  now?: () => number;
  random?: () => number;
  handlers?: OutboxHandlerRegistry;
  lock?: DrainLock;
  ownerId?: string;
  /** A replay got 401: the app logs out; entries wait until that user signs in again. */
  onUnauthorized?: () => void;
  /** Arms a timer for the next retry; returns a function that cancels it. */
  schedule?: (callback: () => void, delayMs: number) => () => void;
}

export interface DrainResult {
  /** false when another tab held the drain lock. */
  ran: boolean;
  sent: number;
  failed: number;
  retrying: number;
  paused: boolean;
  offline: boolean;
  /** When the earliest entry waiting on backoff is due, or null. */
  wakeAt: number | null;
}

export interface OutboxRunner {
  drain(): Promise<DrainResult>;
  /**
   * The connection is back: entries waiting out a backoff after a network failure are due at once
   * (the backoff was for a connection that was missing, not for a busy server), then drains.
   */
  reconnected(): Promise<DrainResult>;
  /**
   * Cancels the retry timer and arms no new one. Resolves once a drain already under way has ended
   * (it finishes its request rather than leave an entry half sent), so the drain lease is free again.
   */
  stop(): Promise<void>;
}

export const LAST_SYNC_KEY = 'outbox-last-sync';
/** How soon a tab that found the drain lock taken looks again. */
export const LOCK_RETRY_MS = 30 * 1000;

export type SendOutcome =
  | { type: 'sent'; response: unknown }
  | { type: 'unauthorized' }
  | { type: 'failed'; error: AppError }
  | { type: 'retry'; error: AppError; delayMs: number | null; network: boolean };

export function toOutboxError(error: AppError): OutboxError {
  return { status: error.status, reason: error.reason, message: error.message, detail: error.detail, extra: error.extra, fields: error.fields };
}

/** 409 while the first request with the same key is still in flight (or the server is busy) is worth waiting for. */
function isInFlightConflict(error: AppError): boolean {
  return error.status === 409 && error.reason !== null && /^idempotency_in_progress$|in_flight|busy/.test(error.reason);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** How one request of a write is made: the fetch, the site's base and the clock (for Retry-After). */
export interface SendIO {
  fetch: typeof fetch;
  baseUrl: string;
  now: () => number;
}

/**
 * Sends one write as the outbox does: its method, path and body, its Idempotency-Key, the token of
 * the moment (or the one a logout ends). Used by the runner for every entry, and as it is for the
 * writes that are never kept on the device (commands with keep: 'never').
 */
export async function sendEntry(entry: OutboxEntry, session: OutboxSession | null, io: SendIO): Promise<SendOutcome> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': entry.key };
  if (entry.revokes) headers.Authorization = `Bearer ${entry.revokes}`;
  else if (entry.userId !== '' && session) headers.Authorization = `Bearer ${session.token}`;
  const hasBody = entry.body !== null && entry.body !== undefined;
  // A FormData body (a file) goes as it is: the browser writes its multipart Content-Type and boundary.
  const multipart = typeof FormData !== 'undefined' && entry.body instanceof FormData;
  if (hasBody && !multipart) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await io.fetch(io.baseUrl + entry.path, {
      method: entry.method,
      headers,
      body: multipart ? (entry.body as FormData) : hasBody ? JSON.stringify(entry.body) : undefined,
      credentials: 'same-origin',
    });
  } catch (cause) {
    const error = transportError('network', cause instanceof Error ? cause.message : String(cause));
    return { type: 'retry', error, delayMs: null, network: true };
  }
  const body = await readBody(response).catch(() => null);
  if (response.ok) return { type: 'sent', response: body };
  // A logout whose token no longer works (expired, or ended elsewhere) has nothing left to do.
  if (response.status === 401 && entry.revokes) return { type: 'sent', response: body };
  if (response.status === 401 && entry.userId !== '') return { type: 'unauthorized' };
  const error = httpError(response.status, body, response.headers.get('Retry-After'), io.now());
  if (response.status >= 500 || response.status === 408 || response.status === 425 || response.status === 429 || isInFlightConflict(error)) {
    const delayMs = error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : null;
    return { type: 'retry', error, delayMs, network: false };
  }
  return { type: 'failed', error };
}

/** Builds the runner that replays the outbox in order. One per tab; tabs coordinate through the lock. */
export function createOutboxRunner(options: OutboxRunnerOptions): OutboxRunner {
  const database = options.database;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const handlers = options.handlers ?? outboxHandlers;
  const ownerId = options.ownerId ?? newIdempotencyKey();
  const lock = options.lock ?? defaultDrainLock(database, ownerId);
  const baseUrl = options.baseUrl ?? '';
  let pausedToken: string | null = null;
  let running: Promise<DrainResult> | null = null;
  let rerun = false;
  let cancelTimer: (() => void) | null = null;
  let stopped = false;

  async function claim(entry: OutboxEntry): Promise<boolean> {
    return database.transaction('rw', database.outbox, async () => {
      const fresh = await database.outbox.get(entry.seq);
      if (!fresh || fresh.needsReview || fresh.nextAttemptAt > now()) return false;
      // A claim is orphaned when its tab died mid-request: at once when the lock proves no one else
      // drains (a page reloaded or closed while sending), otherwise after SENDING_STALE_MS.
      const orphaned = lock.exclusive === true && fresh.claimedBy !== ownerId;
      const stale = fresh.state === 'sending' && (orphaned || (fresh.claimedAt ?? 0) < now() - SENDING_STALE_MS);
      if (fresh.state !== 'pending' && !stale) return false;
      await database.outbox.update(entry.seq, { state: 'sending', claimedBy: ownerId, claimedAt: now(), attempts: fresh.attempts + 1 });
      return true;
    });
  }

  function send(entry: OutboxEntry, session: OutboxSession | null): Promise<SendOutcome> {
    return sendEntry(entry, session, { fetch: options.fetch, baseUrl, now });
  }

  async function runHandler(task: (() => void | Promise<void>) | undefined): Promise<void> {
    if (!task) return;
    try {
      await task();
    } catch (error) {
      console.error('Outbox handler failed', error);
    }
  }

  function canSendFor(entry: OutboxEntry, session: OutboxSession | null): boolean {
    if (entry.userId === '') return true;
    return session !== null && session.userId === entry.userId && session.token !== pausedToken;
  }

  async function pass(): Promise<DrainResult> {
    const result: DrainResult = { ran: true, sent: 0, failed: 0, retrying: 0, paused: false, offline: false, wakeAt: null };
    const wakeAt = (at: number): void => {
      result.wakeAt = result.wakeAt === null ? at : Math.min(result.wakeAt, at);
    };
    await purgeSent(database, now());
    const entries = await database.outbox.orderBy('seq').toArray();
    const blocked = new Set<string>();
    for (const entry of entries) {
      if (entry.state === 'sent') continue;
      const scope = `${entry.userId}|${entry.entity}`;
      if (blocked.has(scope)) continue;
      const session = options.getSession();
      if (!canSendFor(entry, session)) {
        blocked.add(scope);
        if (entry.userId !== '' && session?.userId === entry.userId) result.paused = true;
        continue;
      }
      if (entry.state === 'failed' || entry.needsReview) {
        blocked.add(scope);
        continue;
      }
      if (entry.reviewedAt === null && entry.createdAt < now() - REVIEW_AFTER_MS && entry.state === 'pending') {
        await database.outbox.update(entry.seq, { needsReview: true });
        blocked.add(scope);
        continue;
      }
      if (entry.nextAttemptAt > now()) {
        wakeAt(entry.nextAttemptAt);
        blocked.add(scope);
        continue;
      }
      if (!(await claim(entry))) {
        blocked.add(scope);
        continue;
      }
      const outcome = await send(entry, session);
      const claimed = { ...entry, attempts: entry.attempts + 1 };
      if (outcome.type === 'sent') {
        await database.outbox.update(entry.seq, {
          state: 'sent', sentAt: now(), response: outcome.response, lastError: null, claimedBy: null, claimedAt: null,
        });
        result.sent += 1;
        await runHandler(() => handlers.get(entry.kind)?.onSent?.(outcome.response, { ...claimed, state: 'sent' }));
        continue;
      }
      blocked.add(scope);
      if (outcome.type === 'unauthorized') {
        await database.outbox.update(entry.seq, { state: 'pending', attempts: entry.attempts, claimedBy: null, claimedAt: null });
        pausedToken = session?.token ?? null;
        result.paused = true;
        options.onUnauthorized?.();
        continue;
      }
      if (outcome.type === 'failed') {
        const error = toOutboxError(outcome.error);
        await database.outbox.update(entry.seq, { state: 'failed', lastError: error, failedAt: now(), claimedBy: null, claimedAt: null });
        result.failed += 1;
        await runHandler(() => handlers.get(entry.kind)?.onFailed?.(error, { ...claimed, state: 'failed', lastError: error }));
        continue;
      }
      const delay = outcome.delayMs ?? backoffDelay(claimed.attempts, random);
      await database.outbox.update(entry.seq, {
        state: 'pending', nextAttemptAt: now() + delay, lastError: toOutboxError(outcome.error), claimedBy: null, claimedAt: null,
      });
      result.retrying += 1;
      wakeAt(now() + delay);
      if (outcome.network) {
        result.offline = true;
        break;
      }
    }
    if (!result.offline) await database.kv.put({ key: LAST_SYNC_KEY, value: now() });
    return result;
  }

  function armTimer(wakeAt: number | null): void {
    cancelTimer?.();
    cancelTimer = null;
    if (stopped || !options.schedule || wakeAt === null) return;
    cancelTimer = options.schedule(() => {
      void drain();
    }, Math.max(250, wakeAt - now()));
  }

  async function drainOnce(): Promise<DrainResult> {
    const outcome = await lock.run(pass);
    if (!outcome.acquired) {
      // Another tab drains now; look again later in case it closes before finishing.
      armTimer(now() + LOCK_RETRY_MS);
      return { ran: false, sent: 0, failed: 0, retrying: 0, paused: false, offline: false, wakeAt: null };
    }
    armTimer(outcome.value.wakeAt);
    return outcome.value;
  }

  function drain(): Promise<DrainResult> {
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      try {
        let result = await drainOnce();
        while (rerun && !stopped) {
          rerun = false;
          result = await drainOnce();
        }
        return result;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function reconnected(): Promise<DrainResult> {
    try {
      await database.outbox
        .where('state')
        .equals('pending')
        .filter((entry) => entry.lastError !== null && entry.lastError.status === null && entry.nextAttemptAt > now())
        .modify({ nextAttemptAt: now() });
    } catch (error) {
      console.warn('Could not bring queued actions forward', error);
    }
    return drain();
  }

  return {
    drain,
    reconnected,
    async stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = null;
      await running?.catch(() => undefined);
    },
  };
}
