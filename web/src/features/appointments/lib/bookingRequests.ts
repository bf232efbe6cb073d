import type { OutboxEntry } from '../../../shared/offline/db';
import type { BookingRequest, Slot } from '../api/appointmentsApi';
import { alternativesOf } from './bookingError';

/** The outbox kind of a booking chosen offline: a request the server checks when it arrives. */
export const BOOK_KIND = 'appointment.book';

/** What the screens show of a queued request before the server has it; kept with the entry, never sent. */
export interface BookingRequestMeta {
  designerName: string;
}

/** A booking request still on the device: waiting for the connection, or refused on arrival. */
export interface QueuedBooking {
  entry: OutboxEntry;
  designerId: number;
  designerName: string;
  appointmentDate: string;
  message: string;
  phone: string;
  refused: boolean;
  /** Refused because the slot went: the nearest free slots the server offered instead. */
  slotGone: boolean;
  alternatives: Slot[];
  /** Why it was refused, in Italian. */
  reason: string;
}

export function bookingEntity(designerId: number): string {
  return `booking:${designerId}`;
}

const SLOT_REASONS = new Set(['slot_taken', 'slot_unavailable']);

export function queuedBookingOf(entry: OutboxEntry): QueuedBooking | null {
  if (entry.kind !== BOOK_KIND || entry.state === 'sent') return null;
  const body = entry.body as Partial<BookingRequest> | null;
  if (!body || typeof body.designer_id !== 'number' || typeof body.appointment_date !== 'string') return null;
  const meta = entry.meta as Partial<BookingRequestMeta> | undefined;
  const refused = entry.state === 'failed';
  const error = refused ? entry.lastError : null;
  return {
    entry,
    designerId: body.designer_id,
    designerName: typeof meta?.designerName === 'string' ? meta.designerName : '',
    appointmentDate: body.appointment_date,
    message: body.message ?? '',
    phone: body.phone ?? '',
    refused,
    slotGone: error !== null && SLOT_REASONS.has(error.reason ?? ''),
    alternatives: error ? alternativesOf(error.extra) : [],
    reason: error?.message ?? '',
  };
}

/** The request body for booking another slot with what the person typed for the first one. */
export function rebook(request: QueuedBooking, slot: Slot): BookingRequest {
  return {
    designer_id: request.designerId,
    appointment_date: slot.datetime,
    message: request.message || undefined,
    phone: request.phone || undefined,
  };
}
