import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeClock, fakeFetch, freshDatabase, noLock, type Clock, type FakeFetch } from '../../test/offline';
import type { InternoDatabase } from './db';
import { leaseDrainLock } from './lock';
import { OutboxHandlerRegistry, REVIEW_AFTER_MS, SENT_RETENTION_MS, countOutbox, enqueue, retryFailed, type EnqueueInput } from './outbox';
import { createOutboxRunner, LAST_SYNC_KEY, type OutboxRunner, type OutboxSession } from './replay';

let database: InternoDatabase;
let clock: Clock;
let server: FakeFetch;
let session: OutboxSession | null;
let handlers: OutboxHandlerRegistry;
let unauthorized: number;

function runner(extra: Partial<Parameters<typeof createOutboxRunner>[0]> = {}): OutboxRunner {
  return createOutboxRunner({
    database,
    fetch: server.fetch,
    getSession: () => session,
    now: clock.now,
    random: () => 0.5,
    handlers,
    lock: noLock,
    onUnauthorized: () => {
      unauthorized += 1;
    },
    ...extra,
  });
}

function action(entity: string, body: unknown = { n: 1 }, overrides: Partial<EnqueueInput> = {}): EnqueueInput {
  return { kind: 'test.action', entity, method: 'POST', path: `/api/test/${entity}`, body, userId: '7', ...overrides };
}

async function states(): Promise<string[]> {
  return (await database.outbox.orderBy('seq').toArray()).map((entry) => entry.state);
}

beforeEach(() => {
  database = freshDatabase();
  clock = fakeClock();
  server = fakeFetch();
  session = { userId: '7', token: 'token-A' };
  handlers = new OutboxHandlerRegistry();
  unauthorized = 0;
});

afterEach(async () => {
  await database.delete();
});

