import Dexie, { type EntityTable } from 'dexie';
import type { FieldError } from '../api/errors';

/** A GET answer kept for offline reading, per user (anonymous visitors use ANONYMOUS_USER). */
export interface CachedResponse {
  /** `${userId}|${url}` */
  key: string;
  userId: string;
  url: string;
  data: unknown;
  fetchedAt: number;
}

/** Small named values: the last sync time, the drain lease of the fallback lock. */
export interface KvRow {
  key: string;
  value: unknown;
}

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** Why an entry failed, already mapped to Italian for people (message) with the server detail kept. */
export interface OutboxError {
  status: number | null;
  reason: string | null;
  message: string;
  detail: string | null;
  /** The answer's other fields (say, the nearest free slots or the conflicting bookings); absent on old entries. */
  extra?: Record<string, unknown>;
  /** The fields a validation refusal (422) names, each with its message; absent on old entries. */
  fields?: FieldError[];
}

/**
 * An action taken by a person, kept until the server has it. It stores the intent (method, path,
 * body), never headers: each replay sends the token of the moment and the stored Idempotency-Key.
 * The one exception is ending a session (logout): that entry carries the token it ends, since the
 * device has already forgotten it, and is done once that token no longer works.
 */
export interface OutboxEntry {
  seq: number;
  /** The Idempotency-Key, unique. */
  key: string;
  /** What the action is ("like.toggle", "chat.message"): selects the feature's handler. */
  kind: string;
  /** Ordering scope ("contact:12"): later entries of one entity wait for earlier ones. */
  entity: string;
  method: OutboxMethod;
  path: string;
  body: unknown;
  /** What the screens need to show the action before the server has it (a designer's name); never sent. */
  meta?: unknown;
  /** Owner of the action; '' for an anonymous visitor. */
  userId: string;
  /** The token a logout ends, sent instead of the session's (logout and the push unsubscribe queued ahead of it). */
  revokes?: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: OutboxError | null;
  /** When the server refused it (absent on entries stored before this field existed). */
  failedAt?: number | null;
  state: OutboxState;
  claimedBy: string | null;
  claimedAt: number | null;
  sentAt: number | null;
  response: unknown;
  /** Older than seven days and never confirmed: waits until the person confirms or discards it. */
  needsReview: boolean;
  reviewedAt: number | null;
}

/**
 * A small picture kept for offline use (liked and matched designers' first gallery images), keyed by
 * the resize URL the app shows it at. userId is who kept it, so logout can drop it.
 */
export interface StoredImage {
  url: string;
  userId: string;
  /** The bytes and their type: an ArrayBuffer clones everywhere (some browsers refuse Blobs in IndexedDB). */
  data: ArrayBuffer;
  type: string;
  bytes: number;
  savedAt: number;
}

/** The one IndexedDB database of the app. Schema changes add a new version, never edit one. */
export class InternoDatabase extends Dexie {
  responses!: EntityTable<CachedResponse, 'key'>;
  kv!: EntityTable<KvRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  images!: EntityTable<StoredImage, 'url'>;

  constructor(name = 'interno') {
    super(name);
    this.version(1).stores({
      responses: 'key, userId, fetchedAt',
      kv: 'key',
      outbox: '++seq, &key, state, entity, userId, createdAt',
    });
    this.version(2).stores({
      images: 'url, userId, savedAt',
    });
  }
}

/** The app's database. Tests build their own InternoDatabase with a unique name. */
export const db = new InternoDatabase();
