import { api } from '../../../shared/api/api';
import { MATCH_PAGE_SIZE, parseMatchPage, type MatchPage } from '../lib/matches';

/** Whose matches to read: a lead (visitors, with its token) or the signed-in customer, and which page. */
export type MatchesArgs = ({ lead_id: number; lead_token: string } | { user_id: number }) & { page: number };

/**
 * Pages of matched designers (GET /api/designers/matches). GET answers are kept in IndexedDB by the
 * base query, so pages seen once open offline (flagged as not up to date).
 */
export const matchingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatches: build.query<MatchPage, MatchesArgs>({
      query: (args) => ({ url: '/designers/matches', params: { ...args, limit: MATCH_PAGE_SIZE } }),
      transformResponse: parseMatchPage,
      providesTags: (_result, _error, args) => ['user_id' in args ? { type: 'Match', id: 'ME' } : { type: 'Match', id: `lead-${args.lead_id}` }],
    }),
  }),
});

export const { useGetMatchesQuery } = matchingApi;
