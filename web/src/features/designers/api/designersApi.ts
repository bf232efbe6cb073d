import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { parseDesigner, type Designer } from '../lib/designer';

/** The designer behind GET /api/users/me, or null when the account has no designer profile. */
export type MyDesigner = Narrowed<Schemas['ProfileView'], 'designer', { designer: Designer | null }>;

function designerOrThrow(raw: unknown): Designer {
  const designer = parseDesigner(raw);
  if (!designer) throw new Error('The server answered without a designer');
  return designer;
}

export interface UpdateDesignerArgs {
  id: number;
  body: Schemas['DesignerFields'];
  /** Set when a lost answer may be retried from the outbox with the same key. */
  idempotencyKey?: string;
}

/**
 * Designer profiles: public pages read GET /api/designers/{id}; the dashboard reads the signed-in
 * designer through GET /api/users/me (which includes e-mail and phone); edits and deletion go to
 * /api/designers/{id}. Registration has its own path with upload progress (hooks/useRegistration).
 */
export const designersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDesigner: build.query<Designer, number>({
      query: (id) => `/designers/${id}`,
      transformResponse: designerOrThrow,
      providesTags: (_result, _error, id) => [{ type: 'Designer', id }],
    }),
    getMyDesigner: build.query<MyDesigner, void>({
      query: () => ({ url: '/users/me', params: { include_designers: 'false' } }),
      transformResponse: (raw: unknown): MyDesigner => {
        const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
        return { designer: parseDesigner(record.designer) };
      },
      providesTags: (result) =>
        result?.designer ? [{ type: 'Designer', id: 'ME' }, { type: 'Designer', id: result.designer.id }] : [{ type: 'Designer', id: 'ME' }],
    }),
    updateDesigner: build.mutation<Designer, UpdateDesignerArgs>({
      query: ({ id, body, idempotencyKey }) => ({
        url: `/designers/${id}`,
        method: 'PUT',
        body,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      transformResponse: designerOrThrow,
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Designer', id }, 'Profile', 'Match']),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(designersApi.util.updateQueryData('getMyDesigner', undefined, (draft) => {
            draft.designer = data;
          }));
        } catch {
          // The caller shows the failure; the cache keeps what the server last said.
        }
      },
    }),
  }),
});

export const { useGetDesignerQuery, useGetMyDesignerQuery, useUpdateDesignerMutation } = designersApi;
