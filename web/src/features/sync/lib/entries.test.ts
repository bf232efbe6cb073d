import '../../../shared/i18n/parts/sync';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/offline/db';
import { entryActions, entryLabelKey, entryState, refusalsToAnnounce, registerKindLabel, sortForPage } from './entries';

function entry(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    seq: 1, key: 'k', kind: 'x', entity: 'e', method: 'POST', path: '/api/x', body: null, userId: '7',
    createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending', claimedBy: null,
    claimedAt: null, sentAt: null, response: null, needsReview: false, reviewedAt: null, ...over,
  };
}

describe('sync entries', () => {
  it('maps outbox states to what a person sees', () => {
    expect(entryState(entry({}))).toBe('pending');
    expect(entryState(entry({ needsReview: true }))).toBe('review');
    expect(entryState(entry({ state: 'sending' }))).toBe('sending');
    expect(entryState(entry({ state: 'sent' }))).toBe('sent');
    expect(entryState(entry({ state: 'failed', needsReview: true }))).toBe('failed');
  });

  it('offers retry only for refused actions and never touches one being sent or already sent', () => {
    expect(entryActions('failed')).toEqual({ retry: true, discard: true, confirm: false });
    expect(entryActions('review')).toEqual({ retry: false, discard: true, confirm: true });
    expect(entryActions('sending')).toEqual({ retry: false, discard: false, confirm: false });
    expect(entryActions('sent')).toEqual({ retry: false, discard: false, confirm: false });
  });

  it('names known kinds and falls back to the method for unknown ones', () => {
    expect(entryLabelKey({ kind: 'appointment.cancel', method: 'PUT' })).toBe('sync.kind.appointmentCancel');
    expect(entryLabelKey({ kind: 'mystery', method: 'DELETE' })).toBe('sync.kind.delete');
    registerKindLabel('mystery', 'sync.kind.designerUpdate');
    expect(entryLabelKey({ kind: 'mystery', method: 'DELETE' })).toBe('sync.kind.designerUpdate');
  });

  it('lists open entries first, newest first', () => {
    const sorted = sortForPage([entry({ seq: 1 }), entry({ seq: 2, state: 'sent' }), entry({ seq: 3, state: 'failed' })]);
    expect(sorted.map((e) => e.seq)).toEqual([3, 1, 2]);
  });

  it('announces each refusal once, not the ones on record at start, and not those a screen explains itself', () => {
    const old = entry({ seq: 1, state: 'failed', failedAt: 500 });
    const justNow = entry({ seq: 4, state: 'failed', failedAt: 1000 });
    // First look: only what was refused since the page opened (at 1000).
    const first = refusalsToAnnounce([old, entry({ seq: 2 }), justNow], null, 1000);
    expect(first.fresh.map((e) => e.seq)).toEqual([4]);
    const like = entry({ seq: 2, kind: 'like.toggle', state: 'failed', failedAt: 2000 });
    const week = entry({ seq: 3, kind: 'availability.update', state: 'failed', failedAt: 2000 });
    const second = refusalsToAnnounce([old, like, week, justNow], first.failed, 1000);
    expect(second.fresh.map((e) => e.seq)).toEqual([2]);
    expect(refusalsToAnnounce([old, like, week, justNow], second.failed, 1000).fresh).toEqual([]);
    // Retried and refused again: announced again.
    const afterRetry = refusalsToAnnounce([old, entry({ seq: 2, kind: 'like.toggle' })], second.failed, 1000);
    expect(refusalsToAnnounce([old, like], afterRetry.failed, 1000).fresh.map((e) => e.seq)).toEqual([2]);
  });
});
