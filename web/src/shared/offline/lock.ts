import type { InternoDatabase } from './db';

/** Runs a drain only if no other tab is draining; answers acquired false otherwise. */
export interface DrainLock {
  /**
   * True when holding the lock proves no other tab is draining (Web Locks: the browser drops the lock
   * of a closed tab at once), so an entry another tab left 'sending' is orphaned and may be resent.
   */
  readonly exclusive?: boolean;
  run<T>(task: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }>;
}

const LOCK_NAME = 'interno-outbox-drain';
const LEASE_KEY = 'outbox-drain-lease';
/** A lease outlives its tab by at most this long. */
export const LEASE_MS = 30 * 1000;

interface Lease {
  owner: string;
  expiresAt: number;
}

function isLease(value: unknown): value is Lease {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Lease).owner === 'string' &&
    typeof (value as Lease).expiresAt === 'number'
  );
}

/** Web Locks: the browser releases the lock when the tab closes or crashes. */
export function webLocksDrainLock(locks: LockManager): DrainLock {
  return {
    exclusive: true,
    async run(task) {
      return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (!lock) return { acquired: false as const };
        return { acquired: true as const, value: await task() };
      });
    },
  };
}

/**
 * Fallback where Web Locks are missing: a lease row taken inside an IndexedDB read-write
 * transaction, which IndexedDB runs one at a time across tabs, so only one owner can hold it.
 * A tab that dies leaves a lease that expires after LEASE_MS.
 */
export function leaseDrainLock(database: InternoDatabase, owner: string, now: () => number = Date.now): DrainLock {
  async function acquire(): Promise<boolean> {
    return database.transaction('rw', database.kv, async () => {
      const row = await database.kv.get(LEASE_KEY);
      const current = row && isLease(row.value) ? row.value : null;
      if (current && current.owner !== owner && current.expiresAt > now()) return false;
      await database.kv.put({ key: LEASE_KEY, value: { owner, expiresAt: now() + LEASE_MS } satisfies Lease });
      return true;
    });
  }

  async function release(): Promise<void> {
    await database.transaction('rw', database.kv, async () => {
      const row = await database.kv.get(LEASE_KEY);
      if (row && isLease(row.value) && row.value.owner === owner) await database.kv.delete(LEASE_KEY);
    });
  }

  return {
    async run(task) {
      if (!(await acquire())) return { acquired: false };
      try {
        return { acquired: true, value: await task() };
      } finally {
        await release();
      }
    },
  };
}

/** Web Locks where the browser has them, the IndexedDB lease otherwise. */
export function defaultDrainLock(database: InternoDatabase, owner: string): DrainLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? webLocksDrainLock(locks) : leaseDrainLock(database, owner);
}
