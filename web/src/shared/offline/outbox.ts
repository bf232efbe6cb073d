import { newIdempotencyKey } from '../lib/ids';
import type { InternoDatabase, OutboxEntry, OutboxError, OutboxMethod } from './db';

/** Sent entries stay this long so a status page can show what went out. */
export const SENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The server keeps idempotency keys seven days: older entries are replayed only if the person confirms. */
export const REVIEW_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** A 'sending' claim older than this belonged to a tab that died mid-request. */
export const SENDING_STALE_MS = 60 * 1000;

/** What a feature hands to the outbox: the intent of one action. */
export interface EnqueueInput {
  kind: string;
  entity: string;
  method: OutboxMethod;
  path: string;
  body?: unknown;
  /** Display data for optimistic screens; kept with the entry, never sent. */
  meta?: unknown;
  /** The owner; '' for an anonymous visitor. */
  userId: string;
  /** Only for logout: the token the entry ends (see OutboxEntry.revokes). */
  revokes?: string;
  /**
   * The Idempotency-Key of a first attempt already sent directly, so the retry of a request whose
   * answer was lost is replayed by the server instead of applied twice. New by default.
   */
  key?: string;
  /**
   * The sequence number of a refused entry this action takes the place of (a refused booking
   * rebooked on an offered slot): it is removed in the same IndexedDB transaction that adds this
   * one, so either both happen or neither, and it no longer holds its entity back.
   */
  replaces?: number;
}

/** What a feature registers for its kind to reconcile or roll back optimistic changes. */
export interface OutboxKindHandler {
  onSent?: (response: unknown, entry: OutboxEntry) => void | Promise<void>;
  onFailed?: (error: OutboxError, entry: OutboxEntry) => void | Promise<void>;
}

/** Per-kind handlers. One registry per runner; the app uses the shared one below. */
export class OutboxHandlerRegistry {
  private readonly handlers = new Map<string, OutboxKindHandler>();

  register(kind: string, handler: OutboxKindHandler): () => void {
    this.handlers.set(kind, handler);
    return () => {
      if (this.handlers.get(kind) === handler) this.handlers.delete(kind);
    };
  }

  get(kind: string): OutboxKindHandler | undefined {
    return this.handlers.get(kind);
  }
}

export const outboxHandlers = new OutboxHandlerRegistry();

/** An action as a new outbox entry, not yet stored: pending, never tried, with its Idempotency-Key. */
export function newEntry(input: EnqueueInput, now: number = Date.now()): Omit<OutboxEntry, 'seq'> {
  return {
    key: input.key ?? newIdempotencyKey(),
    kind: input.kind,
    entity: input.entity,
    method: input.method,
    path: input.path,
    body: input.body ?? null,
    ...(input.meta === undefined ? {} : { meta: input.meta }),
    ...(input.revokes === undefined ? {} : { revokes: input.revokes }),
    userId: input.userId,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    state: 'pending',
    claimedBy: null,
    claimedAt: null,
    sentAt: null,
    response: null,
    needsReview: false,
    reviewedAt: null,
  };
}

/** Adds an action to the outbox and returns it with its sequence number and Idempotency-Key. */
export async function enqueue(database: InternoDatabase, input: EnqueueInput, now: number = Date.now()): Promise<OutboxEntry> {
  const draft = newEntry(input, now);
  const { replaces } = input;
  if (replaces === undefined) return { ...draft, seq: await database.outbox.add(draft as OutboxEntry) };
  const seq = await database.transaction('rw', database.outbox, async () => {
    const replaced = await database.outbox.get(replaces);
    if (replaced && replaced.state !== 'failed') {
      throw new Error(`Outbox entry ${replaces} is ${replaced.state}: only a refused entry can be replaced`);
    }
    if (replaced) await database.outbox.delete(replaces);
    return database.outbox.add(draft as OutboxEntry);
  });
  return { ...draft, seq };
}

/** Counts for the shell and the status page, for one user (anonymous entries count for everyone). */
export interface OutboxCounts {
  pending: number;
  failed: number;
  needsReview: number;
  sent: number;
}

export async function countOutbox(database: InternoDatabase, userId: string | null): Promise<OutboxCounts> {
  const counts: OutboxCounts = { pending: 0, failed: 0, needsReview: 0, sent: 0 };
  await database.outbox.each((entry) => {
    if (entry.userId !== '' && entry.userId !== userId) return;
    if (entry.state === 'failed') counts.failed += 1;
    else if (entry.state === 'sent') counts.sent += 1;
    else if (entry.needsReview) counts.needsReview += 1;
    else counts.pending += 1;
  });
  return counts;
}

/** Every entry of a user in order, for a status page. */
export async function listOutbox(database: InternoDatabase, userId: string | null): Promise<OutboxEntry[]> {
  const all = await database.outbox.orderBy('seq').toArray();
  return all.filter((entry) => entry.userId === '' || entry.userId === userId);
}

/** The person confirms an entry older than seven days: it goes out on the next drain. */
export async function confirmReview(database: InternoDatabase, seq: number, now: number = Date.now()): Promise<void> {
  await database.outbox.update(seq, { needsReview: false, reviewedAt: now, nextAttemptAt: now });
}

/** Sends a failed entry again, from scratch. */
export async function retryFailed(database: InternoDatabase, seq: number, now: number = Date.now()): Promise<void> {
  await database.outbox.update(seq, { state: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, claimedBy: null, claimedAt: null });
}

/**
 * Drops an entry the person gave up on (a failed one, or an old one they do not confirm). An entry that
 * had not failed yet is rolled back through its kind's onFailed, so the optimistic change disappears.
 */
export async function discardEntry(
  database: InternoDatabase,
  seq: number,
  discardedError: OutboxError,
  handlers: OutboxHandlerRegistry = outboxHandlers,
): Promise<void> {
  const entry = await database.outbox.get(seq);
  if (!entry || entry.state === 'sending' || entry.state === 'sent') return;
  await database.outbox.delete(seq);
  if (entry.state !== 'failed') {
    await handlers.get(entry.kind)?.onFailed?.(discardedError, entry);
  }
}

/** Removes sent entries older than the retention time. */
export async function purgeSent(database: InternoDatabase, now: number): Promise<number> {
  return database.outbox
    .where('state')
    .equals('sent')
    .filter((entry) => (entry.sentAt ?? 0) < now - SENT_RETENTION_MS)
    .delete();
}

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 5 minutes, each scaled by 0.5–1.0. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = 2000 * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(base, 5 * 60 * 1000);
  return Math.round(capped * (0.5 + random() * 0.5));
}
