import type { AppError } from '../../../shared/api/errors';
import type { OutboxError } from '../../../shared/offline/db';
import type { PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';
import type { Slot } from '../api/appointmentsApi';

/** What the booking modal does with a refused booking. */
export interface BookingFailure {
  message: PlainKey;
  /** Up to three nearest free slots the server suggested (409). */
  alternatives: Slot[];
  /** The slots on screen are out of date: reload them. */
  reloadSlots: boolean;
  /** The session is over: ask the person to sign in again. */
  needsLogin: boolean;
}

function isSlot(value: unknown): value is Slot {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.datetime === 'string' && typeof v.date === 'string' && typeof v.time === 'string';
}

/** The nearest free slots a refused booking carries (the answer's `alternatives`), at most three. */
export function alternativesOf(extra: Record<string, unknown> | undefined): Slot[] {
  const list = extra?.alternatives;
  return Array.isArray(list) ? list.filter(isSlot).slice(0, 3) : [];
}

const CREDENTIALS = /unauthori[sz]ed|credential|token|not authenticated|401/i;
const TAKEN = /not available|no longer available|non è più disponibile|occupied|occupato|slot taken|taken/i;

/**
 * A refused booking: an AppError, or the OutboxError of a bookAppointment command the server refused
 * (always an HTTP answer, so it carries no kind).
 */
export type BookingError = Pick<AppError, 'status' | 'reason' | 'detail'> & { kind?: AppError['kind']; extra?: OutboxError['extra'] };

/**
 * Maps a booking error to the spec's texts (customer spec, section 8): an expired session, a slot no
 * longer available (with the alternatives), the two refusals Interno adds (own profile, too many
 * bookings with one designer), and the generic failure for anything else.
 */
export function bookingFailure(error: BookingError): BookingFailure {
  const alternatives = alternativesOf(error.extra);
  const base = { alternatives: [] as Slot[], reloadSlots: false, needsLogin: false };
  if (error.status === 401 || (error.status === 403 && CREDENTIALS.test(error.detail ?? ''))) {
    return { ...base, message: 'appointments.book.sessionExpired', needsLogin: true };
  }
  if (error.reason === 'booking_limit') return { ...base, message: 'appointments.book.limit' };
  if (error.reason === 'own_profile') return { ...base, message: 'appointments.book.ownProfile' };
  if (error.reason === 'slot_taken' || error.reason === 'slot_unavailable' || (error.status === 409 && TAKEN.test(error.detail ?? ''))) {
    return { ...base, message: 'appointments.book.unavailable', alternatives, reloadSlots: true };
  }
  if (error.kind !== undefined && error.kind !== 'http') return { ...base, message: 'appointments.book.offline' };
  return { ...base, message: 'appointments.book.failed' };
}
