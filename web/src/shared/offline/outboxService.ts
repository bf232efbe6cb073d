import type { InternoDatabase, OutboxEntry, OutboxError } from './db';
import { loadOffline, outboxNeeded } from './lazy';
import { outboxSession, outboxUserId, setOutboxSession } from './outboxSession';
import {
  confirmReview,
  discardEntry,
  enqueue,
  outboxHandlers,
  retryFailed,
  type EnqueueInput,
  type OutboxKindHandler,
} from './outbox';
import { createOutboxRunner, sendEntry, toOutboxError, type DrainResult, type OutboxRunner, type OutboxSession } from './replay';
import { pruneResponses } from './responseCache';
import { attachDrainTriggers, requestBackgroundSync } from './triggers';
import { httpError } from '../api/errors';
import { t } from '../i18n/t';
import { xhrFetch, type UploadProgress } from './xhrFetch';
import { admitWaiting, dropWaiting, holdWrite, subscribeWaiting, waitingKey, waitingWrites } from './waitingRoom';

/**
 * The app's one outbox. The app shell installs it once with the session and logout wiring;
 * features declare commands (command.ts), which call enqueueAction; registerCommands registers
 * their handlers through registerOutboxHandler's registry.
 */
let runner: OutboxRunner | null = null;
/** What the app does when the server no longer takes the session's token (it logs out). */
let unauthorized: () => void = () => {};
/** Cached GET answers older than this are dropped at start-up. */
const CACHED_RESPONSE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The app's database, from the offline runtime (loaded on first use, see lazy.ts). */
async function appDatabase(): Promise<InternoDatabase> {
  return (await loadOffline()).db;
}

export interface InstallOutboxOptions {
  /** The app's database (the offline runtime's db). */
  database: InternoDatabase;
  getSession: () => OutboxSession | null;
  onUnauthorized: () => void;
}

/**
 * Starts the offline layer: prunes old cached answers, then the outbox runner and its triggers
 * (start, online, focus, visibility, SW sync, timer). Returns stop, which resolves once a drain
 * under way has ended (tests await it, so the next test's runner finds the drain lease free).
 */
export function installOutbox(options: InstallOutboxOptions): () => Promise<void> {
  const db = options.database;
  void pruneResponses(db, CACHED_RESPONSE_MAX_AGE_MS, Date.now());
  void runner?.stop();
  runner = createOutboxRunner({
    database: db,
    fetch: (input, init) => fetch(input, init),
    getSession: options.getSession,
    onUnauthorized: options.onUnauthorized,
    schedule: (callback, delayMs) => {
      const id = window.setTimeout(callback, delayMs);
      return () => window.clearTimeout(id);
    },
  });
  setOutboxSession(options.getSession);
  unauthorized = options.onUnauthorized;
  const active = runner;
  const detach = attachDrainTriggers(
    () => {
      void active.drain();
    },
    () => {
      void active.reconnected();
    },
  );
  // Writes that waited for the outbox (its code had not arrived) go in first, in their order; so do
  // those another tab holds, whenever it holds one.
  const admitAndDrain = (): void => {
    void admitWaitingNow(db).then(() => {
      if (runner === active) void active.drain();
    });
  };
  admitAndDrain();
  const stopAdmitting = subscribeWaiting(() => {
    if (runner === active && waitingWrites().length > 0) admitAndDrain();
  });
  return () => {
    stopAdmitting();
    detach();
    if (runner === active) runner = null;
    return active.stop();
  };
}

/** Moves the writes waiting for the outbox into it (waitingRoom.ts); a failure is logged, not thrown. */
async function admitWaitingNow(database: InternoDatabase): Promise<void> {
  if (waitingWrites().length === 0) return;
  try {
    await admitWaiting(database);
  } catch (error) {
    console.warn('Could not move the waiting writes into the outbox', error);
  }
}

/** Replays now, e.g. after login. Resolves null before the outbox is installed. */
export function drainOutbox(): Promise<DrainResult | null> {
  return runner ? runner.drain() : Promise.resolve(null);
}

/**
 * Queues an action for the server and tries to send it at once. The owner defaults to the signed-in
 * user ('' when anonymous). The returned entry carries the Idempotency-Key for optimistic UI.
 */
export async function enqueueAction(input: Omit<EnqueueInput, 'userId'> & { userId?: string }): Promise<OutboxEntry> {
  return (await enqueueAndDrain(input)).entry;
}

/**
 * enqueueAction that also hands back the drain it started: it resolves after a pass that tried the
 * entry (null before the outbox is installed). Commands await it for their outcome.
 */
