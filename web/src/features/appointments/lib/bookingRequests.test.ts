import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/offline/db';
import { queuedBookingOf, rebook } from './bookingRequests';

function entry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq: 1, key: 'k', kind: 'appointment.book', entity: 'booking:7', method: 'POST', path: '/api/appointments/',
    body: { designer_id: 7, appointment_date: '2027-03-02T09:00:00+01:00', message: 'Bagno', phone: '+39 333 1234567' },
    meta: { designerName: 'Sofia Marino' }, userId: '5', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending',
    claimedBy: null, claimedAt: null, sentAt: null, response: null, needsReview: false, reviewedAt: null, ...over,
  };
}

const alternatives = [
  { datetime: '2027-03-02T10:00:00+01:00', date: '2027-03-02', time: '10:00' },
  { datetime: '2027-03-02T11:00:00+01:00', date: '2027-03-02', time: '11:00' },
  { bogus: true },
];

describe('queued booking requests', () => {
  it('reads a waiting request with what the person typed and the designer name kept on the device', () => {
    expect(queuedBookingOf(entry())).toMatchObject({
      designerId: 7, designerName: 'Sofia Marino', appointmentDate: '2027-03-02T09:00:00+01:00', message: 'Bagno',
      phone: '+39 333 1234567', refused: false, slotGone: false, alternatives: [],
    });
  });

  it('a refusal because the slot went carries the valid alternatives; another refusal only its reason', () => {
    const gone = queuedBookingOf(entry({ state: 'failed', lastError: { status: 409, reason: 'slot_taken', message: 'Preso', detail: null, extra: { alternatives } } }));
    expect(gone?.slotGone).toBe(true);
    expect(gone?.alternatives.map((s) => s.time)).toEqual(['10:00', '11:00']);
    const limit = queuedBookingOf(entry({ state: 'failed', lastError: { status: 409, reason: 'booking_limit', message: 'Troppi', detail: null } }));
    expect(limit).toMatchObject({ refused: true, slotGone: false, reason: 'Troppi', alternatives: [] });
  });

  it('ignores sent entries, other kinds and malformed bodies', () => {
    expect(queuedBookingOf(entry({ state: 'sent' }))).toBeNull();
    expect(queuedBookingOf(entry({ kind: 'appointment.cancel' }))).toBeNull();
    expect(queuedBookingOf(entry({ body: { designer_id: '7' } }))).toBeNull();
  });

  it('books another slot with the same message and phone', () => {
    const request = queuedBookingOf(entry());
    expect(request && rebook(request, alternatives[1] as never)).toEqual({
      designer_id: 7, appointment_date: '2027-03-02T11:00:00+01:00', message: 'Bagno', phone: '+39 333 1234567',
    });
  });
});
