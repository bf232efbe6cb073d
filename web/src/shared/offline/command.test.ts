import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeFetch } from '../../test/offline';
import { setOnline } from '../../test/session';
import { FakeXhr } from '../../test/fakeXhr';
import { defineCommand, isAwaited, refusalSaidOnScreen, registerCommands, runCommand, type CommandDispatch } from './command';
import { onOutboxNeeded } from './lazy';
import { db, type OutboxEntry } from './db';
import { OutboxHandlerRegistry } from './outbox';
import { installOutbox } from './outboxService';
import { setOutboxSession } from './outboxSession';
import { matchesQueued } from './useQueued';

let net: FakeFetch;
let stop: () => Promise<void> = async () => {};
const dispatch = vi.fn() as unknown as CommandDispatch;

const calls: string[] = [];
const rename = defineCommand<{ id: number; name: string }>({
  kind: 'test.rename',
  entity: ({ id }) => `thing:${id}`,
  method: 'PUT',
  path: ({ id }) => `/api/things/${id}`,
  body: ({ name }) => ({ name }),
  meta: ({ name }) => ({ shown: name }),
  apply: (_dispatch, { name }) => {
    calls.push(`apply ${name}`);
  },
  onSent: (_dispatch, response) => {
    calls.push(`sent ${JSON.stringify(response)}`);
  },
  onRefused: (_dispatch, error) => {
    calls.push(`refused ${error.reason ?? ''}`);
  },
});

beforeEach(async () => {
  await db.outbox.clear();
  calls.length = 0;
  net = fakeFetch();
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
});

afterEach(async () => {
  await stop();
  stop = async () => {};
  vi.unstubAllGlobals();
});

function install(): void {
  stop = installOutbox({ database: db, getSession: () => ({ userId: '7', token: 'tok' }), onUnauthorized: () => {} });
}

describe('a declared command', () => {
  it('online is sent at once through the outbox, with its Idempotency-Key, and awaited', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    install();
    net.respond(() => ({ status: 200, body: { id: 3, name: 'Sala' } }));

    const { entry, settled } = await rename.send(dispatch, { id: 3, name: 'Sala' }, { userId: '7' });
    const outcome = await settled;

    expect(entry).toMatchObject({ kind: 'test.rename', entity: 'thing:3', method: 'PUT', path: '/api/things/3', body: { name: 'Sala' }, meta: { shown: 'Sala' } });
    expect(outcome).toMatchObject({ status: 'sent', response: { id: 3, name: 'Sala' } });
    const put = net.calls.find((call) => call.method === 'PUT');
    expect(put?.headers['idempotency-key']).toBe(entry.key);
    expect(put?.body).toEqual({ name: 'Sala' });
    expect(calls).toEqual(['apply Sala', 'sent {"id":3,"name":"Sala"}']);
    unregister();
  });

  it('says why the server refused it, through its onRefused', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    install();
    net.respond(() => ({ status: 422, body: { detail: 'Nome non valido', reason: 'invalid_name' } }));

    const outcome = await (await rename.send(dispatch, { id: 4, name: '' }, { userId: '7' })).settled;

    expect(outcome.status).toBe('refused');
    expect(outcome.status === 'refused' && outcome.error.reason).toBe('invalid_name');
    expect(calls).toEqual(['apply ', 'refused invalid_name']);
    unregister();
  });

  it('offline stays queued, keeps its key for the replay, and is reconciled when it goes', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    install();
    net.respond(() => 'network-error');

    const { entry, settled } = await rename.send(dispatch, { id: 5, name: 'Studio' }, { userId: '7' });
    expect((await settled).status).toBe('queued');
    expect(calls).toEqual(['apply Studio']);

    net.respond(() => ({ status: 200, body: { ok: true } }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect((await db.outbox.get(entry.seq))?.state).toBe('sent'), { timeout: 8000 });
    expect(net.calls.filter((call) => call.method === 'PUT').map((call) => call.headers['idempotency-key'])).toEqual([entry.key, entry.key]);
    expect(calls).toEqual(['apply Studio', 'sent {"ok":true}']);
    unregister();
  });

  it('is queued, not lost, before the outbox runs', async () => {
    const { settled } = await rename.send(dispatch, { id: 6, name: 'Cucina' }, { userId: '7' });
    expect((await settled).status).toBe('queued');
    expect(net.calls).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('registers each kind once: a second command of one kind is a mistake', () => {
    const handlers = new OutboxHandlerRegistry();
    const twin = defineCommand<{ id: number }>({ kind: 'test.rename', entity: ({ id }) => `x:${id}`, method: 'POST', path: () => '/api/x' });
    expect(() => registerCommands(dispatch, [rename, twin], handlers)).toThrow(/test.rename/);
    const stopAll = registerCommands(dispatch, [rename], handlers);
    expect(handlers.get('test.rename')?.onSent).toBeTypeOf('function');
    stopAll();
    expect(handlers.get('test.rename')).toBeUndefined();
  });
});

