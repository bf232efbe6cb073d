import { useSyncExternalStore } from 'react';
import type { InternoDatabase, OutboxEntry } from './db';
import { newEntry, type EnqueueInput } from './outbox';

/**
 * Writes made while the offline runtime (Dexie and the outbox) cannot be loaded. On a first visit no
 * service worker serves the runtime's code yet, and the app loads it after the first paint: if the
 * connection drops in between, a tap (a like, a message) finds no outbox to go into. Such a write is
 * not lost: it waits here, in localStorage (nothing beyond this module is needed), the screens draw
 * it as queued (useQueued, useOutboxStatus), and it moves into the outbox with its Idempotency-Key
 * when the offline layer starts (installOutbox: when the connection returns, or at the next visit),
 * whose drain then sends it like any other entry.
 *
 * A waiting write has a negative sequence number that rises with time and is never reused (screens
 * sort by it, oldest first), which a screen may keep to follow it (useQueuedEntry, discardAction):
 * once it has moved, into the outbox by this tab or another, it is found there by its key (waitingKey).
 */

/** The localStorage key of the waiting writes (a JSON array of outbox entries). */
export const WAITING_KEY = 'interno.outbox.waiting';

/** Subtracted from the clock for a waiting write's number: negative until the year 2286. */
const SEQ_OFFSET = 1e13;

let entries: readonly OutboxEntry[] | null = null;
/** Every waiting write this page has seen, by its sequence number: its key (for this page's life). */
const keys = new Map<number, string>();
const listeners = new Set<() => void>();
let watchingOtherTabs = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: the writes wait in memory for this page's life
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<OutboxEntry>;
  return (
    typeof entry.seq === 'number' &&
    entry.seq < 0 &&
    typeof entry.key === 'string' &&
    typeof entry.kind === 'string' &&
    typeof entry.entity === 'string' &&
    typeof entry.method === 'string' &&
    typeof entry.path === 'string' &&
    typeof entry.userId === 'string' &&
    typeof entry.createdAt === 'number'
  );
}

function readStored(): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(WAITING_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function current(): readonly OutboxEntry[] {
  if (entries === null) {
    entries = remember(readStored());
    watchOtherTabs();
  }
  return entries;
}

function remember(held: readonly OutboxEntry[]): readonly OutboxEntry[] {
  for (const entry of held) keys.set(entry.seq, entry.key);
  return held;
}

function publish(next: readonly OutboxEntry[]): void {
  entries = remember(next);
  try {
    if (next.length === 0) storage()?.removeItem(WAITING_KEY);
    else storage()?.setItem(WAITING_KEY, JSON.stringify(next));
  } catch (error) {
    // Full or refused: the write still waits in memory, and moves into the outbox in this page's life.
    console.warn('Could not keep a waiting write on the device', error);
  }
  for (const listener of [...listeners]) listener();
}

/** Another tab held or moved waiting writes: this one draws what the device holds. */
function watchOtherTabs(): void {
  if (watchingOtherTabs || typeof window === 'undefined') return;
  watchingOtherTabs = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== WAITING_KEY && event.key !== null) return;
    entries = remember(readStored());
    for (const listener of [...listeners]) listener();
  });
}

/** Keeps a write that could not go into the outbox; it is drawn as queued at once. */
export function holdWrite(input: EnqueueInput, now: number = Date.now()): OutboxEntry {
  const held = everyWaiting();
  // Negative (never an outbox number), rising with time, above every number held: the order of
  // the writes is their order on screen, and a number is never given to two writes.
  const seq = Math.max(now - SEQ_OFFSET, ...held.map((entry) => entry.seq + 1));
  const entry: OutboxEntry = { ...newEntry(input, now), seq };
  publish([...held, entry]);
  return entry;
}

/** The writes waiting for the outbox, oldest first. */
export function waitingWrites(): readonly OutboxEntry[] {
  return current();
}

/** Forgets a waiting write (the person discarded it); false when it is not waiting here. */
export function dropWaiting(seq: number): boolean {
  const held = current();
  if (!held.some((entry) => entry.seq === seq)) return false;
  publish(held.filter((entry) => entry.seq !== seq));
  return true;
}

/** The key of a write that waits or waited here (undefined for a number this page never saw). */
export function waitingKey(seq: number): string | undefined {
  return keys.get(seq);
}

/**
 * Moves every waiting write into the outbox, oldest first, each with its Idempotency-Key (a write
 * another tab moved first is found by its key, never added twice), then forgets them here. A write
 * discarded in the moment between the two is sent all the same: a window of milliseconds, while
 * the outbox's transaction runs.
 */
export async function admitWaiting(database: InternoDatabase): Promise<void> {
  const moving = everyWaiting();
  if (moving.length === 0) return;
  await database.transaction('rw', database.outbox, async () => {
    for (const { seq: _waiting, ...entry } of moving) {
      const existing = await database.outbox.where('key').equals(entry.key).first();
      if (!existing) await database.outbox.add(entry as OutboxEntry);
    }
  });
  // What was held meanwhile (here or in another tab) keeps waiting.
  const moved = new Set(moving.map((entry) => entry.key));
  publish(everyWaiting().filter((entry) => !moved.has(entry.key)));
}

/** The writes this device holds (another tab's included) and this page's, once each, by key. */
function everyWaiting(): OutboxEntry[] {
  const stored = readStored();
  const keys = new Set(stored.map((entry) => entry.key));
  return [...stored, ...current().filter((entry) => !keys.has(entry.key))];
}

/** Calls listener whenever a write is held, moved or dropped, in this tab or another; returns stop. */
export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: readonly OutboxEntry[] = [];

/** The waiting writes, for screens: renders again when one is held, moved or dropped. */
export function useWaitingWrites(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribeWaiting, current, () => NONE);
}

/** Tests: forget every waiting write and what has moved. */
export function resetWaitingRoom(): void {
  entries = null;
  keys.clear();
  storage()?.removeItem(WAITING_KEY);
}
