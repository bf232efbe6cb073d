import { api } from '../../../shared/api/api';
import { useEventStream } from '../../../shared/api/eventStream';
import { useThunkDispatch } from '../../../shared/lib/dispatch';

/** The stream's appointment event: a request booked, confirmed, turned down, cancelled, held or deleted. */
const APPOINTMENT_EVENTS = ['appointment'] as const;

/**
 * Live appointments: while a screen listing appointments is open, every change the server announces
 * on the tab's event stream (a new request for the designer, a confirmation for the customer)
 * refetches the lists and the dashboard counters at once, without a reload; so does the stream
 * reopening after a gap.
 */
export function useAppointmentEvents(): void {
  const dispatch = useThunkDispatch();
  const refetch = (): void => {
    dispatch(api.util.invalidateTags(['Appointment']));
  };
  useEventStream(APPOINTMENT_EVENTS, refetch, refetch);
}
