import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';

/**
 * One weekly window as the API speaks it: day 0 Monday … 6 Sunday, HH:MM, active or not. The id and
 * day name are optional because the editor builds windows the server has not numbered yet.
 */
export type AvailabilityWindow = Narrowed<
  Schemas['WindowView'],
  'id' | 'day_of_week' | 'day_name' | 'start_time' | 'end_time' | 'is_active',
  { id?: number; day_name?: string }
>;

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
