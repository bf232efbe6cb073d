import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';
import type { OutboxEntry } from './db';
import { sendEntry } from './replay';
import { xhrFetch } from './xhrFetch';

const create = () => new FakeXhr() as unknown as XMLHttpRequest;

/** An entry as the send path makes it (only what sendEntry reads matters). */
function entry(patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    seq: 0, key: 'k-1', kind: 'designer.register', entity: 'auth', method: 'POST', path: '/api/designers', body: null, userId: '4',
    createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'sending', claimedBy: null, claimedAt: null, sentAt: null,
    response: null, needsReview: false, reviewedAt: null, ...patch,
  };
}

describe('xhrFetch under sendEntry', () => {
  it('sends JSON with the Idempotency-Key and the token, and reports progress', async () => {
    FakeXhr.reset({ status: 201, body: { id: 4 } });
    const progress: number[] = [];
    const outcome = await sendEntry(entry({ body: { name: 'Chiara' } }), { userId: '4', token: 'abc' }, {
      fetch: xhrFetch((f) => progress.push(f), create), baseUrl: '', now: () => 0,
    });
    expect(outcome).toEqual({ type: 'sent', response: { id: 4 } });
    const sent = FakeXhr.sent[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/designers');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ name: 'Chiara' });
    expect(sent?.requestHeaders.Authorization).toBe('Bearer abc');
    expect(sent?.requestHeaders['Idempotency-Key']).toBe('k-1');
    expect(sent?.requestHeaders['Content-Type']).toBe('application/json');
    expect(progress).toEqual([0.5, 1]);
  });

  it('turns refusals into the app error with the server detail, reason and fields', async () => {
    FakeXhr.reset({ status: 422, body: { detail: [{ loc: ['body', 'email'], msg: 'not an e-mail' }], reason: 'validation' } });
    const outcome = await sendEntry(entry({ body: {} }), null, { fetch: xhrFetch(() => {}, create), baseUrl: '', now: () => 0 });
    expect(outcome.type).toBe('failed');
    if (outcome.type !== 'failed') return;
    expect(outcome.error).toMatchObject({ kind: 'http', status: 422, reason: 'validation', fields: [{ field: 'email', detail: 'not an e-mail' }] });
  });

  it('reports a network failure as one the send path retries', async () => {
    FakeXhr.reset('network');
    const outcome = await sendEntry(entry({ body: {} }), null, { fetch: xhrFetch(() => {}, create), baseUrl: '', now: () => 0 });
    expect(outcome).toMatchObject({ type: 'retry', network: true, error: { kind: 'network', status: null } });
  });
});

describe('sendEntry with a FormData body', () => {
  let seen: { contentType: string | null; form: FormData | null }[];
  beforeEach(() => {
    seen = [];
  });
  afterEach(() => vi.restoreAllMocks());

  it('passes it through unchanged, without a JSON content type', async () => {
    const form = new FormData();
    form.append('name', 'Anna');
    const fetchImpl: typeof fetch = async (_input, init) => {
      const headers = new Headers(init?.headers);
      seen.push({ contentType: headers.get('Content-Type'), form: init?.body instanceof FormData ? init.body : null });
      return new Response('{}', { status: 200 });
    };
    const outcome = await sendEntry(entry({ method: 'PUT', path: '/api/users/me', body: form }), { userId: '4', token: 't' }, { fetch: fetchImpl, baseUrl: '', now: () => 0 });
    expect(outcome.type).toBe('sent');
    expect(seen).toEqual([{ contentType: null, form }]);
    expect(seen[0]?.form?.get('name')).toBe('Anna');
  });
});
