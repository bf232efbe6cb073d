import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../../../shared/api/api';
import { db } from '../../../shared/offline/db';
import { discardAction, enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { appointmentsApi, type BookingRequest, type CustomerAppointment } from '../api/appointmentsApi';
import { BOOK_KIND, bookingEntity, queuedBookingOf, type BookingRequestMeta, type QueuedBooking } from '../lib/bookingRequests';

export interface BookingRequests {
  /** The signed-in person's requests not yet accepted by the server, oldest first. */
  requests: QueuedBooking[];
  /** Queues a booking chosen offline; it goes out as soon as the connection is back. */
  request: (body: BookingRequest, meta: BookingRequestMeta) => Promise<void>;
  /** Drops a request (refused, or still waiting: then it never goes out). */
  dismiss: (request: QueuedBooking) => Promise<void>;
}

/** RTK Query cache updates are thunks over the api slice; this feature may not name the root state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const useCacheDispatch = useDispatch.withTypes<ThunkDispatch<any, unknown, UnknownAction>>();

function isAppointment(value: unknown): value is CustomerAppointment {
  return typeof value === 'object' && value !== null && typeof (value as CustomerAppointment).appointment_id === 'number';
}

export interface BookingRequestsOptions {
  /** Only this designer's requests. */
  designerId?: number;
  /** false: read nothing (a closed modal). */
  enabled?: boolean;
}

/** One handler per kind for the whole app, however many screens use the hook at once. */
let handlerUsers = 0;
let stopHandler: (() => void) | null = null;

function useBookingHandler(dispatch: ReturnType<typeof useCacheDispatch>): void {
  useEffect(() => {
    handlerUsers += 1;
    if (handlerUsers === 1) {
      stopHandler = registerOutboxHandler(BOOK_KIND, {
        onSent: (response, entry) => {
          if (isAppointment(response)) {
            dispatch(
              appointmentsApi.util.updateQueryData('customerAppointments', undefined, (draft) => {
                if (!draft.appointments.some((a) => a.appointment_id === response.appointment_id)) draft.appointments.push(response);
              }),
            );
          }
          const designerId = queuedBookingOf({ ...entry, state: 'pending' })?.designerId;
          dispatch(api.util.invalidateTags(['Appointment', ...(designerId ? [{ type: 'Slot' as const, id: designerId }] : [])]));
        },
        onFailed: (_error, entry) => {
          const designerId = queuedBookingOf({ ...entry, state: 'pending' })?.designerId;
          if (designerId) dispatch(api.util.invalidateTags([{ type: 'Slot', id: designerId }]));
        },
      });
    }
    return () => {
      handlerUsers -= 1;
      if (handlerUsers === 0) {
        stopHandler?.();
        stopHandler = null;
      }
    };
  }, [dispatch]);
}

/**
 * Bookings chosen offline (customer side). The server decides when the request arrives: accepted,
 * the real appointment takes the request's place in the list; refused because the slot went, the
 * entry keeps the nearest free slots the server offered, for the screens to propose.
 */
export function useBookingRequests({ designerId, enabled = true }: BookingRequestsOptions = {}): BookingRequests {
  const dispatch = useCacheDispatch();
  const userId = useSelector((state: WithSession) => selectUserId(state));
  useBookingHandler(dispatch);

  const requests = useLiveQuery(
    async () =>
      !enabled
        ? []
        : (await db.outbox.where('entity').startsWith(designerId === undefined ? 'booking:' : bookingEntity(designerId)).toArray())
        .filter((entry) => entry.userId === (userId ?? '') && (designerId === undefined || entry.entity === bookingEntity(designerId)))
        .sort((a, b) => a.seq - b.seq)
        .map(queuedBookingOf)
        .filter((request): request is QueuedBooking => request !== null),
    [userId, designerId, enabled],
    [] as QueuedBooking[],
  );

  const request = useCallback(async (body: BookingRequest, meta: BookingRequestMeta) => {
    await enqueueAction({
      kind: BOOK_KIND,
      entity: bookingEntity(body.designer_id),
      method: 'POST',
      path: '/api/appointments/',
      body,
      meta,
      userId: userId ?? '',
    });
  }, [userId]);
  const dismiss = useCallback(async (queued: QueuedBooking) => discardAction(queued.entry.seq), []);
  return { requests, request, dismiss };
}