export async function enqueueAndDrain(
  input: Omit<EnqueueInput, 'userId'> & { userId?: string },
): Promise<{ entry: OutboxEntry; drained: Promise<DrainResult | null> }> {
  const owned = { ...input, userId: input.userId ?? outboxUserId() };
  let database: InternoDatabase;
  try {
    database = await appDatabase();
  } catch (error) {
    // The runtime's code cannot arrive (a first visit whose connection dropped before it came): the
    // write waits on the device (waitingRoom.ts), drawn as queued, until the offline layer starts,
    // which outboxNeeded asks for again when the connection returns. Only a refused entry is
    // replaced, and one was read from the outbox, so a replacement has nothing to wait for.
    if (input.replaces !== undefined) throw error;
    const entry = holdWrite(owned);
    void outboxNeeded();
    return { entry, drained: Promise.resolve(null) };
  }
  // Writes that waited for the outbox go in before this one, so that the writes of an entity keep
  // their order (a message held, then one written once the connection is back).
  await admitWaitingNow(database);
  const entry = await enqueue(database, owned);
  // Queued before the app installed the outbox (a tap in the first seconds): install it now, and
  // try the entry once it is there, so a screen that waits for the answer gets the server's.
  if (!runner) await outboxNeeded();
  void requestBackgroundSync();
  return { entry, drained: drainOutbox() };
}

/** A feature tells the outbox how to reconcile (onSent) or roll back (onFailed) its kind of action. */
export function registerOutboxHandler(kind: string, handler: OutboxKindHandler): () => void {
  return outboxHandlers.register(kind, handler);
}

export async function confirmOldAction(seq: number): Promise<void> {
  await confirmReview(await appDatabase(), seq);
  void drainOutbox();
}

export async function retryAction(seq: number): Promise<void> {
  await retryFailed(await appDatabase(), seq);
  void drainOutbox();
}

export async function discardAction(seq: number): Promise<void> {
  const error: OutboxError = { status: null, reason: 'discarded', message: t('error.expiredAction'), detail: null };
  if (seq < 0) {
    // A write that waited for the outbox: dropped there, with its optimistic change rolled back
    // (its command registered its handlers when it was held), or found in the outbox by its key.
    const waiting = waitingWrites().find((entry) => entry.seq === seq);
    if (waiting && dropWaiting(seq)) {
      await outboxHandlers.get(waiting.kind)?.onFailed?.(error, waiting);
      return;
    }
    const key = waitingKey(seq);
    const moved = key === undefined ? undefined : await (await appDatabase()).outbox.where('key').equals(key).first();
    if (!moved) return;
    seq = moved.seq;
  }
  await discardEntry(await appDatabase(), seq, error);
  void drainOutbox();
}

/** Why a write that needs the connection was refused at once, offline. */
export function offlineRefusal(): OutboxError {
  return { status: null, reason: 'offline', message: t('error.onlineOnly'), detail: null };
}

/**
 * Sends a write that is never kept on the device (a command with keep: 'never': credentials, files,
 * admin changes): the same request as an outbox entry (sendEntry: Idempotency-Key, the token of the
 * moment) and the handlers it is given (a command passes its own), but nothing is written to IndexedDB and nothing is
 * retried. Offline it is refused at once with an Italian reason; an answer that would put an entry
 * back in the queue (no connection, 5xx) refuses it with that answer's reason. Resolves with the
 * entry as it ended: 'sent' with the response, or 'failed' with lastError. Never rejects. With
 * onProgress the request goes by XMLHttpRequest, which reports how much of the body has gone up.
 */
export async function sendOnline(
  entry: OutboxEntry,
  handlers: OutboxKindHandler | undefined = outboxHandlers.get(entry.kind),
  onProgress?: UploadProgress,
): Promise<OutboxEntry> {
  const now = Date.now();
  const refuse = async (error: OutboxError): Promise<OutboxEntry> => {
    const failed: OutboxEntry = { ...entry, state: 'failed', attempts: entry.attempts + 1, lastError: error, failedAt: now };
    try {
      await handlers?.onFailed?.(error, failed);
    } catch (cause) {
      console.error('Command handler failed', cause);
    }
    return failed;
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return refuse(offlineRefusal());
  const send: typeof fetch = onProgress ? xhrFetch(onProgress) : (input, init) => fetch(input, init);
  const outcome = await sendEntry(entry, outboxSession(), { fetch: send, baseUrl: '', now: Date.now });
  switch (outcome.type) {
    case 'sent': {
      const sent: OutboxEntry = { ...entry, state: 'sent', attempts: entry.attempts + 1, sentAt: Date.now(), response: outcome.response };
      try {
        await handlers?.onSent?.(outcome.response, sent);
      } catch (cause) {
        console.error('Command handler failed', cause);
      }
      return sent;
    }
    case 'unauthorized':
      // The logout rule comes with the offline layer: a 401 in the first seconds starts it first,
      // so a session the server no longer takes is closed whenever the write was made.
      if (!runner) await outboxNeeded();
      unauthorized();
      return refuse(toOutboxError(httpError(401, null)));
    default:
      return refuse(toOutboxError(outcome.error));
  }
}
