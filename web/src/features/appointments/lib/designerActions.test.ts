import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/offline/db';
import type { DesignerAppointment, StatusCounts } from '../api/appointmentsApi';
import { applyQueuedActions, cardActionState } from './designerActions';

function appointment(id: number, status: string): DesignerAppointment {
  return {
    appointment_id: id, designer_id: 7, appointment_date: `2027-03-0${id}T09:00:00+01:00`, end_date: '', duration_minutes: 60, status,
    user_name: `Cliente ${id}`, user_email: `c${id}@example.com`, user_phone: '', message: '', designer_notes: '', call_link: '', reason: '', cancelled_by: '',
    id, created_at: '', updated_at: '',
  };
}

let seq = 0;
function entry(id: number, kind: string, over: Partial<OutboxEntry> = {}): OutboxEntry {
  seq += 1;
  return {
    seq, key: `k${seq}`, kind, entity: `appointment:${id}`, method: 'PUT', path: `/api/appointments/${id}/x`, body: {}, userId: '9',
    createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending', claimedBy: null, claimedAt: null, sentAt: null,
    response: null, needsReview: false, reviewedAt: null, ...over,
  };
}

const network = { status: null, reason: null, message: 'Connessione assente', detail: null };
const counts: StatusCounts = { all: 3, pending: 2, confirmed: 1, completed: 0, cancelled: 0 };

describe('cardActionState', () => {
  it('shows the busy label while the first attempt runs online, without moving the card', () => {
    const view = cardActionState(appointment(1, 'pending'), [entry(1, 'appointment.confirm', { state: 'sending' })], true);
    expect(view).toMatchObject({ busy: 'confirm', queued: null, status: 'pending' });
  });

  it('moves the card once the step waits for the connection (offline, or an attempt that did not arrive)', () => {
    expect(cardActionState(appointment(1, 'pending'), [entry(1, 'appointment.confirm')], false)).toMatchObject({ busy: null, queued: 'confirm', status: 'confirmed' });
    expect(cardActionState(appointment(1, 'pending'), [entry(1, 'appointment.reject', { lastError: network })], true)).toMatchObject({ queued: 'reject', status: 'cancelled' });
  });

  it('applies chained steps in order and ignores other appointments, other kinds and sent entries', () => {
    const entries = [
      entry(1, 'appointment.confirm'), entry(1, 'appointment.complete'), entry(2, 'appointment.confirm'),
      entry(1, 'appointment.cancel'), entry(1, 'appointment.reject', { state: 'sent' }),
    ];
    expect(cardActionState(appointment(1, 'pending'), entries, false)).toMatchObject({ queued: 'complete', status: 'completed' });
  });

  it('a refused step leaves the server status and carries the reason', () => {
    const refused = { status: 409, reason: 'invalid_transition', message: "L'appuntamento ora risulta annullato: questa azione non è più possibile.", detail: null };
    const view = cardActionState(appointment(1, 'cancelled'), [entry(1, 'appointment.confirm', { state: 'failed', lastError: refused })], true);
    expect(view.status).toBe('cancelled');
    expect(view.busy).toBeNull();
    expect(view.failed?.action).toBe('confirm');
    expect(view.failed?.error.message).toContain('annullato');
  });
});

describe('applyQueuedActions', () => {
  const pendingList = [appointment(1, 'pending'), appointment(2, 'pending')];
  const confirmedList = [appointment(3, 'confirmed')];

  it('a card confirmed offline leaves In attesa, appears under Confermati, and the counters move', () => {
    const entries = [entry(1, 'appointment.confirm')];
    const known = [...pendingList, ...confirmedList];
    const pending = applyQueuedActions('pending', pendingList, counts, known, entries, false);
    expect(pending.appointments.map((a) => a.appointment_id)).toEqual([2]);
    expect(pending.counts).toEqual({ all: 3, pending: 1, confirmed: 2, completed: 0, cancelled: 0 });
    const confirmed = applyQueuedActions('confirmed', confirmedList, counts, known, entries, false);
    expect(confirmed.appointments.map((a) => a.appointment_id)).toEqual([3, 1]);
    const all = applyQueuedActions('all', [...pendingList, ...confirmedList], counts, known, entries, false);
    expect(all.appointments).toHaveLength(3);
  });

  it('changes nothing while the step is only busy online, or once it was refused', () => {
    const busy = applyQueuedActions('pending', pendingList, counts, pendingList, [entry(1, 'appointment.confirm')], true);
    expect(busy.appointments.map((a) => a.appointment_id)).toEqual([1, 2]);
    expect(busy.counts).toEqual(counts);
    const refused = applyQueuedActions('pending', pendingList, counts, pendingList, [entry(1, 'appointment.confirm', { state: 'failed', lastError: network })], false);
    expect(refused.appointments.map((a) => a.appointment_id)).toEqual([1, 2]);
  });
});
