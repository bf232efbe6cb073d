import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';

/**
 * Every cache tag the app uses, declared once so features that inject endpoints agree on names.
 */
export const TAG_TYPES = [
  'Config',
  'Questionnaire',
  'Profile',
  'Designer',
  'Match',
  'Contact',
  'Message',
  'Appointment',
  'Slot',
  'Availability',
  'Like',
  'Share',
  'EmailStats',
  'AdminStats',
  'AdminUser',
  'AdminDesigner',
  'PushDevice',
  'PushPreferences',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one RTK Query API of the app. Features add their endpoints with
 * `api.injectEndpoints({ endpoints: (build) => ({ ... }) })` in their own `api/` folder.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TAG_TYPES,
  // When the connection returns, every screen on display asks again: saved copies shown offline are
  // refreshed and a list that could not load offline loads, without a tap on "Riprova".
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
