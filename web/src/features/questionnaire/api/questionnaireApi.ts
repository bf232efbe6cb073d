import { api } from '../../../shared/api/api';
import { parseMatchPage, MATCH_PAGE_SIZE, type MatchPage } from '../lib/matches';
import { parseQuestionnaire, type Questionnaire } from '../lib/questionnaire';

/** Whose matches to read: a lead (visitors) or the signed-in customer, and which page. */
export type MatchesArgs = ({ lead_id: number } | { user_id: number }) & { page: number };

/**
 * The questionnaire and matching calls. GET answers are kept in IndexedDB by the base query, so the
 * questionnaire and the last pages seen open offline (flagged as not up to date).
 */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestionnaire: build.query<Questionnaire, void>({
      query: () => '/questionnaire',
      transformResponse: parseQuestionnaire,
      providesTags: ['Questionnaire'],
      keepUnusedDataFor: 3600,
    }),
    matchDesigners: build.mutation<MatchPage, { answers: string[] }>({
      query: (body) => ({ url: '/match-designers', method: 'POST', body: { ...body, limit: MATCH_PAGE_SIZE } }),
      transformResponse: parseMatchPage,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Match', id: 'ME' }]),
    }),
    getMatches: build.query<MatchPage, MatchesArgs>({
      query: (args) => ({ url: '/designers/matches', params: { ...args, limit: MATCH_PAGE_SIZE } }),
      transformResponse: parseMatchPage,
      providesTags: (_result, _error, args) => ['user_id' in args ? { type: 'Match', id: 'ME' } : { type: 'Match', id: `lead-${args.lead_id}` }],
    }),
  }),
});

export const { useGetQuestionnaireQuery, useMatchDesignersMutation, useGetMatchesQuery } = questionnaireApi;
