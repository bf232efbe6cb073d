import { api } from '../../../shared/api/api';
import { leadFields, type Lead } from '../../../shared/lib/lead';
import { MATCH_PAGE_SIZE, parseMatchPage, type MatchPage } from '../lib/matches';

/** Whose matches to read: a lead (visitors) or the signed-in customer, and which page. */
export type MatchesArgs = ({ lead: Lead } | { user_id: number }) & { page: number };

/**
 * Pages of matched designers (GET /api/designers/matches). GET answers are kept in IndexedDB by the
 * base query, so pages seen once open offline (flagged as not up to date).
 */
export const matchingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMatches: build.query<MatchPage, MatchesArgs>({
      query: (args) => ({
        url: '/designers/matches',
        params: { ...('lead' in args ? leadFields(args.lead) : { user_id: args.user_id }), page: args.page, limit: MATCH_PAGE_SIZE },
      }),
      transformResponse: parseMatchPage,
      providesTags: (_result, _error, args) => ['user_id' in args ? { type: 'Match', id: 'ME' } : { type: 'Match', id: `lead-${args.lead.lead_id}` }],
    }),
  }),
});

export const { useGetMatchesQuery } = matchingApi;
