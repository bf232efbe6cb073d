import { api } from './api';
import type { Schemas } from './contract';

/** Public settings of this deployment (GET /api/config); empty strings when unset. */
export type AppConfig = Schemas['PublicConfigView'];

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<AppConfig, void>({
      query: () => '/config',
      transformResponse: (raw: unknown): AppConfig => {
        const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
        return {
          analytics_id: asString(record.analytics_id),
          google_client_id: asString(record.google_client_id),
          base_url: asString(record.base_url),
          version: asString(record.version),
        };
      },
      providesTags: ['Config'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetConfigQuery } = configApi;
