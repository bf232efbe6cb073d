import type { InternoDatabase, OutboxEntry, OutboxError } from './db';
import { loadOffline } from './lazy';
import { outboxUserId, setOutboxSession } from './outboxSession';
import {
  confirmReview,
  discardEntry,
  enqueue,
  outboxHandlers,
  retryFailed,
  type EnqueueInput,
  type OutboxKindHandler,
} from './outbox';
import { createOutboxRunner, type DrainResult, type OutboxRunner, type OutboxSession } from './replay';
import { pruneResponses } from './responseCache';
import { attachDrainTriggers, requestBackgroundSync } from './triggers';
import { t } from '../i18n/t';

/**
 * The app's one outbox. The app shell installs it once with the session and logout wiring;
 * features declare commands (command.ts), which call enqueueAction; registerCommands registers
 * their handlers through registerOutboxHandler's registry.
 */
let runner: OutboxRunner | null = null;
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
  const active = runner;
  const detach = attachDrainTriggers(
    () => {
      void active.drain();
    },
    () => {
      void active.reconnected();
    },
  );
  void active.drain();
  return () => {
    detach();
    if (runner === active) runner = null;
    return active.stop();
  };
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
  const entry = await enqueue(await appDatabase(), { ...input, userId: input.userId ?? outboxUserId() });
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
  await discardEntry(await appDatabase(), seq, error);
  void drainOutbox();
}
