import { api } from '../api/api';
import { parseDevices, parsePreferences, type PushDeviceInfo, type PushPreferences } from './pushState';

/** The Web Push reads (docs/push.md): the VAPID key, this account's devices, its per-kind switches; the writes are commands (commands.ts). */
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
    getPushPreferences: build.query<PushPreferences, void>({
      query: () => ({ url: '/push/preferences' }),
      transformResponse: parsePreferences,
      providesTags: [{ type: 'PushPreferences', id: 'MINE' }],
    }),
  }),
});

export const { useGetPushKeyQuery, useGetPushDevicesQuery, useGetPushPreferencesQuery } = pushApi;
