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
 * A waiting write has a negative sequence number, which a screen may keep to follow it
 * (useQueuedEntry, discardAction): once it has moved, admittedSeq gives its number in the outbox.
 */

/** The localStorage key of the waiting writes (a JSON array of outbox entries). */
export const WAITING_KEY = 'interno.outbox.waiting';

let entries: readonly OutboxEntry[] | null = null;
/** Waiting sequence number → its number in the outbox, once moved (for this page's life). */
const admitted = new Map<number, number>();
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
    entries = readStored();
    watchOtherTabs();
  }
  return entries;
}

function publish(next: readonly OutboxEntry[]): void {
  entries = next;
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
    entries = readStored();
    for (const listener of [...listeners]) listener();
  });
}

/** Keeps a write that could not go into the outbox; it is drawn as queued at once. */
export function holdWrite(input: EnqueueInput, now: number = Date.now()): OutboxEntry {
  const held = everyWaiting();
  const seq = Math.min(0, ...held.map((entry) => entry.seq)) - 1;
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

/** The outbox's sequence number of a write that waited here and has moved (undefined otherwise). */
export function admittedSeq(seq: number): number | undefined {
  return admitted.get(seq);
}

/**
 * Moves every waiting write into the outbox, oldest first, each with its Idempotency-Key (a write
 * another tab moved first is found by its key, never added twice), then forgets them here.
 */
export async function admitWaiting(database: InternoDatabase): Promise<void> {
  const moving = everyWaiting();
  if (moving.length === 0) return;
  const moved = new Set<string>();
  await database.transaction('rw', database.outbox, async () => {
    for (const { seq, ...entry } of moving) {
      const existing = await database.outbox.where('key').equals(entry.key).first();
      admitted.set(seq, existing ? existing.seq : await database.outbox.add(entry as OutboxEntry));
      moved.add(entry.key);
    }
  });
  // What was held meanwhile (here or in another tab) keeps waiting.
  publish(everyWaiting().filter((entry) => !moved.has(entry.key)));
}

/** The writes this device holds (another tab's included) and this page's, once each, by key. */
function everyWaiting(): OutboxEntry[] {
  const stored = readStored();
  const keys = new Set(stored.map((entry) => entry.key));
  return [...stored, ...current().filter((entry) => !keys.has(entry.key))];
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: readonly OutboxEntry[] = [];

/** The waiting writes, for screens: renders again when one is held, moved or dropped. */
export function useWaitingWrites(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribe, current, () => NONE);
}

/** Tests: forget every waiting write and what has moved. */
export function resetWaitingRoom(): void {
  entries = null;
  admitted.clear();
  storage()?.removeItem(WAITING_KEY);
}
