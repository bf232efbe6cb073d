import { act, renderHook } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeFetch } from '../../test/offline';
import { setOnline } from '../../test/session';

import type * as LazyModule from './lazy';

/**
 * A write made while the offline runtime's code cannot arrive (a first visit whose connection dropped
 * after the paint) waits on the device, is drawn as queued, and goes into the outbox, and out, when
 * the offline layer starts.
 */

vi.mock('./lazy', async (original) => {
  const actual = await original<typeof LazyModule>();
  return { ...actual, loadOffline: vi.fn(actual.loadOffline) };
});

// The test setup loaded the real lazy module first; fresh copies of the modules under test see the
// mock above, whose loader each test makes unreachable or lets through.
vi.resetModules();
const lazy = await import('./lazy');
const { defineCommand, registerCommands } = await import('./command');
const { db } = await import('./db');
const { discardAction, installOutbox } = await import('./outboxService');
const { useOutboxStatus } = await import('./useOutboxStatus');
const { useQueued, useQueuedEntry } = await import('./useQueued');
const { holdWrite, resetWaitingRoom, WAITING_KEY, waitingWrites } = await import('./waitingRoom');
const realLoadOffline = (await vi.importActual<typeof LazyModule>('./lazy')).loadOffline;
const loadOffline = vi.mocked(lazy.loadOffline);

function unreachable(): void {
  loadOffline.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/runtime.js')));
}

const calls: string[] = [];
const like = defineCommand<{ designerId: number }>({
  kind: 'test.like',
  entity: ({ designerId }) => `like:${designerId}`,
  method: 'POST',
  path: ({ designerId }) => `/api/likes/${designerId}`,
  apply: (_dispatch, { designerId }) => {
    calls.push(`apply ${designerId}`);
  },
  onSent: (_dispatch, response) => {
    calls.push(`sent ${JSON.stringify(response)}`);
  },
  onRefused: (_dispatch, error) => {
    calls.push(`refused ${error.reason ?? ''}`);
  },
});
const dispatch = vi.fn() as unknown as import('./command').CommandDispatch;

let net: FakeFetch;
let stop: () => Promise<void> = async () => {};
let unregister: () => void = () => {};

beforeEach(async () => {
  await db.outbox.clear();
  resetWaitingRoom();
  calls.length = 0;
  net = fakeFetch();
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
  loadOffline.mockImplementation(realLoadOffline);
});

afterEach(async () => {
  await stop();
  stop = async () => {};
  unregister();
  unregister = () => {};
  lazy.onOutboxNeeded(() => undefined);
  vi.unstubAllGlobals();
});

function install(): void {
  stop = installOutbox({ database: db, getSession: () => ({ userId: '7', token: 'tok' }), onUnauthorized: () => {} });
}

function wrapper({ children }: { children: ReactNode }) {
  const store = configureStore({ reducer: { session: () => ({ user: { id: 7 } }) } });
  return createElement(Provider, { store, children });
}

