import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/api';
import { staleReducer } from '../../shared/api/staleSlice';
import { runCommand } from '../../shared/offline/command';
import { db } from '../../shared/offline/db';
import { drainOutbox } from '../../shared/offline/outboxService';
import { sessionReducer } from '../../shared/session/sessionSlice';
import { commandWiring, fakeFetch, type FakeFetch } from '../../test/offline';
import { setOnline } from '../../test/session';
import { questionnaireCommands, submitMatch } from './commands';
import { loadLastResult, saveLastResult } from './lib/lastResult';

const answers = ['Luminoso', 'Legno chiaro', 'Essenziale', 'Verde', 'Lino', 'Aperto', 'Calma'];
const analysis = { style_percentages: { A: 0, B: 0, C: 100, D: 0, E: 0 }, dominant_style: 'C' };

let net: FakeFetch;
const wiring = commandWiring();

function store() {
  return configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

beforeEach(async () => {
  await db.outbox.clear();
  await db.kv.clear();
  net = fakeFetch();
  // The server committed the lead, then the connection dropped.
  net.respond(() => 'network-error');
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
});

afterEach(async () => {
  await wiring.stop();
  vi.unstubAllGlobals();
});

describe('the answers of a questionnaire (the submitMatch command)', () => {
  it('online are sent at once with their Idempotency-Key and the answer comes back to the screen', async () => {
    const s = store();
    wiring.wire(s.dispatch, questionnaireCommands, null);
    net.respond(() => ({ status: 201, body: { lead_id: 4, lead_token: 'tok-4', designers: [], total: 0, has_more: false } }));
    const result = await runCommand(submitMatch, s.dispatch, { answers }, { userId: '' });
    expect(result).toMatchObject({ status: 'sent', response: { lead_id: 4 } });
    const [post] = net.calls;
    expect(post?.url).toBe('/api/match-designers');
    expect(post?.headers['idempotency-key']).toBe(result.entry.key);
    // Answered at once: no pending result was touched (the screen keeps what it shows).
    expect(await loadLastResult()).toBeNull();
  });

  it('whose answer was lost wait in the outbox with the key and the bytes the first attempt sent', async () => {
    const s = store();
    wiring.wire(s.dispatch, questionnaireCommands, null);
    const result = await runCommand(submitMatch, s.dispatch, { answers }, { userId: '' });
    expect(result.status).toBe('queued');
    const [entry] = await db.outbox.toArray();
    const [first] = net.calls;
    expect(first?.headers['idempotency-key']).toBe(entry?.key);
    // The server hashes method, path and body with the key: the replay must send the same bytes.
    expect(JSON.stringify(entry?.body)).toBe(JSON.stringify(first?.body));
    expect(entry).toMatchObject({ kind: 'questionnaire.match', path: '/api/match-designers', state: 'pending' });
  });

  it('left pending are delivered later, and the pending result learns its designers', async () => {
    const s = store();
    wiring.wire(s.dispatch, questionnaireCommands, null);
    const result = await runCommand(submitMatch, s.dispatch, { answers }, { userId: '' });
    expect(result.status).toBe('queued');
    await saveLastResult({ answers, analysis: analysis as never, matches: null, pending: true, savedAt: Date.now() });
    net.respond(() => ({ status: 201, body: { lead_id: 9, lead_token: 'tok-9', designers: [], total: 0, has_more: false } }));
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drainOutbox();
    const last = await loadLastResult();
    expect(last).toMatchObject({ pending: false, answers, matches: { total: 0 } });
    expect(net.calls.map((call) => call.headers['idempotency-key'])).toEqual([result.entry.key, result.entry.key]);
  });
});
