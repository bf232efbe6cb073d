import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/api';
import { staleReducer } from '../../shared/api/staleSlice';
import { db } from '../../shared/offline/db';
import { sessionReducer } from '../../shared/session/sessionSlice';
import { questionnaireApi } from './api/questionnaireApi';
import { queueMatch } from './commands';

const answers = ['Luminoso', 'Legno chiaro', 'Essenziale', 'Verde', 'Lino', 'Aperto', 'Calma'];
const analysis = { style_percentages: { A: 0, B: 0, C: 100, D: 0, E: 0 }, dominant_style: 'C' };

let sent: { key: string | null; text: string }[];

beforeEach(async () => {
  sent = [];
  await db.outbox.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      sent.push({ key: input.headers.get('Idempotency-Key'), text: await input.text() });
      // The server committed the lead, then the connection dropped.
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a questionnaire whose answer was lost', () => {
  it('is queued with the key and the body the direct attempt sent, so the server replays its lead', async () => {
    const store = configureStore({
      reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    const result = await store.dispatch(questionnaireApi.endpoints.matchDesigners.initiate({ answers, idempotencyKey: 'quiz-key-1' }));
    expect('error' in result && result.error).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBe('quiz-key-1');

    await queueMatch(store.dispatch, answers, analysis as never, 'quiz-key-1');
    const [entry] = await db.outbox.toArray();
    expect(entry?.key).toBe('quiz-key-1');
    expect(entry?.path).toBe('/api/match-designers');
    // The server hashes method, path and body with the key: the outbox must send the same bytes.
    expect(JSON.stringify(entry?.body)).toBe(sent[0]?.text);
  });

  it('gets a key of its own when nothing was sent before', async () => {
    await queueMatch(vi.fn(), answers, analysis as never);
    const [entry] = await db.outbox.toArray();
    expect(entry?.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