describe('outbox replay', () => {
  it('sends entries in sequence order with the stored Idempotency-Key and the current token', async () => {
    const first = await enqueue(database, action('contact:1', { text: 'ciao' }), clock.now());
    const second = await enqueue(database, action('like:4', { designer_id: 4 }), clock.now());
    session = { userId: '7', token: 'token-B' };

    const result = await runner().drain();

    expect(result).toMatchObject({ ran: true, sent: 2, failed: 0 });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/test/contact:1', '/api/test/like:4']);
    expect(server.calls[0]?.headers['idempotency-key']).toBe(first.key);
    expect(server.calls[1]?.headers['idempotency-key']).toBe(second.key);
    expect(server.calls.every((call) => call.headers.authorization === 'Bearer token-B')).toBe(true);
    expect(server.calls[0]?.body).toEqual({ text: 'ciao' });
    expect(await states()).toEqual(['sent', 'sent']);
  });

  it('stores the intent only, never headers or tokens', async () => {
    await enqueue(database, action('contact:1'), clock.now());
    const stored = await database.outbox.toArray();
    expect(JSON.stringify(stored)).not.toContain('token-A');
    expect(Object.keys(stored[0] ?? {})).not.toContain('headers');
  });

  it('blocks later entries of an entity behind a retrying one but lets other entities through', async () => {
    await enqueue(database, action('contact:1', { n: 1 }), clock.now());
    await enqueue(database, action('contact:1', { n: 2 }), clock.now());
    await enqueue(database, action('contact:2', { n: 3 }), clock.now());
    server.respond((call) => (call.url.endsWith('contact:1') ? { status: 503 } : { status: 201, body: { id: 1 } }));

    const result = await runner().drain();

    expect(result).toMatchObject({ sent: 1, retrying: 1 });
    expect(server.calls.map((call) => call.body)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(await states()).toEqual(['pending', 'pending', 'sent']);
  });

  it('backs off exponentially with jitter on 5xx and retries when due', async () => {
    const entry = await enqueue(database, action('contact:1'), clock.now());
    server.respond(() => ({ status: 500 }));
    const outbox = runner();

    await outbox.drain();
    const afterFirst = await database.outbox.get(entry.seq);
    expect(afterFirst?.attempts).toBe(1);
    // 2 s base, jitter 0.5 + 0.5 * 0.5 = 0.75.
    expect(afterFirst?.nextAttemptAt).toBe(clock.now() + 1500);
    expect(afterFirst?.lastError?.message).toBe('Si è verificato un errore del server. Riprova più tardi.');

    await outbox.drain();
    expect(server.calls).toHaveLength(1);

    clock.advance(1500);
    await outbox.drain();
    const afterSecond = await database.outbox.get(entry.seq);
    expect(server.calls).toHaveLength(2);
    expect(afterSecond?.attempts).toBe(2);
    expect(afterSecond?.nextAttemptAt).toBe(clock.now() + 3000);

    server.respond(() => ({ status: 200, body: { ok: true } }));
    clock.advance(3000);
    await outbox.drain();
    expect((await database.outbox.get(entry.seq))?.state).toBe('sent');
  });

  it('honours Retry-After on 429', async () => {
    const entry = await enqueue(database, action('like:1'), clock.now());
    server.respond(() => ({ status: 429, body: { detail: 'Too many requests' }, headers: { 'Retry-After': '42' } }));
    await runner().drain();
    expect((await database.outbox.get(entry.seq))?.nextAttemptAt).toBe(clock.now() + 42_000);
  });

  it('marks a 4xx refusal failed with an Italian reason, rolls back, and blocks only its entity', async () => {
    const onFailed = vi.fn();
    handlers.register('test.action', { onFailed });
    await enqueue(database, action('contact:1', { n: 1 }), clock.now());
    await enqueue(database, action('contact:1', { n: 2 }), clock.now());
    await enqueue(database, action('contact:2', { n: 3 }), clock.now());
    server.respond((call) =>
      (call.body as { n: number }).n === 1
        ? { status: 422, body: { detail: [{ loc: ['body', 'message'], msg: 'field required', type: 'value_error' }], reason: 'validation' } }
        : { status: 200, body: {} },
    );
    const outbox = runner();

    const result = await outbox.drain();
    expect(result).toMatchObject({ sent: 1, failed: 1 });
    expect(await states()).toEqual(['failed', 'pending', 'sent']);
    expect(onFailed).toHaveBeenCalledTimes(1);
    const [error, entry] = onFailed.mock.calls[0] as [{ message: string; status: number; detail: string }, { seq: number }];
    expect(error).toMatchObject({ status: 422, message: 'Alcuni dati non sono validi. Controlla i campi e riprova.', detail: 'field required' });
    expect(entry.seq).toBe(1);

    // Still blocked on the next drains.
    await outbox.drain();
    expect(server.calls).toHaveLength(2);

    // The person retries: the failed entry and the one behind it go out, in order.
    server.respond(() => ({ status: 200, body: {} }));
    await retryFailed(database, 1, clock.now());
    await outbox.drain();
    expect(server.calls.slice(2).map((call) => call.body)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
  });

  it('a new action that replaces a refused one takes its place in one step and goes out at once', async () => {
    await enqueue(database, action('booking:7', { slot: 9 }), clock.now());
    server.respond(() => ({ status: 409, body: { detail: 'slot taken', reason: 'slot_taken' } }));
    const outbox = runner();
    await outbox.drain();
    expect(await states()).toEqual(['failed']);

    server.respond(() => ({ status: 201, body: {} }));
    const rebooked = await enqueue(database, action('booking:7', { slot: 11 }, { replaces: 1 }), clock.now());
    expect(await database.outbox.get(1)).toBeUndefined();
    expect(rebooked).not.toHaveProperty('replaces');
    await outbox.drain();
    expect(server.calls.slice(1).map((call) => call.body)).toEqual([{ slot: 11 }]);
    expect(await states()).toEqual(['sent']);
  });

  it('replaces only a refused action, and a failed write replaces nothing', async () => {
    await enqueue(database, action('booking:7', { slot: 9 }), clock.now());
    await expect(enqueue(database, action('booking:7', { slot: 11 }, { replaces: 1 }), clock.now())).rejects.toThrow(/only a refused entry/);
    expect((await database.outbox.toArray()).map((entry) => entry.body)).toEqual([{ slot: 9 }]);

    await database.outbox.update(1, { state: 'failed' });
    const add = vi.spyOn(database.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(enqueue(database, action('booking:7', { slot: 11 }, { replaces: 1 }), clock.now())).rejects.toThrow('QuotaExceededError');
    add.mockRestore();
    expect((await database.outbox.toArray()).map((entry) => [entry.state, entry.body])).toEqual([['failed', { slot: 9 }]]);
  });

  it('treats a 409 for an in-flight key as temporary and any other 409 as a refusal', async () => {
    await enqueue(database, action('slot:1'), clock.now());
    await enqueue(database, action('slot:2'), clock.now());
    server.respond((call) =>
      call.url.endsWith('slot:1')
        ? { status: 409, body: { detail: 'request in progress', reason: 'idempotency_in_progress' } }
        : { status: 409, body: { detail: 'slot taken', reason: 'slot_taken', alternatives: [{ datetime: '2026-12-01T10:00:00+01:00' }] } },
    );
    await runner().drain();
    const [first, second] = await database.outbox.orderBy('seq').toArray();
    expect(first?.state).toBe('pending');
    expect(second?.state).toBe('failed');
    expect(second?.lastError?.message).toBe("L'orario selezionato non è più disponibile. Seleziona un altro orario.");
    // The refusal keeps the answer's other fields, so a screen can offer the nearest free slots.
    expect(second?.lastError?.extra).toEqual({ alternatives: [{ datetime: '2026-12-01T10:00:00+01:00' }] });
  });

  it('pauses on 401 until the user signs in again, without counting an attempt', async () => {
    const entry = await enqueue(database, action('contact:1'), clock.now());
    server.respond(() => ({ status: 401, body: { detail: 'Token expired' } }));
    const outbox = runner();

    const result = await outbox.drain();
    expect(result.paused).toBe(true);
    expect(unauthorized).toBe(1);
    expect(await database.outbox.get(entry.seq)).toMatchObject({ state: 'pending', attempts: 0 });

    // Same token: nothing is sent again.
    await outbox.drain();
    expect(server.calls).toHaveLength(1);

    // Logged out: the entry waits for its owner.
    session = null;
    await outbox.drain();
    expect(server.calls).toHaveLength(1);

    // Signed in again with a new token: sent with it.
    session = { userId: '7', token: 'token-new' };
    server.respond(() => ({ status: 200, body: {} }));
    await outbox.drain();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.headers.authorization).toBe('Bearer token-new');
    expect((await database.outbox.get(entry.seq))?.state).toBe('sent');
  });

  it('stops the pass on a network failure and keeps everything pending', async () => {
    await enqueue(database, action('contact:1'), clock.now());
    await enqueue(database, action('contact:2'), clock.now());
    server.respond(() => 'network-error');
    const result = await runner().drain();
    expect(result).toMatchObject({ offline: true, retrying: 1 });
    expect(server.calls).toHaveLength(1);
    expect(await states()).toEqual(['pending', 'pending']);
    expect(await database.kv.get(LAST_SYNC_KEY)).toBeUndefined();
  });

  it('records the last sync time after a pass that reached the server', async () => {
    await enqueue(database, action('contact:1'), clock.now());
    await runner().drain();
    expect((await database.kv.get(LAST_SYNC_KEY))?.value).toBe(clock.now());
  });

  it("sends anonymous entries without a token and leaves other users' entries alone", async () => {
    await enqueue(database, action('lead', { answers: [] }, { userId: '' }), clock.now());
    await enqueue(database, action('contact:9', {}, { userId: '99' }), clock.now());
    session = null;
    await runner().drain();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
    expect(await states()).toEqual(['sent', 'pending']);
  });

  it('sends a logout with the token it ends, whoever is signed in, and counts a dead token as ended', async () => {
    session = null;
    await enqueue(database, action('session:a', null, { kind: 'session.logout', path: '/api/auth/logout', userId: '', revokes: 'token-old' }), clock.now());
    await enqueue(database, action('session:b', null, { kind: 'session.logout', path: '/api/auth/logout', userId: '', revokes: 'token-dead' }), clock.now());
    server.respond((call) => (call.headers.authorization === 'Bearer token-dead' ? { status: 401, body: { reason: 'token_invalid' } } : { status: 204 }));

    const result = await runner().drain();

    expect(server.calls.map((call) => call.headers.authorization)).toEqual(['Bearer token-old', 'Bearer token-dead']);
    expect(result).toMatchObject({ sent: 2, failed: 0, paused: false });
    expect(unauthorized).toBe(0);
    expect(await states()).toEqual(['sent', 'sent']);
  });

  it('keeps a logout waiting while the server cannot be reached', async () => {
    session = { userId: '9', token: 'token-new-user' };
    await enqueue(database, action('session:a', null, { kind: 'session.logout', path: '/api/auth/logout', userId: '', revokes: 'token-old' }), clock.now());
    server.respond(() => 'network-error');
    const result = await runner().drain();
    expect(result).toMatchObject({ offline: true, sent: 0 });
    expect(server.calls[0]?.headers.authorization).toBe('Bearer token-old');
    expect(await states()).toEqual(['pending']);
  });

  it('gives the kind handler the parsed response on success', async () => {
    const onSent = vi.fn();
    handlers.register('test.action', { onSent });
    await enqueue(database, action('contact:1'), clock.now());
    server.respond(() => ({ status: 201, body: { id: 55, status: 'new' } }));
    await runner().drain();
    expect(onSent).toHaveBeenCalledWith({ id: 55, status: 'new' }, expect.objectContaining({ entity: 'contact:1', state: 'sent' }));
  });

  it('keeps sent entries for 24 hours, then removes them', async () => {
    await enqueue(database, action('contact:1'), clock.now());
    const outbox = runner();
    await outbox.drain();
    clock.advance(SENT_RETENTION_MS - 1000);
    await outbox.drain();
    expect(await database.outbox.count()).toBe(1);
    clock.advance(2000);
    await outbox.drain();
    expect(await database.outbox.count()).toBe(0);
  });

  it('arms the retry timer for the earliest backoff', async () => {
    await enqueue(database, action('contact:1'), clock.now());
    server.respond(() => ({ status: 502 }));
    const schedule = vi.fn(() => () => undefined);
    await runner({ schedule }).drain();
    expect(schedule).toHaveBeenCalledWith(expect.any(Function), 1500);
  });
});

describe('seven-day rule', () => {
  it('holds entries older than seven days until the person confirms them', async () => {
    const old = await enqueue(database, action('contact:1'), clock.now() - REVIEW_AFTER_MS - 60_000);
    await enqueue(database, action('contact:1', { n: 2 }), clock.now());
    await enqueue(database, action('contact:2'), clock.now());
    const outbox = runner();

    await outbox.drain();
    expect(server.calls.map((call) => call.url)).toEqual(['/api/test/contact:2']);
    expect((await database.outbox.get(old.seq))?.needsReview).toBe(true);
    expect(await countOutbox(database, '7')).toMatchObject({ needsReview: 1, pending: 1, sent: 1 });

    const { confirmReview } = await import('./outbox');
    await confirmReview(database, old.seq, clock.now());
    await outbox.drain();
    expect(server.calls.map((call) => call.url)).toEqual(['/api/test/contact:2', '/api/test/contact:1', '/api/test/contact:1']);
    expect(await states()).toEqual(['sent', 'sent', 'sent']);
  });

  it('rolls an old entry back when the person discards it', async () => {
    const onFailed = vi.fn();
    handlers.register('test.action', { onFailed });
    const old = await enqueue(database, action('like:3'), clock.now() - REVIEW_AFTER_MS - 1);
    await runner().drain();
    const { discardEntry } = await import('./outbox');
    await discardEntry(database, old.seq, { status: null, reason: 'discarded', message: 'annullata', detail: null }, handlers);
    expect(await database.outbox.count()).toBe(0);
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ reason: 'discarded' }), expect.objectContaining({ seq: old.seq }));
  });
});

