import { api } from '../../../shared/api/api';

/** One weekly window as the API speaks it: day 0 Monday … 6 Sunday, HH:MM, active or not. */
export interface AvailabilityWindow {
  id?: number;
  day_of_week: number;
  day_name?: string;
  start_time: string;
  end_time: string;
  is_active: boolean;
}

/**
 * A designer's weekly availability: read by anyone, written by the profile's owner. Writes go through
 * the outbox (hooks/useAvailabilityQueue), not a mutation, so they survive going offline.
 */
export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    weeklyAvailability: build.query<AvailabilityWindow[], number>({
      query: (designerId) => `/appointments/availability/${designerId}`,
      providesTags: (_result, _error, designerId) => [{ type: 'Availability', id: designerId }],
    }),
  }),
});

export const { useWeeklyAvailabilityQuery } = availabilityApi;
