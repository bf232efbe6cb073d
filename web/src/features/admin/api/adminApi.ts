import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';

/** A row of the users table (GET /api/admin/users): customers and admins. */
export type AdminUser = Schemas['AdminUserView'];

/** A row of the designers table (GET /api/admin/designers). */
export type AdminDesigner = Schemas['AdminDesignerView'];

/** One recorded admin action (GET /api/admin/audit). */
export type AuditEntry = Schemas['AuditEntryView'];

/** The dashboard's figures (GET /api/admin/stats); the activity figures are absent when not counted. */
export type AdminStats = Schemas['AdminStatsView'];

/** PUT /api/admin/users/{id}: the web sends strings only (the server also accepts null for "unchanged"). */
export type AdminUserEdit = Narrowed<Schemas['AccountEdit'], 'name' | 'email' | 'location', { name?: string; email?: string; location?: string }>;

/** The editable designer fields: only these reach the server (it refuses anything else). */
export type AdminDesignerEdit = Narrowed<
  Schemas['DesignerFields'],
  'name' | 'email' | 'phone' | 'city' | 'bio' | 'design_style' | 'prima_proposta' | 'experience' | 'min_budget',
  {
    name?: string;
    email?: string;
    phone?: string;
    city?: string;
    bio?: string;
    design_style?: string;
    prima_proposta?: string;
    experience?: number;
    min_budget?: number;
  }
>;

/** The spec's admin list cache: 5 minutes, reloaded on demand. */
export const ADMIN_CACHE_SECONDS = 300;

// Personal data of every account: kept in memory for the cache period, never in IndexedDB.
const notOffline = { offlineCache: false } as const;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<AdminStats, void>({
      query: () => '/admin/stats',
      extraOptions: notOffline,
      keepUnusedDataFor: ADMIN_CACHE_SECONDS,
      providesTags: ['AdminStats'],
    }),
    adminUsers: build.query<AdminUser[], void>({
      query: () => '/admin/users',
      extraOptions: notOffline,
      keepUnusedDataFor: ADMIN_CACHE_SECONDS,
      transformResponse: (answer: Schemas['AdminUsersView']) => answer.users,
      providesTags: ['AdminUser'],
    }),
    adminDesigners: build.query<AdminDesigner[], void>({
      query: () => '/admin/designers',
      extraOptions: notOffline,
      keepUnusedDataFor: ADMIN_CACHE_SECONDS,
      transformResponse: (answer: Schemas['AdminDesignersView']) => answer.designers,
      providesTags: ['AdminDesigner'],
    }),
    // The audit trail changes with every admin action, so it shares the stats tag.
    adminAudit: build.query<Schemas['AdminAuditView'], void>({
      query: () => '/admin/audit',
      extraOptions: notOffline,
      keepUnusedDataFor: ADMIN_CACHE_SECONDS,
      providesTags: ['AdminStats'],
    }),
  }),
});

export const {
  useAdminStatsQuery,
  useAdminUsersQuery,
  useAdminDesignersQuery,
  useAdminAuditQuery,
} = adminApi;

/** What the panel's tabs need from one of the queries above. */
export interface AdminQueryState<T> {
  data?: T;
  isError: boolean;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}
