import { describe, expect, it } from 'vitest';
import { httpError, transportError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import { bookingFailure } from './bookingError';

const alternatives = [
  { datetime: '2026-03-10T10:00:00+01:00', date: '2026-03-10', time: '10:00' },
  { datetime: '2026-03-10T11:00:00+01:00', date: '2026-03-10', time: '11:00' },
  { datetime: '2026-03-11T09:00:00+01:00', date: '2026-03-11', time: '09:00' },
  { datetime: 'not a slot' },
];

describe('bookingFailure', () => {
  it('offers the alternatives and reloads the slots when the slot is gone', () => {
    const failure = bookingFailure(httpError(409, { detail: 'The selected time is no longer available (slot taken)', reason: 'slot_taken', alternatives }));
    expect(t(failure.message)).toBe("L'orario selezionato non è più disponibile. Seleziona un altro orario.");
    expect(failure.alternatives.map((s) => s.time)).toEqual(['10:00', '11:00', '09:00']);
    expect(failure.reloadSlots).toBe(true);
  });

  it('treats a slot that is not offered, or an "occupied" detail, the same way', () => {
    expect(bookingFailure(httpError(409, { detail: 'x', reason: 'slot_unavailable', alternatives: [] })).reloadSlots).toBe(true);
    expect(t(bookingFailure(httpError(409, { detail: 'Slot occupied' })).message)).toContain('non è più disponibile');
  });

  it('asks to sign in again on 401', () => {
    const failure = bookingFailure(httpError(401, { detail: 'Invalid or expired token', reason: 'token_invalid' }));
    expect(t(failure.message)).toBe("Sessione scaduta. Effettua nuovamente l'accesso.");
    expect(failure.needsLogin).toBe(true);
  });

  it('explains the two refusals Interno adds', () => {
    expect(t(bookingFailure(httpError(409, { detail: 'x', reason: 'booking_limit' })).message)).toContain('3 appuntamenti');
    expect(t(bookingFailure(httpError(400, { detail: 'x', reason: 'own_profile' })).message)).toContain('tuo stesso profilo');
  });

  it('falls back to the generic text, and to the offline text without an answer', () => {
    expect(t(bookingFailure(httpError(500, { detail: 'Internal error' })).message)).toBe('Errore durante la prenotazione. Riprova.');
    expect(t(bookingFailure(httpError(422, { detail: [{ loc: ['body', 'phone'], msg: 'bad' }] })).message)).toBe('Errore durante la prenotazione. Riprova.');
    expect(bookingFailure(transportError('network')).message).toBe('appointments.book.offline');
  });
});