describe('the queued filter', () => {
  const base: OutboxEntry = {
    seq: 1, key: 'k', kind: 'test.rename', entity: 'thing:1', method: 'PUT', path: '/api/things/1', body: null, userId: '7',
    createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending', claimedBy: null, claimedAt: null,
    sentAt: null, response: null, needsReview: false, reviewedAt: null,
  };

  it('keeps the signed-in person’s entries of the given commands and entity, and sent ones only when asked', () => {
    const now = 100_000;
    expect(matchesQueued(base, { commands: [rename], entityPrefix: 'thing:' }, '7', now)).toBe(true);
    expect(matchesQueued({ ...base, userId: '8' }, {}, '7', now)).toBe(false);
    expect(matchesQueued({ ...base, userId: '' }, {}, '7', now)).toBe(false);
    expect(matchesQueued({ ...base, userId: '' }, { withAnonymous: true }, '7', now)).toBe(true);
    expect(matchesQueued({ ...base, kind: 'other' }, { commands: [rename] }, '7', now)).toBe(false);
    expect(matchesQueued(base, { entity: 'thing:2' }, '7', now)).toBe(false);
    const sent = { ...base, state: 'sent' as const, sentAt: now - 5000 };
    expect(matchesQueued(sent, {}, '7', now)).toBe(false);
    expect(matchesQueued(sent, { sent: true }, '7', now)).toBe(true);
    expect(matchesQueued(sent, { sent: 10_000 }, '7', now)).toBe(true);
    expect(matchesQueued(sent, { sent: 1000 }, '7', now)).toBe(false);
  });
});

const signIn = defineCommand<{ email: string; password: string }>({
  kind: 'test.signIn',
  keep: 'never',
  entity: () => 'session',
  method: 'POST',
  path: () => '/api/auth/login',
  body: ({ email, password }) => ({ email, password }),
  onSent: (_dispatch, response) => {
    calls.push(`sent ${JSON.stringify(response)}`);
  },
  onRefused: (_dispatch, error) => {
    calls.push(`refused ${error.reason ?? ''}`);
  },
});

