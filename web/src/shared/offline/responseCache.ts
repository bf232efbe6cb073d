import type { CachedResponse, InternoDatabase } from './db';

/**
 * The user id under which anonymous visitors' cached answers are kept. Defined here, not in db.ts,
 * so that this module stays free of Dexie (the database itself loads with the offline runtime).
 */
export const ANONYMOUS_USER = 'anon';

/**
 * Cached GET answers, keyed by user and URL, so a screen visited once can render offline.
 * Every function here swallows IndexedDB failures: the cache is a help, never a requirement.
 */
export function responseKey(userId: string | null, url: string): string {
  return `${userId ?? ANONYMOUS_USER}|${url}`;
}

export async function putCachedResponse(
  database: InternoDatabase,
  userId: string | null,
  url: string,
  data: unknown,
  fetchedAt: number,
): Promise<void> {
  try {
    await database.responses.put({ key: responseKey(userId, url), userId: userId ?? ANONYMOUS_USER, url, data, fetchedAt });
  } catch (error) {
    console.warn('Could not store a cached response', error);
  }
}

export async function getCachedResponse(
  database: InternoDatabase,
  userId: string | null,
  url: string,
): Promise<CachedResponse | undefined> {
  try {
    return await database.responses.get(responseKey(userId, url));
  } catch (error) {
    console.warn('Could not read a cached response', error);
    return undefined;
  }
}

/** Removes what one user's screens left on this device (called at logout). */
export async function clearUserResponses(database: InternoDatabase, userId: string): Promise<number> {
  try {
    return await database.responses.where('userId').equals(userId).delete();
  } catch (error) {
    console.warn('Could not clear cached responses', error);
    return 0;
  }
}

/** Drops cached answers older than maxAgeMs so the cache cannot grow without bound. */
export async function pruneResponses(database: InternoDatabase, maxAgeMs: number, now: number): Promise<number> {
  try {
    return await database.responses.where('fetchedAt').below(now - maxAgeMs).delete();
  } catch (error) {
    console.warn('Could not prune cached responses', error);
    return 0;
  }
}
