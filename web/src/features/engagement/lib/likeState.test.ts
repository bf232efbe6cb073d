import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, fakeFetch, freshDatabase, noLock, type Clock, type FakeFetch } from '../../../test/offline';
import type { InternoDatabase } from '../../../shared/offline/db';
import { OutboxHandlerRegistry, enqueue } from '../../../shared/offline/outbox';
import { createOutboxRunner } from '../../../shared/offline/replay';
import { LIKE_KIND, likeEntity, likeView, optimisticLike, serverLike } from './likeState';

describe('optimisticLike', () => {
  it('flips the heart and moves the count once per waiting toggle', () => {
    expect(optimisticLike({ liked: false, count: 4 }, 0)).toEqual({ liked: false, count: 4 });
    expect(optimisticLike({ liked: false, count: 4 }, 1)).toEqual({ liked: true, count: 5 });
    expect(optimisticLike({ liked: true, count: 5 }, 1)).toEqual({ liked: false, count: 4 });
    expect(optimisticLike({ liked: false, count: 4 }, 2)).toEqual({ liked: false, count: 4 });
  });

  it('never shows a negative count', () => {
    expect(optimisticLike({ liked: true, count: 0 }, 1)).toEqual({ liked: false, count: 0 });
  });
});

describe('serverLike', () => {
  it('shows 0 and not liked when the count failed to load', () => {
    expect(serverLike(12, true, true, true)).toEqual({ liked: false, count: 0 });
  });
  it('never shows a visitor as liking', () => {
    expect(serverLike(3, false, true, false)).toEqual({ liked: false, count: 3 });
    expect(serverLike(undefined, false, undefined, true)).toEqual({ liked: false, count: 0 });
  });
});

describe('likeView through the real outbox', () => {
  let database: InternoDatabase;
  let clock: Clock;
  let server: FakeFetch;

  beforeEach(() => {
    database = freshDatabase();
    clock = fakeClock();
    server = fakeFetch();
  });
  afterEach(async () => {
    await database.delete();
  });

  const runner = () =>
    createOutboxRunner({
      database,
      fetch: server.fetch,
      getSession: () => ({ userId: '7', token: 'jwt' }),
      now: clock.now,
      random: () => 0.5,
      handlers: new OutboxHandlerRegistry(),
      lock: noLock,
    });
  const queueToggle = () =>
    enqueue(database, { kind: LIKE_KIND, entity: likeEntity(3), method: 'POST', path: '/api/likes', body: { designer_id: 3 }, userId: '7' }, clock.now());
  const view = async (fetchedAt: number) => likeView({ liked: false, count: 4 }, fetchedAt, await database.outbox.toArray(), 3, '7');

  it('shows the like at once, keeps it while offline and takes the server answer once sent', async () => {
    const fetchedAt = clock.now() - 1000;
    await queueToggle();
    expect(await view(fetchedAt)).toEqual({ liked: true, count: 5, pending: true });

    server.respond(() => 'network-error');
    await runner().drain();
    expect(await view(fetchedAt)).toEqual({ liked: true, count: 5, pending: true });

    clock.advance(60_000);
    server.respond(() => ({ status: 200, body: { designer_id: 3, liked: true, like_count: 9 } }));
    await runner().drain();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    const keys = new Set(server.calls.map((call) => call.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(await view(fetchedAt)).toEqual({ liked: true, count: 9, pending: false });
  });

  it('rolls back when the server refuses the toggle', async () => {
    await queueToggle();
    server.respond(() => ({ status: 404, body: { detail: 'Designer not found', reason: 'designer_not_found' } }));
    await runner().drain();
    expect(await view(clock.now() - 1000)).toEqual({ liked: false, count: 4, pending: false });
  });

  it('ignores other designers and other accounts', async () => {
    await enqueue(database, { kind: LIKE_KIND, entity: likeEntity(8), method: 'POST', path: '/api/likes', body: { designer_id: 8 }, userId: '7' }, clock.now());
    await enqueue(database, { kind: LIKE_KIND, entity: likeEntity(3), method: 'POST', path: '/api/likes', body: { designer_id: 3 }, userId: '9' }, clock.now());
    expect(await view(0)).toEqual({ liked: false, count: 4, pending: false });
  });
});
