import type { Request } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The attempts of one action after a lost answer: every attempt carried the same Idempotency-Key,
 * and the last one was answered 2xx from the server's stored response (Idempotent-Replayed: true).
 */
export async function expectOneKeyAndReplay(requests: Request[]): Promise<void> {
  expect(requests.length).toBeGreaterThan(0);
  const keys = new Set(await Promise.all(requests.map(async (request) => (await request.allHeaders())['idempotency-key'])));
  expect(keys.size).toBe(1);
  expect([...keys][0]).toBeTruthy();
  const last = await requests[requests.length - 1]?.response();
  expect(last?.ok()).toBe(true);
  expect((await last?.allHeaders())?.['idempotent-replayed']).toBe('true');
}
