import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';

/** A bookable slot: the instant with the business zone's offset, and its local date and time. */
export type Slot = Schemas['SlotInfo'];

export type AvailableSlots = Schemas['SlotsView'];

/** An appointment as its customer sees it (GET /api/appointments/user). */
export type CustomerAppointment = Schemas['CustomerAppointmentView'];

/** An appointment as its designer sees it (GET /api/appointments/designer). */
export type DesignerAppointment = Schemas['DesignerAppointmentView'];

export type StatusCounts = Schemas['CountsByStatus'];

export type CustomerAppointmentsPage = Schemas['CustomerAppointmentsView'];

export type DesignerAppointmentsPage = Schemas['DesignerAppointmentsView'];

export type DesignerSummary = Schemas['DesignerSummaryView'];

/**
 * POST /api/appointments/ as the web sends it: the server also accepts a numeric string id and
 * user_phone, the web always sends a number, the chosen slot's instant and (maybe) phone.
 */
export type BookingRequest = Narrowed<
  Schemas['BookingRequest'],
  'designer_id' | 'appointment_date' | 'message' | 'phone',
  { designer_id: number; appointment_date: string }
>;

/** The few public fields of a designer the booking page shows. */
export type BookingDesigner = Pick<Schemas['DesignerView'], 'id' | 'name' | 'city' | 'profile_picture' | 'design_style_label'>;

/** The tabs of 'I Miei Appuntamenti'; "all" includes cancelled appointments. */
export type DesignerTab = 'all' | 'pending' | 'confirmed' | 'completed';

/** How many appointments one list call brings; the server's maximum. */
export const LIST_LIMIT = 100;

/**
 * Scheduling endpoints. Slots are live: the response cache does not keep them (the booking modal keeps
 * the last slots seen per designer itself, for offline requests). The customer's list is
 * kept in IndexedDB by the base query, so a confirmed call's time and link open offline.
 */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    availableSlots: build.query<AvailableSlots, { designerId: number; startDate: string; endDate: string }>({
      query: ({ designerId, startDate, endDate }) => ({
        url: `/appointments/available-slots/${designerId}`,
        params: { start_date: startDate, end_date: endDate },
      }),
      extraOptions: { offlineCache: false },
      providesTags: (_result, _error, { designerId }) => [{ type: 'Slot', id: designerId }],
    }),
    customerAppointments: build.query<CustomerAppointmentsPage, void>({
      query: () => ({ url: '/appointments/user', params: { limit: LIST_LIMIT } }),
      providesTags: ['Appointment'],
    }),
    designerAppointments: build.query<DesignerAppointmentsPage, DesignerTab>({
      query: (tab) => ({ url: '/appointments/designer', params: { status: tab === 'all' ? undefined : tab, limit: LIST_LIMIT } }),
      providesTags: ['Appointment'],
    }),
    designerSummary: build.query<DesignerSummary, void>({
      query: () => '/appointments/designer/summary',
      providesTags: ['Appointment', 'Availability'],
    }),
    bookingDesigner: build.query<BookingDesigner, number>({
      query: (id) => `/designers/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Designer', id }],
    }),
  }),
});

export const {
  useAvailableSlotsQuery,
  useCustomerAppointmentsQuery,
  useDesignerAppointmentsQuery,
  useDesignerSummaryQuery,
  useBookingDesignerQuery,
} = appointmentsApi;
