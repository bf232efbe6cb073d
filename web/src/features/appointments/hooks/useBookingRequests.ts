import { useCallback, useMemo } from 'react';
import { useCommand, type Sending, type SendOptions } from '../../../shared/offline/command';
import { discardAction } from '../../../shared/offline/outboxService';
import { useQueued } from '../../../shared/offline/useQueued';
import type { BookingRequest } from '../api/appointmentsApi';
import { bookAppointment } from '../commands';
import { bookingEntity, queuedBookingOf, type BookingRequestMeta, type QueuedBooking } from '../lib/bookingRequests';

export interface BookingRequests {
  /** The signed-in person's requests not yet accepted by the server, oldest first. */
  requests: QueuedBooking[];
  /** Books: sent at once online (the outcome says what the server answered), queued offline. */
  request: (body: BookingRequest, meta: BookingRequestMeta, options?: SendOptions) => Promise<Sending>;
  /** Drops a request (refused, or still waiting: then it never goes out). */
  dismiss: (request: QueuedBooking) => Promise<void>;
}

export interface BookingRequestsOptions {
  /** Only this designer's requests. */
  designerId?: number;
  /** false: read nothing (a closed modal). */
  enabled?: boolean;
}

const BOOK = [bookAppointment];

/**
 * Booking requests still on this device (customer side): waiting for the connection, or refused on
 * arrival with the nearest free slots the server offered, for the screens to propose. The
 * bookAppointment command (../commands.ts) reconciles them.
 */
export function useBookingRequests({ designerId, enabled = true }: BookingRequestsOptions = {}): BookingRequests {
  const entries = useQueued({
    commands: BOOK,
    enabled,
    ...(designerId === undefined ? { entityPrefix: 'booking:' } : { entity: bookingEntity(designerId) }),
  });
  const requests = useMemo(() => entries.map(queuedBookingOf).filter((request): request is QueuedBooking => request !== null), [entries]);
  const book = useCommand(bookAppointment);
  const request = useCallback(
    (body: BookingRequest, meta: BookingRequestMeta, options?: SendOptions) => book({ body, meta }, options),
    [book],
  );
  const dismiss = useCallback(async (queued: QueuedBooking) => discardAction(queued.entry.seq), []);
  return { requests, request, dismiss };
}
