import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/offline';
import type { InternoDatabase } from './db';
import { IMAGE_MAX_BYTES, clearUserImages, keepImages, offlineImageUrl, storedImage, trimImages } from './imageStore';

let database: InternoDatabase;

beforeEach(() => {
  database = freshDatabase();
});

afterEach(async () => {
  await database.delete();
});

function picture(bytes: number, type = 'image/webp', status = 200): Response {
  return new Response(new Uint8Array(bytes).fill(7), { status, headers: { 'Content-Type': type } });
}

/** A fake image server that counts downloads per URL. */
function server(answer: (url: string) => Response | Error = () => picture(100)) {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (url: string): Promise<Response> => {
      calls.push(url);
      const result = answer(url);
      if (result instanceof Error) throw result;
      return result;
    },
  };
}

describe('offlineImageUrl', () => {
  it('is the 1x source the app shows a stored picture at, and null for what is not kept', () => {
    expect(offlineImageUrl('/api/uploads/gallery/a b.jpg', 200, 150)).toBe('/api/images/resize/uploads/gallery/a%20b.jpg?size=240');
    expect(offlineImageUrl('data:image/png;base64,AAAA', 80, 80)).toBeNull();
    expect(offlineImageUrl('https://example.org/x.jpg', 80, 80)).toBeNull();
    expect(offlineImageUrl('', 80, 80)).toBeNull();
  });
});

describe('keepImages', () => {
  it('downloads each picture once, keeps it for the user and gives it back as a Blob', async () => {
    const images = server();
    expect(await keepImages(database, '7', ['/a', '/b', '/a'], images.fetch, 1000)).toBe(2);
    expect(await keepImages(database, '7', ['/a', '/b'], images.fetch, 2000)).toBe(0);
    expect(images.calls).toEqual(['/a', '/b']);
    const blob = await storedImage(database, '/a');
    expect(blob?.type).toBe('image/webp');
    // (jsdom's Blob cannot read Node's ArrayBuffer, so the bytes are checked on the row; the browser suite shows the picture.)
    const row = await database.images.get('/a');
    expect(row?.bytes).toBe(100);
    expect(row?.data.byteLength).toBe(100);
    expect(row?.savedAt).toBe(2000);
  });

  it('keeps nothing that is not a picture, failed, empty or too large', async () => {
    const images = server((url) =>
      url === '/html' ? picture(10, 'text/html') : url === '/gone' ? picture(10, 'image/webp', 404) : url === '/empty' ? picture(0) : picture(IMAGE_MAX_BYTES + 1),
    );
    expect(await keepImages(database, '7', ['/html', '/gone', '/empty', '/huge'], images.fetch)).toBe(0);
    expect(await database.images.count()).toBe(0);
  });

  it('stops quietly when the connection drops, keeping what it had', async () => {
    const images = server((url) => (url === '/b' ? new TypeError('Failed to fetch') : picture(10)));
    expect(await keepImages(database, '7', ['/a', '/b', '/c'], images.fetch)).toBe(1);
    expect(images.calls).toEqual(['/a', '/b']);
    expect(await storedImage(database, '/a')).toBeDefined();
    expect(await storedImage(database, '/c')).toBeUndefined();
  });

  it('drops the oldest pictures beyond the count and byte caps', async () => {
    const images = server(() => picture(100));
    for (let i = 0; i < 5; i += 1) await keepImages(database, '7', [`/p${i}`], images.fetch, 1000 + i);
    expect(await trimImages(database, 3, 10_000)).toBe(2);
    expect((await database.images.orderBy('savedAt').primaryKeys()).sort()).toEqual(['/p2', '/p3', '/p4']);
    expect(await trimImages(database, 10, 250)).toBe(1);
    expect((await database.images.orderBy('savedAt').primaryKeys()).sort()).toEqual(['/p3', '/p4']);
  });

  it('on a full disk drops the oldest half instead of failing', async () => {
    const images = server();
    await keepImages(database, '7', ['/a', '/b'], images.fetch, 1000);
    const put = database.images.put.bind(database.images);
    database.images.put = (() => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }))) as unknown as typeof database.images.put;
    expect(await keepImages(database, '7', ['/c'], images.fetch, 2000)).toBe(0);
    database.images.put = put;
    expect(await database.images.count()).toBe(1);
  });
});

describe('clearUserImages', () => {
  it('removes only the pictures the user who logs out kept', async () => {
    const images = server();
    await keepImages(database, '7', ['/a'], images.fetch);
    await keepImages(database, '8', ['/b'], images.fetch);
    expect(await clearUserImages(database, '7')).toBe(1);
    expect(await storedImage(database, '/a')).toBeUndefined();
    expect(await storedImage(database, '/b')).toBeDefined();
  });
});
