import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/offline/db';
import { AVAILABILITY_KIND, availabilityBody, availabilityQueue, conflictsOf, designerIdOf, slotsOf } from './queued';

const monday = [{ day_of_week: 0, start_time: '09:00', end_time: '12:00', is_active: true }];
const tuesday = [{ day_of_week: 1, start_time: '14:00', end_time: '18:00', is_active: true }];
const conflict = { id: 12, datetime: '2027-03-02T10:00:00+01:00', date: '2027-03-02', time: '10:00', status: 'pending', customer_name: 'Anna Neri' };

function entry(seq: number, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq, key: `k${seq}`, kind: AVAILABILITY_KIND, entity: 'availability:5', method: 'PUT', path: '/api/appointments/availability/5',
    body: availabilityBody(monday), userId: '9', createdAt: seq, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending',
    claimedBy: null, claimedAt: null, sentAt: null, response: null, needsReview: false, reviewedAt: null, ...patch,
  };
}

describe('availability queue', () => {
  it('reads the week of a body, bare or wrapped, and refuses anything else', () => {
    expect(slotsOf(availabilityBody(monday, [3]))).toEqual(monday);
    expect(slotsOf(monday)).toEqual(monday);
    expect(slotsOf({ slots: [{ day_of_week: '0' }] })).toBeNull();
    expect(slotsOf(null)).toBeNull();
    expect(availabilityBody(monday, [3, 4])).toEqual({ slots: monday, keep: [3, 4] });
  });

  it('keeps only well-formed conflicts', () => {
    expect(conflictsOf({ conflicts: [conflict, { id: 'x' }] })).toEqual([conflict]);
    expect(conflictsOf(undefined)).toEqual([]);
    expect(conflictsOf({ conflicts: 'many' })).toEqual([]);
  });

  it('shows the newest unanswered week, ignoring sent entries and other designers', () => {
    expect(designerIdOf({ entity: 'availability:5' })).toBe(5);
    expect(designerIdOf({ entity: 'appointment:5' })).toBeNull();
    const entries = [
      entry(1, { state: 'sent' }),
      entry(2, { body: availabilityBody(tuesday) }),
      entry(3, { state: 'sending' }),
      entry(4, { entity: 'availability:6', body: availabilityBody(tuesday) }),
      entry(5, { kind: 'appointment.cancel', entity: 'availability:5', body: {} }),
    ];
    const queue = availabilityQueue(entries, 5);
    expect(queue.queued?.seq).toBe(3);
    expect(queue.refused).toBeNull();
    expect(queue.conflicts).toEqual([]);
    expect(availabilityQueue(entries, 6).queued?.seq).toBe(4);
  });

  it('a refusal is the last word: the overlay goes (rolled back) and its conflicts are listed', () => {
    const refused = entry(2, { state: 'failed', lastError: { status: 409, reason: 'availability_conflict', message: 'No', detail: null, extra: { conflicts: [conflict] } } });
    const queue = availabilityQueue([entry(3), refused], 5);
    expect(queue.queued).toBeNull();
    expect(queue.refused?.seq).toBe(2);
    expect(queue.conflicts).toEqual([conflict]);
    // A sent entry brings no queued week back.
    expect(availabilityQueue([refused, entry(1, { state: 'sent' })], 5).queued).toBeNull();
    const later = availabilityQueue([entry(1, { state: 'failed', lastError: null })], 5);
    expect(later.refused?.seq).toBe(1);
    expect(later.conflicts).toEqual([]);
  });
});
