import { api } from '../api/api';
import type { Schemas } from '../api/contract';
import type { SubscriptionJson } from './device';
import { parseDevices, parsePreferences, type PushDeviceInfo, type PushPreferences } from './pushState';

/** The Web Push routes (docs/push.md): the VAPID key, this account's devices, its per-kind switches. */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushKey: build.query<string, void>({
      query: () => ({ url: '/push/key' }),
      transformResponse: (raw: unknown) => {
        const key = typeof raw === 'object' && raw !== null ? (raw as { public_key?: unknown }).public_key : null;
        if (typeof key !== 'string' || key === '') throw new Error('no public_key');
        return key;
      },
      extraOptions: { offlineCache: false },
    }),
    getPushDevices: build.query<PushDeviceInfo[], void>({
      query: () => ({ url: '/push/subscriptions' }),
      transformResponse: parseDevices,
      providesTags: [{ type: 'PushDevice', id: 'LIST' }],
      extraOptions: { offlineCache: false },
    }),
    registerPushDevice: build.mutation<void, SubscriptionJson>({
      query: (body) => ({ url: '/push/subscriptions', method: 'POST', body }),
      invalidatesTags: [{ type: 'PushDevice', id: 'LIST' }],
    }),
    deletePushDevice: build.mutation<void, Required<Schemas['EndpointRequest']>>({
      query: (body) => ({ url: '/push/subscriptions', method: 'DELETE', body }),
      invalidatesTags: [{ type: 'PushDevice', id: 'LIST' }],
    }),
    getPushPreferences: build.query<PushPreferences, void>({
      query: () => ({ url: '/push/preferences' }),
      transformResponse: parsePreferences,
      providesTags: [{ type: 'PushPreferences', id: 'MINE' }],
    }),
    setPushPreferences: build.mutation<PushPreferences, PushPreferences>({
      query: (body) => ({ url: '/push/preferences', method: 'PUT', body }),
      transformResponse: parsePreferences,
      async onQueryStarted(wanted, { dispatch, queryFulfilled }) {
        const patch = dispatch(pushApi.util.updateQueryData('getPushPreferences', undefined, () => wanted));
        try {
          const { data } = await queryFulfilled;
          dispatch(pushApi.util.updateQueryData('getPushPreferences', undefined, () => data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetPushKeyQuery,
  useGetPushDevicesQuery,
  useRegisterPushDeviceMutation,
  useDeletePushDeviceMutation,
  useGetPushPreferencesQuery,
  useSetPushPreferencesMutation,
} = pushApi;
