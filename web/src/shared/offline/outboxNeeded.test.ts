import { describe, expect, it, vi } from 'vitest';
import { loadOffline, onOutboxNeeded } from './lazy';
import { enqueueAction, installOutbox } from './outboxService';

describe('an action queued before the outbox is installed', () => {
  it('asks the app to install the outbox at once, and not when it is installed', async () => {
    const start = vi.fn();
    onOutboxNeeded(start);
    await enqueueAction({ kind: 'share', entity: 'designer:1', method: 'POST', path: '/api/shares', body: {}, userId: '' });
    expect(start).toHaveBeenCalledTimes(1);

    const { db } = await loadOffline();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const stop = installOutbox({ database: db, getSession: () => null, onUnauthorized: () => undefined });
    try {
      await enqueueAction({ kind: 'share', entity: 'designer:2', method: 'POST', path: '/api/shares', body: {}, userId: '' });
      expect(start).toHaveBeenCalledTimes(1);
    } finally {
      await stop();
      vi.unstubAllGlobals();
      onOutboxNeeded(() => undefined);
    }
  });
});
