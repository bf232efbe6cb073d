import { api } from '../../../shared/api/api';

/** A bookable slot: the instant with the business zone's offset, and its local date and time. */
export interface Slot {
  datetime: string;
  date: string;
  time: string;
}

export interface AvailableSlots {
  designer_id: number;
  start_date: string;
  end_date: string;
  timezone: string;
  slot_minutes: number;
  slots: Slot[];
}

export type AppointmentStatus = 'pending' | 'confirmed' | 'cancelled' | 'completed';

/** An appointment as its customer sees it (GET /api/appointments/user). */
export interface CustomerAppointment {
  appointment_id: number;
  designer_id: number;
  appointment_date: string;
  end_date: string;
  duration_minutes: number;
  status: AppointmentStatus | string;
  designer_name: string;
  designer_email: string;
  designer_profile_picture: string;
  call_link: string;
  designer_notes: string;
  reason: string;
  cancelled_by: string;
  message: string;
  user_phone: string;
}

/** An appointment as its designer sees it (GET /api/appointments/designer). */
export interface DesignerAppointment {
  appointment_id: number;
  designer_id: number;
  appointment_date: string;
  end_date: string;
  duration_minutes: number;
  status: AppointmentStatus | string;
  user_name: string;
  user_email: string;
  user_phone: string;
  message: string;
  designer_notes: string;
  call_link: string;
  reason: string;
  cancelled_by: string;
}

export interface StatusCounts {
  all: number;
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
}

export interface CustomerAppointmentsPage {
  appointments: CustomerAppointment[];
  total: number;
  has_more: boolean;
}

export interface DesignerAppointmentsPage {
  appointments: DesignerAppointment[];
  counts: StatusCounts;
  total: number;
  has_more: boolean;
}

export interface DesignerSummary {
  designer_id: number;
  counts: StatusCounts;
  confirmed_appointments: number;
  availability_settings: number;
}

export interface BookingRequest {
  designer_id: number;
  appointment_date: string;
  message?: string;
  phone?: string;
}

/** The few public fields of a designer the booking page shows. */
export interface BookingDesigner {
  id: number;
  name: string;
  city: string;
  profile_picture: string;
  design_style_label: string;
}

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
    bookAppointment: build.mutation<CustomerAppointment, BookingRequest>({
      query: (body) => ({ url: '/appointments/', method: 'POST', body }),
      invalidatesTags: (_result, _error, { designer_id }) => [{ type: 'Slot', id: designer_id }, 'Appointment'],
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
    deleteAppointment: build.mutation<{ appointment_id: number }, number>({
      query: (id) => ({ url: `/appointments/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Appointment'],
    }),
    bookingDesigner: build.query<BookingDesigner, number>({
      query: (id) => `/designers/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Designer', id }],
    }),
  }),
});

export const {
  useAvailableSlotsQuery,
  useBookAppointmentMutation,
  useCustomerAppointmentsQuery,
  useDesignerAppointmentsQuery,
  useDesignerSummaryQuery,
  useDeleteAppointmentMutation,
  useBookingDesignerQuery,
} = appointmentsApi;