describe('a write made before the offline runtime could arrive', () => {
  it('waits on the device, shown and queued, and asks for the offline layer again', async () => {
    unreachable();
    const needed = vi.fn();
    lazy.onOutboxNeeded(needed);

    const { entry, settled } = await like.send(dispatch, { designerId: 3 }, { userId: '7' });

    expect(entry.seq).toBeLessThan(0);
    expect(entry).toMatchObject({ kind: 'test.like', entity: 'like:3', path: '/api/likes/3', state: 'pending', userId: '7' });
    expect(await settled).toMatchObject({ status: 'queued' });
    expect(calls).toEqual(['apply 3']);
    expect(needed).toHaveBeenCalled();
    expect(net.calls).toEqual([]);
    const stored = JSON.parse(localStorage.getItem(WAITING_KEY) ?? '[]') as { key: string }[];
    expect(stored.map(({ key }) => key)).toEqual([entry.key]);
    // A later write gets a larger number: screens sort by it, oldest first.
    const later = (await like.send(dispatch, { designerId: 4 }, { userId: '7' })).entry;
    expect(later.seq).toBeGreaterThan(entry.seq);
    expect(later.seq).toBeLessThan(0);
  });

  it('is drawn as queued by the screens and counted as pending by the shell', async () => {
    unreachable();
    const queued = renderHook(() => useQueued({ entity: 'like:3' }), { wrapper });
    const status = renderHook(() => useOutboxStatus(), { wrapper });
    expect(queued.result.current).toEqual([]);

    let seq = 0;
    await act(async () => {
      seq = (await like.send(dispatch, { designerId: 3 }, { userId: '7' })).entry.seq;
    });

    expect(queued.result.current.map((entry) => entry.seq)).toEqual([seq]);
    expect(status.result.current.pending).toBe(1);
    const followed = renderHook(() => useQueuedEntry(seq), { wrapper });
    expect(followed.result.current).toMatchObject({ seq, state: 'pending' });
    // Someone else's waiting write is not theirs to see.
    act(() => {
      holdWrite({ kind: 'test.like', entity: 'like:3', method: 'POST', path: '/api/likes/3', userId: '8' });
    });
    expect(queued.result.current.map((entry) => entry.seq)).toEqual([seq]);
    expect(status.result.current.pending).toBe(1);
  });

  it('goes into the outbox with its key when the outbox starts, and is sent once', async () => {
    unreachable();
    const first = (await like.send(dispatch, { designerId: 3 }, { userId: '7' })).entry;
    const second = (await like.send(dispatch, { designerId: 4 }, { userId: '7' })).entry;

    loadOffline.mockImplementation(realLoadOffline);
    unregister = registerCommands(dispatch, [like]);
    net.respond((call) => ({ status: 200, body: { path: call.url } }));
    install();

    await vi.waitFor(async () => expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['sent', 'sent']));
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((entry) => entry.key)).toEqual([first.key, second.key]);
    expect(net.calls.map((call) => [call.url, call.headers['idempotency-key']])).toEqual([
      ['/api/likes/3', first.key],
      ['/api/likes/4', second.key],
    ]);
    expect(waitingWrites()).toEqual([]);
    expect(localStorage.getItem(WAITING_KEY)).toBeNull();
    // A screen that follows the first write by its number finds it in the outbox, by its key.
    const followed = renderHook(() => useQueuedEntry(first.seq), { wrapper });
    await vi.waitFor(() => expect(followed.result.current).toMatchObject({ seq: rows[0]?.seq, key: first.key, state: 'sent' }));
    expect(calls).toEqual(['apply 3', 'apply 4', 'sent {"path":"/api/likes/3"}', 'sent {"path":"/api/likes/4"}']);
  });

  it('kept from an earlier visit, or moved by another tab, goes into the outbox once', async () => {
    unreachable();
    const earlier = (await like.send(dispatch, { designerId: 5 }, { userId: '7' })).entry;
    // Another tab moved the same write first: it is in the outbox already, under its key.
    loadOffline.mockImplementation(realLoadOffline);
    const { seq: _seq, ...row } = earlier;
    const existing = await db.outbox.add({ ...row, state: 'sent', sentAt: Date.now() } as never);
    net.respond(() => ({ status: 200, body: {} }));
    install();

    await vi.waitFor(() => expect(waitingWrites()).toEqual([]));
    expect(await db.outbox.count()).toBe(1);
    const followed = renderHook(() => useQueuedEntry(earlier.seq), { wrapper });
    await vi.waitFor(() => expect(followed.result.current).toMatchObject({ seq: existing, state: 'sent' }));
    expect(net.calls).toEqual([]);
  });

  it('discarded before it went is rolled back and forgotten, before the app has registered any command', async () => {
    unreachable();
    const { entry } = await like.send(dispatch, { designerId: 6 }, { userId: '7' });

    await discardAction(entry.seq);

    expect(waitingWrites()).toEqual([]);
    expect(calls).toEqual(['apply 6', 'refused discarded']);
    loadOffline.mockImplementation(realLoadOffline);
    install();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(net.calls).toEqual([]);
  });

  it('goes before a write of the same entity made once the outbox could be reached', async () => {
    unreachable();
    const held = (await like.send(dispatch, { designerId: 8 }, { userId: '7' })).entry;
    loadOffline.mockImplementation(realLoadOffline);
    unregister = registerCommands(dispatch, [like]);
    const order: string[] = [];
    net.respond((call) => {
      order.push(call.headers['idempotency-key'] ?? '');
      return { status: 200, body: {} };
    });
    // The connection is back and the person taps again before the offline layer has started.
    lazy.onOutboxNeeded(install);
    const again = (await like.send(dispatch, { designerId: 8 }, { userId: '7' })).entry;

    await vi.waitFor(async () => expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['sent', 'sent']));
    expect(order).toEqual([held.key, again.key]);
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => entry.key)).toEqual([held.key, again.key]);
  });

  it('ignores what is not a waiting write in its storage', () => {
    localStorage.setItem(WAITING_KEY, JSON.stringify([{ seq: 3, key: 'k' }, 'x', null, { seq: -1 }]));
    resetWaitingRoomMemoryOnly();
    expect(waitingWrites()).toEqual([]);
    localStorage.setItem(WAITING_KEY, '{broken');
    resetWaitingRoomMemoryOnly();
    expect(waitingWrites()).toEqual([]);
  });
});

/** Forgets this page's copy, as a new page would start, keeping what the device holds. */
function resetWaitingRoomMemoryOnly(): void {
  const kept = localStorage.getItem(WAITING_KEY);
  resetWaitingRoom();
  if (kept !== null) localStorage.setItem(WAITING_KEY, kept);
}
