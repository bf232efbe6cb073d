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

/**
 * Designer profiles: public pages read GET /api/designers/{id}; the dashboard reads the signed-in
 * designer through GET /api/users/me (which includes e-mail and phone). Registration, edits and
 * deletion are commands (commands.ts); registration reports its upload's progress.
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
  }),
});

export const { useGetDesignerQuery, useGetMyDesignerQuery } = designersApi;
