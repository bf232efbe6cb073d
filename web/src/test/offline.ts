import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { registerCommands, type AnyCommand, type CommandDispatch } from '../shared/offline/command';
import { db, InternoDatabase } from '../shared/offline/db';
import { installOutbox } from '../shared/offline/outboxService';
import type { OutboxSession } from '../shared/offline/replay';
import type { DrainLock } from '../shared/offline/lock';
import { setOnline } from './session';

/** Test helpers for the offline layer: a fresh database, a controllable clock and a scripted fetch. */

export function freshDatabase(): InternoDatabase {
  return new InternoDatabase(`interno-test-${crypto.randomUUID()}`);
}

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
}

export function fakeClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): Clock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
export type Responder = (call: RecordedCall) => Reply | Promise<Reply>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
  respond: (responder: Responder) => void;
}

/** A fetch that records each call and answers through a replaceable responder (200 {} by default). */
export function fakeFetch(): FakeFetch {
  const calls: RecordedCall[] = [];
  let responder: Responder = () => ({ status: 200, body: {} });
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : null;
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const rawBody = init?.body ?? (request ? await request.clone().text() : undefined);
    const text = typeof rawBody === 'string' ? rawBody : '';
    const call: RecordedCall = {
      url: request ? request.url : String(input),
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      headers,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
    calls.push(call);
    const reply = await responder(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : payload, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...(reply.headers ?? {}) },
    });
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    respond: (next) => {
      responder = next;
    },
  };
}

/** A lock that always lets the drain run: used to prove entry claims alone prevent double sends. */
export const noLock: DrainLock = {
  async run(task) {
    return { acquired: true, value: await task() };
  },
};

/** A promise with its resolve function, to hold a response until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The offline wiring of app/offline.ts for a component test: `wire` registers the commands and
 * installs the outbox on the test database with a session; `stop` (in afterEach) waits for a drain
 * under way to end, since it holds the drain lease the next test's outbox needs.
 */
export function commandWiring() {
  let stop: () => Promise<void> = async () => {};
  return {
    wire(dispatch: CommandDispatch, commands: readonly AnyCommand[], session: OutboxSession | null): void {
      const unregister = registerCommands(dispatch, commands);
      const stopOutbox = installOutbox({ database: db, getSession: () => session, onUnauthorized: () => {} });
      const previous = stop;
      stop = async () => {
        await previous();
        await stopOutbox();
        unregister();
      };
    },
    async stop(): Promise<void> {
      const current = stop;
      stop = async () => {};
      await current();
    },
  };
}

/**
 * A screen test's command set-up, as the app has it: before each test an empty outbox, a recording
 * fetch answering with `respond`, the connection on (then `setUp`, for a test's own state); after
 * each, the outbox and the commands unwired, the screen unmounted, the globals restored.
 */
export function commandTestbed(respond: Responder, setUp?: () => void | Promise<void>) {
  const wiring = commandWiring();
  let net = fakeFetch();
  beforeEach(async () => {
    await db.outbox.clear();
    net = fakeFetch();
    net.respond(respond);
    vi.stubGlobal('fetch', net.fetch);
    setOnline(true);
    await setUp?.();
  });
  afterEach(async () => {
    await wiring.stop();
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    wiring,
    /** This test's fetch (a new one each test). */
    get net(): FakeFetch {
      return net;
    },
  };
}

/**
 * The request a screen's write makes, for a stubbed fetch: the send path calls fetch with a path and
 * an init, RTK Query with a Request. Offline it fails as a browser's fetch does.
 */
export function requestOf(input: RequestInfo | URL, init?: RequestInit): Request {
  if (!navigator.onLine) throw new TypeError('Failed to fetch');
  return input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
}

/**
 * The ceiling of a wait for the outbox to drain in jsdom (an IndexedDB lease, a claim, the request
 * and the live queries, each a few fake-IndexedDB round trips). A passing test never waits for it;
 * it only says when a state will never come. The 8 s these tests used to allow ran out twice in CI's
 * Vitest layer on a busy 2-core machine (AvailabilityEditor's keep-and-save, 2026-11-26), never in 36
 * runs of the file alone beside stress-ng; a drain stuck on a held lease would still fail (30 s).
 */
export const OUTBOX_WAIT = { timeout: 20_000 };
