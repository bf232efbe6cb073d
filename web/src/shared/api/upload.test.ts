import { describe, expect, it } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';
import { sendWithProgress } from './upload';

const create = () => new FakeXhr() as unknown as XMLHttpRequest;

describe('sendWithProgress', () => {
  it('sends JSON with an Idempotency-Key and the token, and reports progress', async () => {
    FakeXhr.reset({ status: 201, body: { id: 4 } });
    const progress: number[] = [];
    const result = await sendWithProgress<{ id: number }>({
      method: 'POST', path: '/designers', body: { name: 'Chiara' }, token: 'abc', onProgress: (f) => progress.push(f), createRequest: create,
    });
    expect(result).toEqual({ data: { id: 4 } });
    const sent = FakeXhr.sent[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/designers');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ name: 'Chiara' });
    expect(sent?.requestHeaders.Authorization).toBe('Bearer abc');
    expect(sent?.requestHeaders['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(progress).toEqual([0.5, 1]);
  });

  it('turns refusals into the app error with the server detail and reason', async () => {
    FakeXhr.reset({ status: 409, body: { detail: 'This email address is already registered', reason: 'email_taken' } });
    const result = await sendWithProgress({ method: 'POST', path: '/designers', body: {}, createRequest: create });
    expect(result.error).toMatchObject({ kind: 'http', status: 409, reason: 'email_taken', detail: 'This email address is already registered' });
  });

  it('reports a network failure', async () => {
    FakeXhr.reset('network');
    const result = await sendWithProgress({ method: 'POST', path: '/designers', body: {}, createRequest: create });
    expect(result.error).toMatchObject({ kind: 'network', status: null });
  });
});