describe("a command declared keep: 'never'", () => {
  it('online is sent at once with its Idempotency-Key through the registered handlers, and nothing reaches IndexedDB', async () => {
    const unregister = registerCommands(dispatch, [signIn]);
    install();
    const add = vi.spyOn(db.outbox, 'add');
    const put = vi.spyOn(db.outbox, 'put');
    net.respond(() => ({ status: 200, body: { access_token: 'new' } }));

    const { entry, settled } = await signIn.send(dispatch, { email: 'a@example.com', password: 'segreta-123' }, { userId: '' });
    expect(await settled).toMatchObject({ status: 'sent', response: { access_token: 'new' } });

    const post = net.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/auth/login');
    expect(post?.headers['idempotency-key']).toBe(entry.key);
    expect(post?.body).toEqual({ email: 'a@example.com', password: 'segreta-123' });
    expect(calls).toEqual(['sent {"access_token":"new"}']);
    expect(add).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    add.mockRestore();
    put.mockRestore();
    unregister();
  });

  it('is reconciled by its own handlers before the app has registered them (the offline layer starts later)', async () => {
    net.respond(() => ({ status: 200, body: { access_token: 'early' } }));
    const sent = await runCommand(signIn, dispatch, { email: 'a@example.com', password: 'segreta-123' }, { userId: '' });
    expect(sent.status).toBe('sent');
    expect(net.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls).toEqual(['sent {"access_token":"early"}']);

    net.respond(() => ({ status: 422, body: { detail: 'Email non valida', reason: 'validation' } }));
    const refused = await runCommand(signIn, dispatch, { email: 'x', password: 'segreta-123' }, { userId: '' });
    expect(refused.status).toBe('refused');
    expect(calls).toEqual(['sent {"access_token":"early"}', 'refused validation']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline is refused at once with an Italian reason: nothing is sent, nothing is kept', async () => {
    const unregister = registerCommands(dispatch, [signIn]);
    install();
    setOnline(false);
    const add = vi.spyOn(db.outbox, 'add');

    const result = await runCommand(signIn, dispatch, { email: 'a@example.com', password: 'segreta-123' }, { userId: '' });

    expect(result).toMatchObject({
      status: 'refused',
      error: { kind: 'network', status: null, reason: 'offline', message: 'Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.' },
    });
    expect(calls).toEqual(['refused offline']);
    expect(net.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    add.mockRestore();
    unregister();
  });

  it('a refusal or a lost connection is said at once and never retried', async () => {
    const unregister = registerCommands(dispatch, [signIn]);
    install();
    net.respond(() => ({ status: 401, body: { detail: 'Invalid credentials', reason: 'invalid_credentials' } }));
    const refused = await runCommand(signIn, dispatch, { email: 'a@example.com', password: 'sbagliata' }, { userId: '' });
    expect(refused).toMatchObject({ status: 'refused', error: { kind: 'http', status: 401, reason: 'invalid_credentials' } });

    net.respond(() => 'network-error');
    const lost = await runCommand(signIn, dispatch, { email: 'a@example.com', password: 'segreta-123' }, { userId: '' });
    expect(lost).toMatchObject({ status: 'refused', error: { kind: 'network', status: null, message: 'Errore di connessione al server. Riprova più tardi.' } });
    expect(net.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
    unregister();
  });
});

describe('a session the server no longer takes', () => {
  it("is closed by a keep: 'never' write answered 401 before the app installed the outbox (the logout rule comes with it)", async () => {
    const archive = defineCommand<{ id: number }>({
      kind: 'test.archive',
      keep: 'never',
      entity: ({ id }) => `thing:${id}`,
      method: 'DELETE',
      path: ({ id }) => `/api/things/${id}`,
      body: () => undefined,
    });
    const loggedOut = vi.fn();
    setOutboxSession(() => ({ userId: '7', token: 'expired' }));
    onOutboxNeeded(() => {
      stop = installOutbox({ database: db, getSession: () => ({ userId: '7', token: 'expired' }), onUnauthorized: loggedOut });
    });
    try {
      net.respond(() => ({ status: 401, body: { detail: 'Token expired', reason: 'token_invalid' } }));
      const refused = await runCommand(archive, dispatch, { id: 5 }, { userId: '7' });
      expect(refused).toMatchObject({ status: 'refused', error: { status: 401 } });
      expect(loggedOut).toHaveBeenCalledTimes(1);
      expect(net.calls.find((call) => call.method === 'DELETE')?.headers.authorization).toBe('Bearer expired');
      expect(await db.outbox.count()).toBe(0);
    } finally {
      onOutboxNeeded(() => undefined);
      setOutboxSession(() => null);
    }
  });
});

/** A multipart write, as a profile photo goes. */
const upload = defineCommand<{ name: string }>({
  kind: 'test.upload',
  keep: 'never',
  entity: () => 'photo',
  method: 'PUT',
  path: () => '/api/photos/me',
  body: ({ name }) => {
    const form = new FormData();
    form.append('name', name);
    return form;
  },
  onSent: (_dispatch, response) => {
    calls.push(`sent ${JSON.stringify(response)}`);
  },
});

describe('a multipart command', () => {
  it('sends its FormData as it is, by XMLHttpRequest when the screen wants progress, and keeps nothing on the device', async () => {
    const unregister = registerCommands(dispatch, [upload]);
    install();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.reset({ status: 200, body: { id: 1 } });
    const add = vi.spyOn(db.outbox, 'add');
    const progress: number[] = [];

    const result = await runCommand(upload, dispatch, { name: 'Anna' }, { userId: '7', onProgress: (fraction) => progress.push(fraction) });

    expect(result).toMatchObject({ status: 'sent', response: { id: 1 } });
    const sent = FakeXhr.sent[0];
    expect(sent?.url).toBe('/api/photos/me');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect((sent?.body as unknown as FormData).get('name')).toBe('Anna');
    expect(sent?.requestHeaders['Content-Type']).toBeUndefined();
    expect(sent?.requestHeaders.Authorization).toBe('Bearer tok');
    expect(sent?.requestHeaders['Idempotency-Key']).toBe(result.entry.key);
    expect(progress).toEqual([0.5, 1]);
    expect(calls).toEqual(['sent {"id":1}']);
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    add.mockRestore();
    unregister();
  });

  it('a queued command may not carry a FormData body: files are never written to IndexedDB', async () => {
    const queuedUpload = defineCommand<void>({ kind: 'test.queuedUpload', entity: () => 'photo', method: 'PUT', path: () => '/api/photos/me', body: () => new FormData() });
    await expect(queuedUpload.send(dispatch, undefined, { userId: '7' })).rejects.toThrow(/keep: 'never'/);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('runCommand', () => {
  it('online before the app has installed the outbox (a tap in the first seconds): it is installed and the write sent, not left queued', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    onOutboxNeeded(async () => {
      await Promise.resolve();
      install();
    });
    try {
      net.respond(() => ({ status: 200, body: { id: 4, name: 'Studio' } }));
      const sent = await runCommand(rename, dispatch, { id: 4, name: 'Studio' }, { userId: '7' });
      expect(sent).toMatchObject({ status: 'sent', response: { id: 4, name: 'Studio' } });
      expect(net.calls).toHaveLength(1);
    } finally {
      onOutboxNeeded(() => undefined);
      unregister();
    }
  });

  it('a refusal the screen waited for is said by the screen only: the shell does not announce it again', async () => {
    const refusedEntries: OutboxEntry[] = [];
    const watched = defineCommand<{ id: number }>({
      kind: 'test.said',
      entity: ({ id }) => `thing:${id}`,
      method: 'PUT',
      path: ({ id }) => `/api/things/${id}`,
      body: () => ({}),
      onRefused: (_dispatch, _error, entry) => {
        refusedEntries.push(entry);
      },
    });
    const unregister = registerCommands(dispatch, [watched]);
    install();
    net.respond(() => ({ status: 409, body: { detail: 'taken', reason: 'taken' } }));
    const refused = await runCommand(watched, dispatch, { id: 1 }, { userId: '7' });
    expect(refused.status).toBe('refused');
    expect(refusalSaidOnScreen(refused.entry)).toBe(true);
    // Not awaited (a replay the person did not wait for): the shell announces it.
    await (await watched.send(dispatch, { id: 2 }, { userId: '7' })).settled;
    expect(refusedEntries).toHaveLength(2);
    expect(refusalSaidOnScreen(refusedEntries[1]!)).toBe(false);
    unregister();
  });

  it('keeps the per-field messages of a validation refusal', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    install();
    net.respond(() => ({ status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'too long', type: 'value_error' }] } }));
    const refused = await runCommand(rename, dispatch, { id: 4, name: 'x'.repeat(300) }, { userId: '7' });
    expect(refused).toMatchObject({ status: 'refused', error: { status: 422, fields: [{ field: 'name', detail: 'too long' }] } });
    unregister();
  });

  it('while a screen waits, the handlers know it (isAwaited), so a refusal is said once; a later replay is not awaited', async () => {
    const seen: boolean[] = [];
    const watched = defineCommand<{ id: number }>({
      kind: 'test.watched',
      entity: ({ id }) => `thing:${id}`,
      method: 'PUT',
      path: ({ id }) => `/api/things/${id}`,
      body: () => ({}),
      onRefused: (_dispatch, _error, entry) => {
        seen.push(isAwaited(entry));
      },
    });
    const unregister = registerCommands(dispatch, [watched]);
    install();
    net.respond(() => ({ status: 409, body: { detail: 'taken', reason: 'taken' } }));
    await runCommand(watched, dispatch, { id: 1 }, { userId: '7' });
    expect(seen).toEqual([true]);

    await (await watched.send(dispatch, { id: 2 }, { userId: '7' })).settled;
    expect(seen).toEqual([true, false]);
    unregister();
  });

  it('online gives the server answer; a refusal is said by the screen and leaves the outbox, so it holds nothing back', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    install();
    net.respond(() => ({ status: 422, body: { detail: 'name too long', reason: 'validation' } }));
    const refused = await runCommand(rename, dispatch, { id: 4, name: 'x'.repeat(300) }, { userId: '7' });
    expect(refused).toMatchObject({ status: 'refused', error: { kind: 'http', status: 422, reason: 'validation', detail: 'name too long' } });
    expect(await db.outbox.count()).toBe(0);

    net.respond(() => ({ status: 200, body: { id: 4, name: 'Studio' } }));
    const sent = await runCommand(rename, dispatch, { id: 4, name: 'Studio' }, { userId: '7' });
    expect(sent).toMatchObject({ status: 'sent', response: { id: 4, name: 'Studio' } });
    unregister();
  });

  it('with no connection the write is queued with its Idempotency-Key, not refused', async () => {
    const unregister = registerCommands(dispatch, [rename]);
    install();
    net.respond(() => 'network-error');
    const queued = await runCommand(rename, dispatch, { id: 5, name: 'Loft' }, { userId: '7' });
    expect(queued.status).toBe('queued');
    const [stored] = await db.outbox.toArray();
    expect(stored).toMatchObject({ kind: 'test.rename', state: 'pending', key: queued.entry.key });
    unregister();
  });
});