describe('concurrent drainers (two tabs)', () => {
  it('sends every entry exactly once even without a lock, thanks to atomic claims', async () => {
    for (let i = 0; i < 6; i += 1) await enqueue(database, action(`entity:${i % 3}`, { i }), clock.now());
    const gate = deferred<void>();
    server.respond(async () => {
      await gate.promise;
      return { status: 200, body: {} };
    });
    const tabA = runner({ ownerId: 'tab-a' });
    const tabB = runner({ ownerId: 'tab-b' });
    const drains = [tabA.drain(), tabB.drain()];
    // Both tabs are inside a request (each claimed a different entity) before the server answers.
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    gate.resolve();
    await Promise.all(drains);
    // Drain until idle so every entry had its chance in whichever tab.
    await Promise.all([tabA.drain(), tabB.drain()]);
    await Promise.all([tabA.drain(), tabB.drain()]);

    const bodies = server.calls.map((call) => (call.body as { i: number }).i).sort();
    expect(bodies).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await states()).toEqual(Array(6).fill('sent'));
  });

  it('lets only one tab drain at a time with the IndexedDB lease lock', async () => {
    await enqueue(database, action('contact:1'), clock.now());
    const gate = deferred<void>();
    server.respond(async () => {
      await gate.promise;
      return { status: 200, body: {} };
    });
    const tabA = runner({ ownerId: 'tab-a', lock: leaseDrainLock(database, 'tab-a', clock.now) });
    const tabB = runner({ ownerId: 'tab-b', lock: leaseDrainLock(database, 'tab-b', clock.now) });
    const first = tabA.drain();
    // Tab A holds the lease: its request is out and waits for the server.
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    const second = await tabB.drain();
    expect(second.ran).toBe(false);
    gate.resolve();
    expect((await first).sent).toBe(1);
    expect(server.calls).toHaveLength(1);
  });

  it('on reconnect sends at once what waited out a network backoff, not what a busy server asked to wait', async () => {
    await enqueue(database, action('like:1'), clock.now());
    await enqueue(database, action('like:2'), clock.now());
    server.respond((call) => (call.url.endsWith('like:1') ? 'network-error' : { status: 503, body: { detail: 'busy' } }));
    const outbox = runner();
    await outbox.drain();
    // like:1 stopped the pass (offline); send like:2 alone to give it a server backoff.
    await database.outbox.update(1, { nextAttemptAt: clock.now() + 60_000 });
    await outbox.drain();
    const [first, second] = await database.outbox.orderBy('seq').toArray();
    expect(first?.lastError?.status).toBeNull();
    expect(second?.lastError?.status).toBe(503);
    server.respond(() => ({ status: 200, body: {} }));
    const calls = server.calls.length;
    await outbox.reconnected();
    expect(server.calls.slice(calls).map((call) => call.url)).toEqual(['/api/test/like:1']);
    expect(await states()).toEqual(['sent', 'pending']);
  });

  it('resends at once an entry a closed tab left sending when the lock proves no one else drains', async () => {
    await enqueue(database, action('like:1'), clock.now());
    await database.outbox.update(1, { state: 'sending', claimedBy: 'closed-tab', claimedAt: clock.now() });
    await runner().drain();
    expect(server.calls).toHaveLength(0);
    await runner({ lock: { ...noLock, exclusive: true } }).drain();
    expect(server.calls).toHaveLength(1);
    expect(await states()).toEqual(['sent']);
  });
});
