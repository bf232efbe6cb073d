import { api } from '../../shared/api/api';
import type { Schemas } from '../../shared/api/contract';
import { defineCommand, type CommandDispatch } from '../../shared/offline/command';
import type { OutboxEntry } from '../../shared/offline/db';
import { appointmentsApi, type BookingRequest, type CustomerAppointment } from './api/appointmentsApi';
import { BOOK_KIND, bookingEntity, queuedBookingOf, type BookingRequestMeta } from './lib/bookingRequests';
import { DESIGNER_ACTION_KINDS, type DesignerAction } from './lib/designerActions';

/**
 * The writes of the appointments feature. Each goes through the outbox (entity `appointment:<id>`
 * or `booking:<designer>`, so the steps of one appointment replay in order with their own
 * Idempotency-Keys); the app registers them at start, so they reconcile whichever screen is open.
 */

function isAppointment(value: unknown): value is CustomerAppointment {
  return typeof value === 'object' && value !== null && typeof (value as CustomerAppointment).appointment_id === 'number';
}

function designerOf(entry: OutboxEntry): number | undefined {
  return queuedBookingOf({ ...entry, state: 'pending' })?.designerId;
}

/**
 * A customer books a slot. The server decides when the request arrives: accepted, the appointment
 * joins the cached list; refused because the slot went, the entry keeps the nearest free slots the
 * server offered (QueuedBooking.alternatives) and the designer's slots are read again.
 */
export const bookAppointment = defineCommand<{ body: BookingRequest; meta: BookingRequestMeta }>({
  kind: BOOK_KIND,
  entity: ({ body }) => bookingEntity(body.designer_id),
  method: 'POST',
  path: () => '/api/appointments/',
  body: ({ body }) => body,
  meta: ({ meta }) => meta,
  onSent: (dispatch, response, entry) => {
    if (isAppointment(response)) {
      dispatch(
        appointmentsApi.util.updateQueryData('customerAppointments', undefined, (draft) => {
          if (!draft.appointments.some((a) => a.appointment_id === response.appointment_id)) draft.appointments.push(response);
        }),
      );
    }
    const designerId = designerOf(entry);
    dispatch(api.util.invalidateTags(['Appointment', ...(designerId ? [{ type: 'Slot' as const, id: designerId }] : [])]));
  },
  onRefused: (dispatch, _error, entry) => {
    const designerId = designerOf(entry);
    if (designerId) dispatch(api.util.invalidateTags([{ type: 'Slot', id: designerId }]));
  },
});

/** Lists and slots are read again whether a step was sent or refused (a refusal brings the real status). */
function reload(dispatch: CommandDispatch): void {
  dispatch(api.util.invalidateTags(['Appointment', 'Slot']));
}

/** A customer cancels a pending request; the card shows it on its way and offers Riprova if refused. */
export const cancelAppointment = defineCommand<{ appointmentId: number }>({
  kind: 'appointment.cancel',
  entity: ({ appointmentId }) => `appointment:${appointmentId}`,
  method: 'PUT',
  path: ({ appointmentId }) => `/api/appointments/${appointmentId}/cancel`,
  body: () => ({}) satisfies Schemas['LifecycleBody'],
  onSent: (dispatch) => reload(dispatch),
  onRefused: (dispatch) => reload(dispatch),
});

function designerStep(action: DesignerAction) {
  return defineCommand<{ appointmentId: number; reason?: string }>({
    kind: DESIGNER_ACTION_KINDS[action],
    entity: ({ appointmentId }) => `appointment:${appointmentId}`,
    method: 'PUT',
    path: ({ appointmentId }) => `/api/appointments/${appointmentId}/${action}`,
    // A rejection carries the designer's optional reason for the customer (in the e-mail).
    body: ({ reason }) => (action === 'reject' ? { reason: (reason ?? '').trim() } : {}) satisfies Schemas['LifecycleBody'],
    onSent: (dispatch) => reload(dispatch),
    onRefused: (dispatch) => reload(dispatch),
  });
}

/** The designer's lifecycle steps: confirm (brings the call link), reject, complete. */
export const designerSteps = {
  confirm: designerStep('confirm'),
  reject: designerStep('reject'),
  complete: designerStep('complete'),
} as const;

/**
 * A designer deletes a cancelled or completed appointment from the list (DELETE
 * /api/appointments/{id}). Never kept on the device (keep: 'never'): the card waits for the answer
 * (a 404 or 409 means it is already gone and the list is read again), so offline it says at once
 * that the deletion needs the connection.
 */
export const deleteAppointment = defineCommand<{ appointmentId: number }>({
  kind: 'appointment.delete',
  keep: 'never',
  entity: ({ appointmentId }) => `appointment:${appointmentId}`,
  method: 'DELETE',
  path: ({ appointmentId }) => `/api/appointments/${appointmentId}`,
  onSent: (dispatch) => reload(dispatch),
});

export const appointmentCommands = [
  bookAppointment,
  cancelAppointment,
  designerSteps.confirm,
  designerSteps.reject,
  designerSteps.complete,
  deleteAppointment,
];
