import { imageSources } from '../lib/imagePath';
import type { InternoDatabase, StoredImage } from './db';

/**
 * Small pictures kept in IndexedDB so liked and matched designers still show their work offline,
 * even when the service worker's image cache has been evicted or is not in control yet. Bounded in
 * count and bytes (oldest go first); a full disk drops the oldest half instead of failing a screen.
 * Every function swallows IndexedDB failures: the store is a help, never a requirement.
 */

export const IMAGE_STORE_MAX_ENTRIES = 240;
export const IMAGE_STORE_MAX_BYTES = 24 * 1024 * 1024;
/** A single picture larger than this is not kept (small variants are a few tens of KB). */
export const IMAGE_MAX_BYTES = 512 * 1024;

/** The URL an image field is shown at in a box of `width` × `height`: the key the store uses. */
export function offlineImageUrl(path: unknown, width: number, height: number): string | null {
  const sources = imageSources(path, { width, height });
  if (!sources || sources.src.startsWith('data:') || !sources.src.startsWith('/')) return null;
  return sources.src;
}

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/** Deletes the oldest pictures until the store is within `maxEntries` and `maxBytes`. */
export async function trimImages(
  database: InternoDatabase,
  maxEntries: number = IMAGE_STORE_MAX_ENTRIES,
  maxBytes: number = IMAGE_STORE_MAX_BYTES,
): Promise<number> {
  const rows = await database.images.orderBy('savedAt').reverse().toArray();
  let bytes = 0;
  const drop: string[] = [];
  rows.forEach((row, index) => {
    bytes += row.bytes;
    if (index >= maxEntries || bytes > maxBytes) drop.push(row.url);
  });
  if (drop.length > 0) await database.images.bulkDelete(drop);
  return drop.length;
}

async function dropOldestHalf(database: InternoDatabase): Promise<void> {
  const count = await database.images.count();
  const urls = (await database.images.orderBy('savedAt').limit(Math.ceil(count / 2)).primaryKeys()) as string[];
  await database.images.bulkDelete(urls);
}

/**
 * Fetches and keeps the pictures at `urls` for `userId`. Pictures already kept are only touched
 * (savedAt), not downloaded again. Returns how many were downloaded.
 */
export async function keepImages(
  database: InternoDatabase,
  userId: string,
  urls: readonly string[],
  fetchImage: (url: string) => Promise<Response> = (url) => fetch(url, { credentials: 'same-origin' }),
  now: number = Date.now(),
): Promise<number> {
  let downloaded = 0;
  try {
    for (const url of new Set(urls)) {
      const existing = await database.images.get(url);
      if (existing) {
        // put, not update: Dexie's update clones the row in JavaScript and loses the ArrayBuffer.
        await database.images.put({ ...existing, savedAt: now, userId });
        continue;
      }
      let row: StoredImage;
      try {
        const response = await fetchImage(url);
        if (!response.ok) continue;
        const type = response.headers.get('Content-Type') ?? '';
        if (!type.startsWith('image/')) continue;
        const data = await response.arrayBuffer();
        if (data.byteLength === 0 || data.byteLength > IMAGE_MAX_BYTES) continue;
        row = { url, userId, data, type, bytes: data.byteLength, savedAt: now };
      } catch {
        // Offline or the picture is gone: keep what is there and try again next time.
        return downloaded;
      }
      try {
        await database.images.put(row);
        downloaded += 1;
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        await dropOldestHalf(database);
        return downloaded;
      }
    }
    await trimImages(database);
  } catch (error) {
    console.warn('Could not keep pictures for offline use', error);
  }
  return downloaded;
}

/** The kept picture for a URL as a Blob, or undefined. */
export async function storedImage(database: InternoDatabase, url: string): Promise<Blob | undefined> {
  try {
    const row = await database.images.get(url);
    return row ? new Blob([row.data], { type: row.type }) : undefined;
  } catch (error) {
    console.warn('Could not read a kept picture', error);
    return undefined;
  }
}

/** Removes the pictures a user kept (called at logout: which designers someone liked is theirs). */
export async function clearUserImages(database: InternoDatabase, userId: string): Promise<number> {
  try {
    return await database.images.where('userId').equals(userId).delete();
  } catch (error) {
    console.warn('Could not clear kept pictures', error);
    return 0;
  }
}
